/** `attila serve`: the game server (lobby, live play, bots) on an embedded SQLite database. */
import type { Command } from 'commander';
import { mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname } from 'node:path';
import type { ScheduleEntry } from '@attila/server';
import { defaultDbFile, defaultTablebaseDir } from '../data-dir.js';

export function registerServe(serve: Command): void {
  serve
    .option('-p, --port <port>', 'TCP port (0: any free port)', '8080')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option(
      '--db <file>',
      'SQLite database file (created if absent); default: $XDG_DATA_HOME/attila/attila.db, else ~/.local/share/attila/attila.db',
    )
    .option('--web-dist <dir>', 'the built web app to serve (default: packages/web/dist)')
    .option('--durable', 'fsync every move (survives power loss, slower)', false)
    .option('--postgres <url>', 'share games with other servers: PostgreSQL instead of SQLite')
    .option('--postgres-schema <name>', 'the PostgreSQL schema to use (created if absent)', 'public')
    .option('--redis <url>', 'share games with other servers: Redis for the broadcast')
    .option(
      '--lease-ms <ms>',
      'with other servers: how long a server drives a table (clock, bots) without renewing its lease',
      '600',
    )
    .option(
      '--tablebase <on|off>',
      "knights tablebases: answer move-phase positions from them, build the standard board's in the background when absent (a low-priority process, about 4 CPU minutes, 1.3 GB while it runs, 1.6 GB on disk) and other layouts' on request",
      'on',
    )
    .option(
      '--tablebase-dir <dir>',
      'the folder of the knights tablebases; default: $ATTILA_TABLEBASE_DIR, else $XDG_DATA_HOME/attila/tablebase, else ~/.local/share/attila/tablebase',
    )
    .option(
      '--tablebase-max-memory <MB>',
      'refuse to build a tablebase whose layers need more memory than this',
      '2048',
    )
    .option('--bot-threads <n>', 'worker threads for bots')
    .option('--bot-delay <ms>', 'pause before a bot moves', '300')
    .option(
      '--bot-min-think <ms>',
      'in games with hidden information, the least time a bot takes to answer (so its speed reveals nothing; 0: none)',
      '500',
    )
    .option('--log-level <level>', 'fatal, error, warn, info, debug, trace or silent', 'info')
    .option(
      '--log-format <format>',
      'pretty (one readable line per event; the default in a terminal) or json (one JSON object a line, for log collectors; the default otherwise)',
    )
    .option(
      '--http-rate <n>',
      'API requests that change something (create, join, leave) per minute per address; reads may be 10 times as many; 0: no limit',
      '60',
    )
    .option(
      '--sockets-per-address <n>',
      'WebSocket connections one client address may hold open at once; 0: no limit',
      '32',
    )
    .option(
      '--bot-tables <n,m>',
      'tables of bots only played at once: per client address, and on this server in all; 0: no limit',
      '2,8',
    )
    .option(
      '--ladder <on|off>',
      'the bot ladder: the built-in bot levels and the bot accounts that joined it play each other, rated in their own pools',
      'on',
    )
    .option(
      '--ladder-games <n>',
      "ladder games played at once (their bots share the bot pool's one thread for bots-only games)",
      '1',
    )
    .option(
      '--ladder-levels <names>',
      'the built-in bot levels that play on the ladder, comma-separated (each game takes those it has); default: all',
    )
    .option(
      '--ladder-seed <seed>',
      "seed the ladder's games and pairings (a reproducible run); default: random",
    )
    .option(
      '--events-schedule <file>',
      'a JSON file of events the server runs by itself (an hourly arena, a weekly Tribes event): see the server README, "Events"',
    )
    .option('--open-table-idle <minutes>', 'an open table nobody joins or watches for this long closes', '30')
    .option(
      '--allow-origin <origins>',
      "other web origins whose pages may open live-play sockets, comma-separated (https://a.example,...), or *; the server's own pages always may",
      '',
    )
    .option(
      '--push-contact <mailto-or-https>',
      'how push services reach the operator (the VAPID subject of Web Push notices): mailto:you@example.org or an https: page',
    )
    .option(
      '--metrics <token>',
      'serve Prometheus metrics at /metrics to requests with "Authorization: Bearer <token>" (at least 16 characters; or set ATTILA_METRICS_TOKEN, which ps does not show); default: off',
    )
    .option('--process-name <name>', "this server's name in the metrics' process label (default: host-pid)")
    .action(
      async (opts: {
        metrics?: string;
        processName?: string;
        pushContact?: string;
        port: string;
        host: string;
        db?: string;
        durable: boolean;
        webDist?: string;
        postgres?: string;
        postgresSchema: string;
        redis?: string;
        leaseMs: string;
        botThreads?: string;
        botDelay: string;
        botMinThink: string;
        logLevel: string;
        logFormat?: string;
        httpRate: string;
        allowOrigin: string;
        socketsPerAddress: string;
        botTables: string;
        openTableIdle: string;
        ladder: string;
        tablebase: string;
        tablebaseDir?: string;
        tablebaseMaxMemory: string;
        ladderGames: string;
        ladderSeed?: string;
        ladderLevels?: string;
        eventsSchedule?: string;
      }) => {
        const port = Number(opts.port);
        if (!Number.isInteger(port) || port < 0 || port > 65535) {
          serve.error(`--port must be a whole number from 0 to 65535, not "${opts.port}"`);
        }
        const leaseMs = Number(opts.leaseMs);
        if (!Number.isInteger(leaseMs) || leaseMs < 100) {
          serve.error(
            `--lease-ms must be a whole number of milliseconds, at least 100, not "${opts.leaseMs}"`,
          );
        }
        const botMinThinkMs = Number(opts.botMinThink);
        if (!Number.isInteger(botMinThinkMs) || botMinThinkMs < 0) {
          serve.error(
            `--bot-min-think must be a whole number of milliseconds (0: none), not "${opts.botMinThink}"`,
          );
        }
        const socketsPerAddress = Number(opts.socketsPerAddress);
        if (!Number.isInteger(socketsPerAddress) || socketsPerAddress < 0) {
          serve.error(
            `--sockets-per-address must be a whole number (0: no limit), not "${opts.socketsPerAddress}"`,
          );
        }
        const botTables = opts.botTables.split(',').map(Number);
        const noBotLimit = botTables.length === 1 && botTables[0] === 0;
        if (
          !noBotLimit &&
          (botTables.length !== 2 || !botTables.every((n) => Number.isInteger(n) && n > 0))
        ) {
          serve.error(
            `--bot-tables must be two whole numbers "per-address,overall" (or 0: no limit), not "${opts.botTables}"`,
          );
        }
        const idleMinutes = Number(opts.openTableIdle);
        if (!(idleMinutes > 0)) {
          serve.error(`--open-table-idle must be a number of minutes above 0, not "${opts.openTableIdle}"`);
        }
        const httpRate = Number(opts.httpRate);
        if (!Number.isInteger(httpRate) || httpRate < 0) {
          serve.error(
            `--http-rate must be a whole number of requests per minute (0: no limit), not "${opts.httpRate}"`,
          );
        }
        if (opts.ladder !== 'on' && opts.ladder !== 'off') {
          serve.error(`--ladder must be on or off, not "${opts.ladder}"`);
        }
        if (opts.tablebase !== 'on' && opts.tablebase !== 'off') {
          serve.error(`--tablebase must be on or off, not "${opts.tablebase}"`);
        }
        const tablebaseMemory = Number(opts.tablebaseMaxMemory);
        if (!(tablebaseMemory > 0)) {
          serve.error(
            `--tablebase-max-memory must be a number of megabytes, not "${opts.tablebaseMaxMemory}"`,
          );
        }
        const ladderGames = Number(opts.ladderGames);
        if (!Number.isInteger(ladderGames) || ladderGames < 1 || ladderGames > 64) {
          serve.error(`--ladder-games must be a whole number from 1 to 64, not "${opts.ladderGames}"`);
        }
        const logFormat = opts.logFormat ?? (process.stdout.isTTY ? 'pretty' : 'json');
        if (logFormat !== 'pretty' && logFormat !== 'json') {
          serve.error(`--log-format must be pretty or json, not "${opts.logFormat}"`);
        }
        const metricsToken = opts.metrics ?? process.env.ATTILA_METRICS_TOKEN;
        if (metricsToken !== undefined && metricsToken.length < 16) {
          serve.error('--metrics (or ATTILA_METRICS_TOKEN) must be a token of at least 16 characters');
        }
        // Loaded on demand: the server's libraries are not worth starting for every other command.
        const { startServer, parseAllowList, parseSchedule } = await import('@attila/server');
        const allowedOrigins = parseAllowList(opts.allowOrigin);
        if (!allowedOrigins.ok) serve.error(`--allow-origin: ${allowedOrigins.error.message}`);
        // Without --db (and without PostgreSQL) the database lives in the user's data folder, never in the
        // folder the command runs in (a clone of the repository).
        const dbFile = opts.db ?? (opts.postgres ? undefined : defaultDbFile(process.env, homedir()));
        if (dbFile && !opts.db) mkdirSync(dirname(dbFile), { recursive: true });
        let schedule: ScheduleEntry[] | undefined;
        if (opts.eventsSchedule) {
          let text = '';
          try {
            text = readFileSync(opts.eventsSchedule, 'utf8');
          } catch (e) {
            serve.error(`--events-schedule: cannot read ${opts.eventsSchedule}: ${(e as Error).message}`);
          }
          const parsed = parseSchedule(text);
          if (!parsed.ok) serve.error(`--events-schedule ${opts.eventsSchedule}: ${parsed.error.message}`);
          else schedule = parsed.value;
        }
        const server = await startServer({
          events: { schedule },
          port,
          host: opts.host,
          dbFile,
          durable: opts.durable,
          webDist: opts.webDist,
          postgres: opts.postgres,
          postgresSchema: opts.postgresSchema,
          redis: opts.redis,
          leaseMs,
          botThreads: opts.botThreads ? Number(opts.botThreads) : undefined,
          botDelayMs: Number(opts.botDelay),
          botMinThinkMs,
          logger: await serverLogger(logFormat === 'pretty', opts.logLevel),
          httpRate: httpRate === 0 ? false : { writesPerMinute: httpRate, readsPerMinute: httpRate * 10 },
          allowedOrigins: allowedOrigins.ok ? allowedOrigins.value : [],
          socketsPerAddress: socketsPerAddress === 0 ? false : socketsPerAddress,
          botTables: noBotLimit ? false : { perAddress: botTables[0], overall: botTables[1] },
          openTables: { idleMs: idleMinutes * 60_000 },
          push: { contact: opts.pushContact },
          tablebase:
            opts.tablebase === 'off'
              ? false
              : {
                  // In the user's data folder with the database, never in the folder the command runs in.
                  dir: opts.tablebaseDir ?? defaultTablebaseDir(process.env, homedir()),
                  buildStandard: true,
                  maxBuildBytes: tablebaseMemory * 1024 * 1024,
                },
          metricsToken,
          processName: opts.processName,
          ladder:
            opts.ladder === 'off'
              ? false
              : { concurrent: ladderGames, seed: opts.ladderSeed, levels: ladderLevels(opts.ladderLevels) },
        });
        // The one line a supervisor (or a test) waits for.
        process.stdout.write(`attila server listening on ${server.url}\n`);
        const stop = async () => {
          await server.close();
          process.exit(0);
        };
        process.once('SIGINT', () => void stop());
        process.once('SIGTERM', () => void stop());
      },
    );
}

