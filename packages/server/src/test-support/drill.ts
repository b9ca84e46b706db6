/**
 * Longer than 400 lines, on purpose: one drill, whose processes, services, clients and checks share its
 * timeline; a reader follows one outage from start to end here rather than across files.
 *
 * An outage drill: server processes (`attila serve` children) on a PostgreSQL and a Redis of their own,
 * with games going on — people (random movers that think) against bots, each person on another process
 * than the table's driver, a spectator on a third — while the services fail one after another. Every
 * client checks what it receives (each update once, in seq order, without gaps), every acknowledged move
 * is looked for in the database at the end, and the drill times how long the games take to move again.
 * Used by outages.test.ts (short) and bench/outages.ts (50 games, Redis down 10 s).
 */
import pg from 'pg';
import WebSocket from 'ws';
import { Rng } from '@attila/core';
import type { CreateTableResponse, ServerMessage, Snapshot } from '@attila/protocol';
import { kill, startChild, type ChildServer } from './child.js';
import { startPostgres, startRedis, type OwnPostgres, type OwnRedis } from './own-services.js';

export interface DrillOptions {
  readonly processes: number;
  readonly games: number;
  readonly redisDownMs: number;
  readonly leaseMs?: number;
  /** Mean think time of the people, ms. */
  readonly thinkMs?: number;
  readonly log?: (line: string) => void;
}

export interface Recovery {
  /** From the service's return (or the kill) until the last of the games under way moved again. */
  readonly everyGameMovedMs: number;
  readonly games: number;
}

