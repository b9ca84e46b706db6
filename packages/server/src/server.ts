/**
 * Puts the server together: storage, broadcast, bots, lobby, HTTP and WebSocket routes, logging. Every
 * unfinished game is reloaded (with its clock) before the server accepts connections.
 */
import { resolve } from 'node:path';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { BotPool } from './bots/pool.js';
import { botNames, loadBotModule } from './bots/catalog.js';
import type { Priority } from './bots/priority.js';
import { defaultMinThink, HIDDEN_INFORMATION_MIN_THINK_MS } from './bots/think-time.js';
import type { BotRunner } from './bots/types.js';
import { LocalBroadcast } from './broadcast/local.js';
import type { Broadcast } from './broadcast/types.js';
import { answerClientError, frameworkRefusal, sendRefusal } from './http-refusals.js';
import type { BotApiTimes } from './bot-api/game-routes.js';
import { DEFAULT_HTTP_RATE, type HttpRateLimit } from './http-edge.js';
import { registerHttp } from './http.js';
import { leaseTimes, SharedLeases, SoloLeases, type Leases } from './leases.js';
import { jobLeaseTimes, SharedJobs, SoloJobs, type SingletonJobs } from './singleton-jobs.js';
import { DEFAULT_BOT_TABLES, type BotTableBudget } from './bot-budget.js';
import { EVICT_SWEEP_MS, Lobby } from './lobby.js';
import { DEFAULT_OPEN_TABLES, type OpenTablePolicy } from './open-tables.js';
import type { Metrics } from './table.js';
import { LIMITS } from '@attila/protocol';
import type { OriginAllowList } from './origins.js';
import type { LoginLimits } from './identity/login-limits.js';
import type { SessionPolicy } from './identity/session-policy.js';
import { PostgresStorage } from './storage/postgres.js';
import { Push, type PushOptions } from './push/push.js';
import { Community } from './community/community.js';
import type { Identity } from './identity/identity.js';
import { PushTurnNotices } from './push/turn-notices.js';
import { SqliteStorage } from './storage/sqlite.js';
import { RedisBroadcast } from './broadcast/redis.js';
import type { Storage } from './storage/types.js';
import type { ChatRate } from './chat-limit.js';
import { DEFAULT_SOCKET_LIMITS } from './socket-limits.js';
import { registerSockets } from './ws.js';
import { DEFAULT_POOL_TIMES, PoolService, type PoolTimes } from './pools/pools.js';
import { DEFAULT_LADDER, Ladder, type LadderOptions } from './ladder/ladder.js';
import type { EventDirector } from './events/director.js';
import { serverDirector } from './events/server-director.js';
import type { ScheduleEntry } from './events/schedule.js';
import { TablebaseService, type TablebaseOptions } from './knights-tablebase.js';
import { PrometheusMetrics } from './ops/prometheus.js';
import { registerMetricsRoute } from './ops/metrics-route.js';