/** `--ladder-levels random,easy`: the same names for both games (each plays those it offers). */
function ladderLevels(list: string | undefined): { knights: string[]; tribes: string[] } | undefined {
  if (list === undefined) return undefined;
  const names = list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return { knights: names, tribes: names };
}

/**
 * The server's log: pino's JSON lines, or — for a person at a terminal — one readable line per event
 * (pino-pretty: "12:03:04 INFO: GET /api/tables → 200 in 3 ms"), written synchronously so nothing is lost on
 * exit.
 */
async function serverLogger(pretty: boolean, level: string) {
  const { pino } = await import('pino');
  if (!pretty) return pino({ level });
  const { default: pinoPretty } = await import('pino-pretty');
  return pino(
    { level },
    pinoPretty({
      sync: true,
      colorize: Boolean(process.stdout.isTTY),
      translateTime: 'SYS:HH:MM:ss',
      singleLine: true,
      ignore: 'pid,hostname,reqId,req,res,responseTime',
      messageFormat: (log, messageKey) => {
        const req = log.req as { method?: string; url?: string } | undefined;
        const res = log.res as { statusCode?: number } | undefined;
        if (req?.method) return `${req.method} ${req.url ?? ''}`;
        if (res?.statusCode !== undefined) {
          return `→ ${res.statusCode} in ${Math.round(Number(log.responseTime ?? 0))} ms`;
        }
        return String(log[messageKey] ?? '');
      },
    }),
  );
}