export interface DrillReport {
  readonly processesUp: number;
  readonly processes: number;
  readonly gamesPlayed: number;
  readonly movesAcknowledged: number;
  readonly acknowledgedMovesLost: number;
  readonly duplicates: number;
  readonly gaps: number;
  readonly outOfOrder: number;
  readonly pgConnectionEnded: Recovery & { readonly connectionsEnded: number };
  readonly pgRestarted: Recovery & { readonly downMs: number };
  readonly redisStopped: Recovery & { readonly downMs: number };
  readonly processKilled: Recovery & {
    /** Bots of the dead process's games: from the kill (or the bot's turn, if later) to its move. */
    readonly botResumeMs: { readonly max: number; readonly median: number; readonly count: number };
    /** Games left with a clock running out just after the kill: how late their loss on time landed. */
    readonly lossOnTimeLateMs: { readonly max: number; readonly count: number };
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const RETRY = new Set(['storage.unavailable', 'broadcast.unavailable', 'server.error', 'rate.limited']);

async function http<T>(url: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** `http`, with a process that died mid-request answering like a refusal (status 0). */
async function tryHttp<T>(
  url: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T | null }> {
  return http<T>(url, path, body).catch(() => ({ status: 0, body: null }));
}

/** A socket that checks the order of what it hears, and comes back through another process if its dies. */
class Watcher {
  seq = -1;
  snapshot: Snapshot | null = null;
  duplicates = 0;
  gaps = 0;
  outOfOrder = 0;
  lastMoveAt = 0;
  finishedAt: number | null = null;
  private ws: WebSocket | null = null;
  private closed = false;
  private welcomed = false;
  private rehello: NodeJS.Timeout | null = null;
  onSnapshot: () => void = () => undefined;
  onMessage: (m: ServerMessage) => void = () => undefined;

  constructor(
    private readonly servers: () => string[],
    private readonly table: string,
    private readonly seat: { seat: number; token: string } | null,
    private prefer: number,
  ) {}

  connect(): void {
    if (this.closed) return;
    const urls = this.servers();
    if (urls.length === 0) return;
    const url = urls[this.prefer % urls.length];
    const ws = new WebSocket(url.replace('http', 'ws') + '/ws');
    this.ws = ws;
    this.welcomed = false;
    ws.on('open', () => this.hello(ws));
    ws.on('message', (data) => this.hear(JSON.parse(data.toString()) as ServerMessage));
    ws.on('error', () => undefined);
    ws.on('close', () => {
      if (this.closed || this.ws !== ws) return;
      this.prefer++;
      setTimeout(() => this.connect(), 200);
    });
  }

  send(message: unknown): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  private hello(ws: WebSocket): void {
    const since = this.seq >= 0 ? { since: this.seq } : {};
    ws.send(JSON.stringify({ type: 'hello', table: this.table, ...this.seat, ...since }));
  }

  private hear(m: ServerMessage): void {
    this.onMessage(m);
    // A hello refused for an outage (or a move before the welcome): say hello again, as a client would.
    if (m.type === 'error' && (RETRY.has(m.code) || m.code === 'hello.first') && !this.welcomed) {
      const ws = this.ws;
      if (ws && !this.rehello) {
        this.rehello = setTimeout(() => {
          this.rehello = null;
          if (ws.readyState === WebSocket.OPEN && !this.welcomed) this.hello(ws);
        }, 200);
      }
    }
    if (m.type === 'welcome') this.welcomed = true;
    if (m.type === 'welcome') {
      if (m.snapshot === null) return;
      // What it missed comes in the welcome, move by move from where it was.
      if (this.seq >= 0 && m.missed) {
        let expected = this.seq + 1;
        for (const n of m.missed) if (n.seq !== expected++) this.outOfOrder++;
      }
      if (m.snapshot.seq > this.seq) this.lastMoveAt = Date.now();
      this.seq = m.snapshot.seq;
      this.take(m.snapshot);
    } else if (m.type === 'update') {
      if (m.seq <= this.seq) this.duplicates++;
      else {
        if (m.seq > this.seq + 1) this.gaps++;
        this.seq = m.seq;
        this.lastMoveAt = Date.now();
        this.take(m.snapshot);
      }
    } else if (m.type === 'table' && m.snapshot && m.snapshot.seq === this.seq) this.take(m.snapshot);
  }

  private take(s: Snapshot): void {
    this.snapshot = s;
    if (s.result && this.finishedAt === null) this.finishedAt = Date.now();
    this.onSnapshot();
  }

  close(): void {
    this.closed = true;
    this.ws?.close();
  }

  /** The socket's state and the server it is on, for a report on a stalled game. */
  state(): string {
    return `${this.ws?.readyState ?? 'none'} via ${this.prefer % Math.max(1, this.servers().length)}`;
  }
}

interface Game {
  readonly id: string;
  readonly creator: number;
  readonly person: Watcher;
  readonly spectator: Watcher;
  readonly acked: Map<number, string>;
  /** When the bot's turn began (seq it is at), for the bot resume time. */
  botTurn: { seq: number; at: number } | null;
  botMoves: { seq: number; at: number }[];
}

export async function runDrill(options: DrillOptions): Promise<DrillReport> {
  const log = options.log ?? (() => undefined);
  const rng = Rng.fromSeed('drill');
  const thinkMs = options.thinkMs ?? 150;
  const [postgres, redis]: [OwnPostgres, OwnRedis] = await Promise.all([startPostgres(), startRedis()]);
  const schema = 'drill';
  const servers: ChildServer[] = [];
  const games: Game[] = [];
  let stopping = false;
  try {
    const args = [
      '--postgres',
      postgres.url,
      '--postgres-schema',
      schema,
      '--redis',
      redis.url,
      '--bot-delay',
      '100',
      '--bot-min-think',
      '0',
      '--http-rate',
      '0',
      // Every client comes from 127.0.0.1: no cap on sockets per address.
      '--sockets-per-address',
      '0',
      ...(options.leaseMs ? ['--lease-ms', String(options.leaseMs)] : []),
    ];
    // One first (it makes the schema), then the others together.
    servers.push(await startChild('unused.db', args));
    servers.push(
      ...(await Promise.all(
        Array.from({ length: options.processes - 1 }, () => startChild('unused.db', args)),
      )),
    );
    for (const [i, s] of servers.entries()) {
      let tail = '';
      const keep = (d: Buffer) => (tail = (tail + d.toString()).slice(-3000));
      s.process.stdout?.on('data', keep);
      s.process.stderr?.on('data', keep);
      s.process.once('exit', (code, signal) => {
        if (signal !== 'SIGKILL' && !stopping) log(`process ${i} exited (${code ?? signal}): ${tail}`);
      });
    }
    const alive = () => servers.filter((s) => s.process.exitCode === null && s.process.signalCode === null);
    const urls = () => alive().map((s) => s.url);
    log(`${servers.length} processes up`);

    const createGame = async (creator: number, clock: { moveMs: number } | null, person: boolean) => {
      for (let attempt = 0; ; attempt++) {
        const live = alive();
        const server = live.includes(servers[creator]) ? servers[creator] : live[attempt % live.length];
        const created = await tryHttp<CreateTableResponse>(server.url, '/api/tables', {
          game: 'knights',
          settings: {},
          seats: person
            ? [{ type: 'human' }, { type: 'bot', bot: 'random' }]
            : [{ type: 'human' }, { type: 'human' }],
          name: 'P',
          listed: false,
          clock: clock ? { mode: 'move', moveMs: clock.moveMs } : null,
        });
        if (created.status === 201) return created.body;
        if (stopping) return null;
        if (created.status >= 400 && created.status < 500)
          throw new Error(`creating a table: ${created.status}`);
        await sleep(300);
      }
    };

    const play = async (creator: number): Promise<void> => {
      const created = await createGame(creator, null, true);
      if (stopping || !created?.table) return;
      const seat = { seat: 0, token: created.token as string };
      const person = new Watcher(urls, created.table.id, seat, creator + 1);
      const spectator = new Watcher(urls, created.table.id, null, creator + 2);
      const game: Game = {
        id: created.table.id,
        creator,
        person,
        spectator,
        acked: new Map(),
        botTurn: null,
        botMoves: [],
      };
      games.push(game);
      const sent = new Map<string, string>();
      let refs = 0;
      let over = false;
      let timer: NodeJS.Timeout | null = null;
      const consider = () => {
        const s = person.snapshot;
        if (!s || stopping) return;
        if (s.result) {
          if (over) return;
          over = true;
          person.close();
          spectator.close();
          clearInterval(again);
          void play(creator);
          return;
        }
        if (s.toAct.includes(1) && (game.botTurn?.seq ?? -1) < s.seq)
          game.botTurn = { seq: s.seq, at: Date.now() };
        if (!s.toAct.includes(0) || timer) return;
        timer = setTimeout(
          () => {
            timer = null;
            const now = person.snapshot;
            if (!now || !now.toAct.includes(0) || now.result) return;
            const move = rng.pick(now.legalMoves);
            const ref = `m${refs++}`;
            sent.set(ref, move);
            person.send({ type: 'move', seq: now.seq, move, ref });
          },
          -thinkMs * Math.log(1 - rng.nextFloat()),
        );
      };
      person.onSnapshot = consider;
      person.onMessage = (m) => {
        const move = m.type === 'ack' && m.ref !== null ? sent.get(m.ref) : undefined;
        if (m.type === 'ack' && move !== undefined) game.acked.set(m.seq, move);
        if (m.type === 'update' && m.seat === 1) game.botMoves.push({ seq: m.seq, at: Date.now() });
        // Refused for want of a service: the person tries again (nothing was stored).
        if (m.type === 'error' && RETRY.has(m.code)) setTimeout(consider, 200);
      };
      // A person whose move got lost with a dead process's socket moves again after the reconnection.
      const again = setInterval(() => !timer && consider(), 1000);
      person.connect();
      spectator.connect();
    };

    for (let i = 0; i < options.games; i++) void play(i % servers.length);
    await sleep(3000);
    log(`${games.length} games started`);

    /** How long after `at` the last of the games under way at `at` moved again (ms). */
    const recovery = async (at: number, within = 20_000): Promise<Recovery> => {
      const under = games.filter((g) => g.person.finishedAt === null && g.spectator.finishedAt === null);
      const deadline = at + within;
      for (;;) {
        const waiting = under.filter(
          (g) => Math.max(g.spectator.lastMoveAt, g.person.lastMoveAt) <= at && g.person.finishedAt === null,
        );
        if (waiting.length === 0) break;
        if (Date.now() > deadline) {
          for (const g of waiting) log(`stalled: ${JSON.stringify(await diagnose(g))}`);
          break;
        }
        await sleep(50);
      }
      const moved = under.map((g) => Math.max(g.spectator.lastMoveAt, g.person.lastMoveAt) - at);
      return {
        everyGameMovedMs: Math.max(0, ...moved.map((m) => (m > 0 ? m : within))),
        games: under.length,
      };
    };
    const diagnose = async (g: Game) => {
      const [moves] = await query<{ n: string }>(
        postgres.url,
        `SELECT count(*) AS n FROM ${schema}.moves WHERE table_id = $1`,
        [g.id],
      );
      const lease = await query<{ owner: string; until_ms: string }>(
        postgres.url,
        `SELECT owner, until_ms FROM ${schema}.leases WHERE table_id = $1`,
        [g.id],
      );
      const pids = servers.map((s) => s.process.pid);
      return {
        id: g.id,
        creator: g.creator,
        person: {
          seq: g.person.seq,
          toAct: g.person.snapshot?.toAct,
          result: g.person.snapshot?.result,
          state: g.person.state(),
        },
        spectator: { seq: g.spectator.seq, state: g.spectator.state() },
        stored: Number(moves.n),
        lease: lease.map((l) => ({
          process: pids.findIndex((p) => l.owner.includes(`:${p}:`)),
          inMs: Number(l.until_ms) - Date.now(),
        })),
      };
    };
    // 1. One PostgreSQL connection ended (every pooled one, in fact: each process loses its idle ones).
    const ended = await postgres.terminateConnections();
    const t1 = Date.now();
    const pgConnectionEnded = { ...(await recovery(t1)), connectionsEnded: ended };
    log(
      `pg connections ended (${ended}): every game moved again within ${pgConnectionEnded.everyGameMovedMs} ms`,
    );
    await sleep(2000);

    // 2. PostgreSQL restarted.
    const t2 = Date.now();
    await postgres.restart(1000);
    const back2 = Date.now();
    const pgRestarted = { ...(await recovery(back2)), downMs: back2 - t2 };
    log(
      `pg restarted (down ${pgRestarted.downMs} ms): every game moved again ${pgRestarted.everyGameMovedMs} ms after`,
    );
    await sleep(2000);

    // 3. Redis stopped.
    const t3 = Date.now();
    await redis.stop();
    await sleep(options.redisDownMs);
    await redis.start();
    const back3 = Date.now();
    const redisStopped = { ...(await recovery(back3)), downMs: back3 - t3 };
    log(
      `redis stopped ${redisStopped.downMs} ms: every game moved again ${redisStopped.everyGameMovedMs} ms after`,
    );
    await sleep(2000);

    // 4. SIGKILL of a process. Games it drives lose their bots; two clocks it drives run out just after.
    const victim = servers[0];
    const clocks: { spectator: Watcher; deadline: number }[] = [];
    // Deadlines from about 0.1 s to 1 s after the kill: some fall before another process has taken over.
    const allowances = [1000, 1200, 1500, 1800];
    const joinedAt = Date.now();
    for (const moveMs of allowances) {
      const t = await createGame(0, { moveMs }, false);
      if (!t) continue;
      const join = await tryHttp<{ token: string }>(victim.url, `/api/tables/${t.table.id}/join`, {
        name: 'Q',
      });
      if (join.status !== 200) continue;
      const spectator = new Watcher(urls, t.table.id, null, 1);
      spectator.connect();
      // Started on join: nobody moves, so seat 0 runs out of time `moveMs` after the start.
      clocks.push({ spectator, deadline: Date.now() + moveMs });
    }
    await sleep(Math.max(0, joinedAt + 900 - Date.now()));
    const driven = await drivenBy(postgres.url, schema, victim.process.pid ?? -1);
    const t4 = Date.now();
    await kill(victim);
    log(`process killed (it drove ${driven.size} games)`);
    const processKilled0 = await recovery(t4);
    await sleep(3000);
    const resumes: number[] = [];
    for (const g of games) {
      if (!driven.has(g.id)) continue;
      const after = g.botMoves.find((b) => b.at > t4);
      if (!after) continue;
      const turnAt = g.botTurn && g.botTurn.seq === after.seq - 1 ? g.botTurn.at : t4;
      resumes.push(after.at - Math.max(t4, turnAt) - 100);
    }
    resumes.sort((a, b) => a - b);
    const late = clocks.map((c) => (c.spectator.finishedAt ?? Date.now() + 60_000) - c.deadline);
    for (const c of clocks) c.spectator.close();
    const processKilled = {
      ...processKilled0,
      botResumeMs: {
        max: Math.max(0, ...resumes),
        median: resumes.length ? resumes[Math.floor(resumes.length / 2)] : 0,
        count: resumes.length,
      },
      lossOnTimeLateMs: { max: Math.max(0, ...late), count: late.length },
    };
    log(
      `bots resumed within ${processKilled.botResumeMs.max} ms; losses on time ${processKilled.lossOnTimeLateMs.max} ms late at most`,
    );

    stopping = true;
    await sleep(500);
    for (const g of games) {
      g.person.close();
      g.spectator.close();
    }
    const stored = await storedMoves(postgres.url, schema);
    let lost = 0;
    let acked = 0;
    for (const g of games) {
      for (const [seq, move] of g.acked) {
        acked++;
        const s = stored.get(`${g.id}:${seq}`);
        if (!s || s.seat !== 0 || !s.move.endsWith(move)) lost++;
      }
    }
    const sum = (f: (w: Watcher) => number) => games.reduce((n, g) => n + f(g.person) + f(g.spectator), 0);
    return {
      processesUp: alive().length,
      processes: servers.length,
      gamesPlayed: games.length,
      movesAcknowledged: acked,
      acknowledgedMovesLost: lost,
      duplicates: sum((w) => w.duplicates),
      gaps: sum((w) => w.gaps),
      outOfOrder: sum((w) => w.outOfOrder),
      pgConnectionEnded,
      pgRestarted,
      redisStopped,
      processKilled,
    };
  } finally {
    stopping = true;
    for (const g of games) {
      g.person.close();
      g.spectator.close();
    }
    // A clean shutdown first (its time is logged); one that hangs is killed after 5 s.
    await Promise.all(
      servers.map(async (s, i) => {
        const asked = Date.now();
        const clean = await Promise.race([
          kill(s, 'SIGTERM').then(() => true),
          sleep(5000).then(() => false),
        ]);
        if (!clean) await kill(s, 'SIGKILL');
        if (s.process.signalCode !== 'SIGKILL' || !clean) {
          log(`process ${i}: ${clean ? 'shut down' : 'did not shut down'} within ${Date.now() - asked} ms`);
        }
      }),
    );
    await Promise.all([postgres.close(), redis.close()]);
  }
}

async function query<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, values)).rows as T[];
  } finally {
    await c.end();
  }
}

/** The tables whose lease the process `pid` holds (owner ids are `host:pid:random`). */
async function drivenBy(url: string, schema: string, pid: number): Promise<Set<string>> {
  const rows = await query<{ table_id: string }>(
    url,
    `SELECT table_id FROM ${schema}.leases WHERE owner LIKE $1 AND until_ms > $2`,
    [`%:${pid}:%`, Date.now()],
  );
  return new Set(rows.map((r) => r.table_id));
}

async function storedMoves(
  url: string,
  schema: string,
): Promise<Map<string, { seat: number; move: string }>> {
  const rows = await query<{ table_id: string; seq: number; seat: number; move: string }>(
    url,
    `SELECT table_id, seq, seat, move FROM ${schema}.moves`,
  );
  return new Map(rows.map((r) => [`${r.table_id}:${r.seq}`, { seat: r.seat, move: r.move }]));
}