export interface ServerOptions {
  /** The bot API's heartbeat and polling times (tests shorten them). */
  readonly botApi?: Partial<BotApiTimes>;
  readonly port?: number;
  readonly host?: string;
  /** The SQLite file (created if absent); ignored when `storage` is given. */
  readonly dbFile?: string;
  readonly storage?: Storage;
  readonly broadcast?: Broadcast;
  /** Share games with other server processes: a PostgreSQL connection string (and `schema`)... */
  readonly postgres?: string;
  readonly postgresSchema?: string;
  /** ... and a Redis URL for the broadcast. */
  readonly redis?: string;
  /**
   * URL of the module exporting `botModule` (the games hosted and their bots); bot threads load it too.
   * Default: the real games and bots (bots/default-bots.ts).
   */
  readonly botModule?: string;
  /** How bots are run; default a worker-thread pool over `botModule`. */
  readonly bots?: BotRunner;
  readonly botThreads?: number;
  /**
   * How long a bot may think before its seat plays its first legal move instead (default 30 s, `bots/pool.ts`).
   * A reproducible run (the ladder's test) needs no answer cut short, whatever the machine's load.
   */
  readonly botTimeoutMs?: number;
  readonly botDelayMs?: number;
  /**
   * In games with hidden information (Tribes), a bot's answer waits at least this long after the question
   * (plus up to `THINK_SPREAD_MS` at random), so its timing does not tell a forced move from a choice.
   * Default `HIDDEN_INFORMATION_MIN_THINK_MS` (500); 0: answer as soon as the search ends (tests).
   */
  readonly botMinThinkMs?: number;
  readonly logger?: Logger;
  readonly logLevel?: string;
  /** The web app's built files (default packages/web/dist). */
  readonly webDist?: string;
  readonly durable?: boolean;
  /** Per-address limits on the HTTP API (default `DEFAULT_HTTP_RATE`); false: none (benchmarks). */
  readonly httpRate?: HttpRateLimit | false;
  /**
   * Several processes (a shared broadcast): how long a table's lease lasts (default 0.6 s; renewed every
   * fifth of it). A dead process's games wait at most about this long for another process to drive them.
   */
  readonly leaseMs?: number;
  /** Bots-only tables played at once, per client address and in all (default `DEFAULT_BOT_TABLES`); false: no limit. */
  readonly botTables?: BotTableBudget | false;
  /** Open tables: idle time before they close, and how many per address the lobby list shows. */
  readonly openTables?: Partial<OpenTablePolicy>;
  /** Sockets per client address (default 32; false: no limit) and memory for slow readers (`socket-limits.ts`). */
  readonly socketsPerAddress?: number | false;
  readonly slowReaderBytes?: number;
  /** Chat lines per seat, all its sockets together (default 20 a minute, bursts of 5). */
  readonly chatRate?: ChatRate;
  /** Chat lines kept per table in storage (default 200). */
  readonly chatKept?: number;
  /** The time (ms since the epoch) for clocks and stored times; tests drive their own (default `Date.now`). */
  readonly now?: () => number;
  /** Pages of other origins that may open `/ws` (default none: only the server's own pages); `*`: any. */
  readonly allowedOrigins?: OriginAllowList;
  /** How long sessions last (default 30 days idle, 180 days in all: identity/session-policy.ts). */
  readonly sessions?: Partial<SessionPolicy>;
  /** Failed sign-ins allowed per name and per address (default 5 and 20 per 15 minutes). */
  readonly loginLimits?: Partial<LoginLimits>;
  /** Web Push: the operator's contact (VAPID subject) and how push services are reached (push/push.ts). */
  readonly push?: PushOptions;
  /** Quick pairing's times: how often pools are paired, how long an entry lives without its connection. */
  readonly pools?: Partial<PoolTimes>;
  /**
   * The bot ladder (ladder/ladder.ts), when given (`attila serve` gives it unless `--ladder off`): one game
   * at a time by default. Absent or false: off (its page still shows its past games and ratings). With
   * several server processes on one database, it runs in one of them at a time (singleton-jobs.ts).
   */
  readonly ladder?: Partial<LadderOptions> | false;
  /**
   * The knights tablebases (knights-tablebase.ts): their folder, and whether the standard board's is built
   * in the background when absent (`attila serve` does unless `--tablebase off`). Absent or false: none kept
   * (tests do not build one unless they ask).
   */
  readonly tablebase?: TablebaseOptions | false;
  /**
   * The operator's Prometheus metrics at `GET /metrics`, for requests bearing this token
   * (`Authorization: Bearer <token>`); absent: off, no route, nothing measured (ops/metrics-route.ts).
   */
  readonly metricsToken?: string;
  /**
   * Events (tournaments, events/): how often their director looks at them (default 1 s). Each event is
   * directed by one process at a time (its lease); false: this server directs none (tests of other things).
   */
  readonly events?: { readonly tickMs?: number; readonly schedule?: readonly ScheduleEntry[] } | false;
  /** This process's name in the metrics' `process` label (default `<host>-<pid>`). */
  readonly processName?: string;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly lobby: Lobby;
  /** Web Push notices: `push.notify(accountId, kind, data)` tells an account's browsers (challenges use it). */
  readonly push: Push;
  /** The bot ladder when it is on (null: off); with several processes it runs in the one holding its lease. */
  readonly ladder: Ladder | null;
  /** The events' director (null: switched off); it directs the events whose lease this process holds. */
  readonly events: EventDirector | null;
  /** The periodic jobs run once across processes (`running()`: those running here). */
  readonly jobs: SingletonJobs;
  close(): Promise<void>;
}

async function redisBroadcast(url: string, log: Logger): Promise<Broadcast> {
  const broadcast = new RedisBroadcast(url, { onError: (e) => log.warn({ err: e.message }, 'redis') });
  await broadcast.ready();
  return broadcast;
}

const DEFAULT_BOT_MODULE = new URL('./bots/default-bots.ts', import.meta.url).href;
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log = options.logger ?? pino({ level: options.logLevel ?? 'info' });
  const storage =
    options.storage ??
    (options.postgres
      ? await PostgresStorage.open({
          connectionString: options.postgres,
          schema: options.postgresSchema,
          log,
        })
      : new SqliteStorage(options.dbFile ?? 'attila.db', {
          durable: options.durable,
          background: {
            onError: (message) =>
              log.warn({ err: message }, 'a background checkpoint of the database failed'),
          },
        }));
  const broadcast =
    options.broadcast ?? (options.redis ? await redisBroadcast(options.redis, log) : new LocalBroadcast());
  const botModuleUrl = options.botModule ?? DEFAULT_BOT_MODULE;
  // The default one by name, not by URL: the compiled `attila` command (packages/cli/bin/compiled.js) has it
  // in its bundle, where a URL would name a TypeScript file it cannot load and a second copy of the engines.
  const botModule = options.botModule
    ? await loadBotModule(options.botModule)
    : (await import('./bots/default-bots.js')).botModule;
  // Bot questions of games with a person come first; bound below, once the lobby exists.
  let priority: (table: string) => Priority = () => 'person';
  const bots =
    options.bots ??
    new BotPool({
      catalog: botNames(botModule),
      botModule: botModuleUrl,
      threads: options.botThreads,
      timeoutMs: options.botTimeoutMs,
      priority: (table) => priority(table),
      minThinkMs: defaultMinThink(botModule.games, options.botMinThinkMs ?? HIDDEN_INFORMATION_MIN_THINK_MS),
    });
  const now = options.now ?? (() => Date.now());
  const push = await Push.start(storage.accounts, log, options.push);
  const metrics: Metrics = { moves: 0, botMoves: 0, botFailures: 0, botOvertaken: 0 };
  // Only the in-process broadcast guarantees that this process is alone with its storage.
  const shared = broadcast.local
    ? null
    : new SharedLeases(storage, broadcast, log, leaseTimes(options.leaseMs));
  const leases: Leases = shared ?? new SoloLeases();
  // The periodic jobs that must run once (the ladder, the purges): in the holder of their lease.
  const jobs: SingletonJobs = shared
    ? new SharedJobs(storage, shared.owner, log, jobLeaseTimes(leaseTimes(options.leaseMs).leaseMs))
    : new SoloJobs();
  const lobby = new Lobby(
    botModule.games,
    {
      storage,
      broadcast,
      bots,
      log,
      now,
      notices: new PushTurnNotices(push, storage.accounts, log, now),
      botDelayMs: options.botDelayMs ?? 300,
      metrics,
    },
    leases,
    {
      botTables: options.botTables === false ? null : (options.botTables ?? DEFAULT_BOT_TABLES),
      openTables: { ...DEFAULT_OPEN_TABLES, ...options.openTables },
      chatKept: options.chatKept ?? LIMITS.chatKept,
    },
  );

  priority = (table) => lobby.botPriority(table);

  const restored = await lobby.restoreAll();
  log.info(restored, 'tables restored');
  leases.start(lobby);

  const community = new Community(storage, now, broadcast);
  const pools = new PoolService(
    {
      storage,
      lobby,
      log,
      now: options.now ?? (() => Date.now()),
      mayPlayRated: (player) => community.mayPlayRated(player),
    },
    { ...DEFAULT_POOL_TIMES, ...options.pools },
  );
  pools.start();

  const app: FastifyInstance = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    bodyLimit: LIMITS.bodyBytes,
    // Router refusals (a path parameter over 100 characters, a URL that does not decode) in the error shape.
    frameworkErrors: (error, _req, reply) => sendRefusal(reply.raw, frameworkRefusal(error, LIMITS)),
    clientErrorHandler: answerClientError,
  });
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024 },
    // On close (SIGTERM), after the tables stored what they were doing: 1001 "going away" tells clients
    // to reconnect (to another process, or to this one restarted).
    preClose(done) {
      for (const client of app.websocketServer.clients) client.close(1001, 'server going away: reconnect');
      app.websocketServer.close(() => done());
    },
  });
  let identity: Identity | null = null;
  const sockets = registerSockets(app, lobby, broadcast, log, {
    allowedOrigins: options.allowedOrigins ?? [],
    limits: {
      ...DEFAULT_SOCKET_LIMITS,
      perAddress:
        options.socketsPerAddress === false
          ? null
          : (options.socketsPerAddress ?? DEFAULT_SOCKET_LIMITS.perAddress),
      slowReaderBytes: options.slowReaderBytes ?? DEFAULT_SOCKET_LIMITS.slowReaderBytes,
    },
    chatRate: options.chatRate,
    community,
    // The identity comes with the HTTP routes, registered below; sockets open only once the server listens.
    viewerOf: async (req) => (identity ? ((await identity.of(req))?.player.id ?? null) : null),
  });
  const ladderOptions =
    options.ladder === undefined || options.ladder === false
      ? null
      : { ...DEFAULT_LADDER, ...options.ladder };
  const tablebase = options.tablebase ? new TablebaseService(options.tablebase, log) : null;
  // The Perfect bot's threads (started later, each with a copy of the environment) read the same folder.
  if (options.tablebase) process.env.ATTILA_TABLEBASE_DIR = resolve(options.tablebase.dir);
  if (options.metricsToken !== undefined) {
    const prometheus = new PrometheusMetrics(options.processName ?? `${hostname()}-${process.pid}`, {
      sockets: () => sockets.connections,
      tablesInMemory: () => lobby.size,
      tablesDriven: () => lobby.driven,
    });
    metrics.observer = prometheus;
    registerMetricsRoute(app, prometheus, options.metricsToken);
  }
  const http = await registerHttp(app, {
    tablebase,
    lobby,
    sockets,
    metrics,
    webDist: options.webDist ?? DEFAULT_WEB_DIST,
    startedAt: Date.now(),
    rate: options.httpRate === false ? null : (options.httpRate ?? DEFAULT_HTTP_RATE),
    storage,
    broadcast,
    log,
    push,
    botApi: options.botApi,
    now: options.now,
    pools,
    community,
    ladder: ladderOptions,
    eventsDirected: () => events?.directing() ?? [],
    identity: {
      allowedOrigins: options.allowedOrigins ?? [],
      sessions: options.sessions,
      logins: options.loginLimits,
      jobs,
    },
  });
  identity = http.identity;
  const { botSeating } = http;

  const evict = setInterval(() => {
    lobby.evictIdle(Date.now());
    lobby.expireOpen(Date.now()).catch((e) => log.error({ err: e }, 'closing idle open tables failed'));
  }, EVICT_SWEEP_MS);
  evict.unref();

  const address = await app.listen({ port: options.port ?? 8080, host: options.host ?? '127.0.0.1' });
  const port = Number(new URL(address).port);
  log.info({ url: address }, 'attila server listening');

  const ladder = ladderOptions
    ? new Ladder(
        {
          lobby,
          storage,
          log,
          now: options.now ?? (() => Date.now()),
          seatToken: botSeating.seatToken,
          online: botSeating.online,
        },
        ladderOptions,
      )
    : null;
  if (ladder) jobs.add({ name: 'ladder', start: () => ladder.start(), stop: () => ladder.stop() });
  const events =
    options.events === false
      ? null
      : serverDirector({
          lobby,
          storage,
          log,
          now,
          seatToken: botSeating.seatToken,
          push,
          sharedOwner: shared?.owner ?? null,
          jobLeaseMs: jobLeaseTimes(leaseTimes(options.leaseMs).leaseMs).leaseMs,
          tickMs: options.events?.tickMs,
          schedule: options.events?.schedule,
        });
  jobs.start();
  // Every process directs events: those whose lease it holds (events/event-leases.ts).
  events?.start();
  tablebase?.start();

  return {
    url: address,
    port,
    lobby,
    push,
    ladder,
    events,
    jobs,
    async close() {
      clearInterval(evict);
      // The events' director finishes its look and gives its events' leases back.
      await events?.stop();
      // No new ladder game is paired, and what the ladder was writing is written; the jobs' leases go.
      await jobs.close();
      await tablebase?.close();
      // No lease is given up before the tables have stored what they were doing.
      await pools.close();
      await leases.halt();
      await lobby.close();
      await leases.close();
      await app.close();
      await bots.close();
      await broadcast.close();
      await storage.close();
    },
  };
}
