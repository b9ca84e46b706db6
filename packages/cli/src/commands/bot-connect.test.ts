/**
 * `attila bot connect`: the Python example bot, as a real child process behind the real command, plays a
 * complete Knights game and a complete 3-seat Tribes game at the same time on a real server (started here)
 * against built-in bots; a bad token and an unreachable server are told clearly; SIGINT stops it cleanly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseRecord, replayMoves } from '@attila/core';
import { knightsGame } from '@attila/knights';
import type { CreateTableResponse, TableInfo } from '@attila/protocol';
import { startServer, type RunningServer } from '@attila/server';
import {
  bearer,
  newBotAccount,
  playThroughApi,
  type BotAccount,
} from '@attila/server/test-support/bot-api-client';
import { tribesGame } from '@attila/tribes';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attila } from './cli.test-support.js';

const ROOT = resolve(import.meta.dirname, '../../../..');
const BIN = resolve(import.meta.dirname, '../../bin/attila.js');
const PYTHON_BOT = ['python3', join(ROOT, 'examples/bots/python/attila_bot.py')];

let server: RunningServer;
let bot: BotAccount;
beforeAll(async () => {
  server = await startServer({
    port: 0,
    dbFile: join(mkdtempSync(join(tmpdir(), 'attila-connect-')), 'test.db'),
    botDelayMs: 0,
    botMinThinkMs: 0,
    httpRate: false,
    logger: pino({ level: 'silent' }),
    botApi: { heartbeatMs: 1000, pollMs: 100 },
  });
  bot = await newBotAccount(server.url, `Py${Date.now() % 100000}`);
  // A loaded machine: starting the server and hashing the account's password take their time.
}, 60_000);
afterAll(() => server.close());

/** The bridge as a child process; its output so far, and a way to wait for a text in it. */
function bridge(args: string[]): {
  child: ChildProcess;
  out: () => string;
  saw: (text: string) => Promise<void>;
} {
  const child = spawn(process.execPath, [BIN, 'bot', 'connect', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const saw = async (text: string) => {
    const until = Date.now() + 60_000;
    while (!out.includes(text)) {
      if (Date.now() > until) throw new Error(`the bridge never said "${text}"; it said:\n${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { child, out: () => out, saw };
}

async function finished(id: string): Promise<TableInfo> {
  const until = Date.now() + 90_000;
  for (;;) {
    const r = await fetch(`${server.url}/api/tables/${id}`);
    const { table } = (await r.json()) as { table: TableInfo };
    if (table.status === 'finished') return table;
    if (Date.now() > until) throw new Error(`table ${id} is still ${table.status} at seq ${table.seq}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function replays(id: string, game: typeof knightsGame | typeof tribesGame): Promise<void> {
  const text = await (await fetch(`${server.url}/api/tables/${id}/record`)).text();
  const record = parseRecord(text);
  if (!record.ok) throw new Error(record.error.message);
  const settings = (game.parseSettings as (s: unknown) => ReturnType<typeof knightsGame.parseSettings>)(
    record.value.settings,
  );
  if (!settings.ok) throw new Error(settings.error.message);
  const replayed = replayMoves(
    game as typeof knightsGame,
    settings.value,
    record.value.seed,
    record.value.moves,
  );
  if (!replayed.ok) throw new Error(replayed.error.message);
  expect((game as typeof knightsGame).result(replayed.value.states.at(-1)!)).toEqual(record.value.result);
}

describe('attila bot connect', { timeout: 120_000 }, () => {
  it('the Python bot plays a Knights and a 3-seat Tribes game at once through the bridge, then stops on SIGINT', async () => {
    const b = bridge(['--server', server.url, '--token', bot.token, '--', ...PYTHON_BOT]);
    await b.saw('python-random is connected');
    const knights = await bearer<CreateTableResponse>(server.url, bot.token, 'POST', '/api/tables', {
      game: 'knights',
      seats: [{ type: 'human' }, { type: 'bot', bot: 'easy' }],
    });
    const tribes = await bearer<CreateTableResponse>(server.url, bot.token, 'POST', '/api/tables', {
      game: 'tribes',
      settings: { players: 3 },
      seats: [{ type: 'bot', bot: 'random' }, { type: 'human' }, { type: 'bot', bot: 'greedy' }],
    });
    expect([knights.status, tribes.status]).toEqual([201, 201]);
    const k = await finished(knights.body.table.id);
    const t = await finished(tribes.body.table.id);
    // Complete games, not games ended on time or abandoned.
    expect(k.result?.reason ?? '').not.toMatch(/time|aborted|closed/);
    expect(t.result?.reason ?? '').not.toMatch(/time|aborted|closed/);
    expect(k.seq).toBeGreaterThan(4);
    expect(t.seq).toBeGreaterThan(10);
    await replays(k.id, knightsGame);
    await replays(t.id, tribesGame);
    await b.saw(`table ${k.id}: the game is over`);
    await b.saw(`table ${t.id}: the game is over`);
    const exited = new Promise<number | null>((r) => b.child.once('exit', (code) => r(code)));
    b.child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(b.out()).toMatch(/stopped after 2 games; 0 left to their clocks/);
    expect(b.out()).not.toMatch(/warning/);
  });

  it('the Python bot plays a Knights and a 3-seat Tribes game by itself through the bot API (no bridge)', async () => {
    const direct = await newBotAccount(server.url, `PyApi${Date.now() % 100000}`);
    const [python, script] = PYTHON_BOT;
    const child = spawn(python, [script, '--server', server.url, '--token', direct.token, '--games', '2'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    try {
      const knights = await bearer<CreateTableResponse>(server.url, direct.token, 'POST', '/api/tables', {
        game: 'knights',
        seats: [{ type: 'bot', bot: 'easy' }, { type: 'human' }],
      });
      const tribes = await bearer<CreateTableResponse>(server.url, direct.token, 'POST', '/api/tables', {
        game: 'tribes',
        settings: { players: 3 },
        seats: [{ type: 'human' }, { type: 'bot', bot: 'random' }, { type: 'bot', bot: 'greedy' }],
      });
      expect([knights.status, tribes.status]).toEqual([201, 201]);
      const k = await finished(knights.body.table.id);
      const t = await finished(tribes.body.table.id);
      expect(k.result?.reason ?? '').not.toMatch(/time|aborted|closed/);
      expect(t.result?.reason ?? '').not.toMatch(/time|aborted|closed/);
      expect(t.seq).toBeGreaterThan(10);
      await replays(k.id, knightsGame);
      await replays(t.id, tribesGame);
      expect(await exited).toBe(0);
      expect(out).toContain(`table ${k.id} ended`);
      expect(out).toContain(`table ${t.id} ended`);
      expect(out).not.toMatch(/refused|Traceback/);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it("--seek keeps a Knights table in the lobby under the bot's name; whoever joins plays the bot", async () => {
    const seeking = await newBotAccount(server.url, `Seek${Date.now() % 100000}`);
    const b = bridge([
      '--server',
      server.url,
      '--token',
      seeking.token,
      '--seek',
      'knights',
      '--',
      ...PYTHON_BOT,
    ]);
    await b.saw('waits in the lobby');
    const lobby = (await (await fetch(`${server.url}/api/tables`)).json()) as { tables: TableInfo[] };
    const open = lobby.tables.find(
      (t) => t.status === 'open' && t.seats.some((s) => s.name === seeking.name),
    );
    if (!open) throw new Error(`no open table of ${seeking.name} in the lobby`);
    // Someone from the lobby (here another program, through the API) joins and plays it to the end.
    const guest = await newBotAccount(server.url, `Guest${Date.now() % 100000}`);
    const joined = await bearer(server.url, guest.token, 'POST', `/api/tables/${open.id}/join`, {
      name: 'x',
    });
    expect(joined.status).toBe(200);
    const lines = await playThroughApi(server.url, guest.token, open.id, 'guest');
    expect(lines.at(-1)?.type).toBe('end');
    await b.saw(`table ${open.id}: the game is over`);
    // The next table waits already.
    await b.saw('waits in the lobby (seat 1)');
    const exited = new Promise<number | null>((r) => b.child.once('exit', (code) => r(code)));
    b.child.kill('SIGINT');
    expect(await exited).toBe(0);
  });

  it('a bad token and an unreachable server are told clearly, before the program starts', async () => {
    // A port nobody listens on: one taken and given back at once.
    const free = createServer();
    await new Promise<void>((r) => free.listen(0, '127.0.0.1', r));
    const port = (free.address() as AddressInfo).port;
    await new Promise((r) => free.close(r));
    const [bad, down, none] = await Promise.all([
      attila(['bot', 'connect', '--server', server.url, '--token', 'attila_bot_wrong', '--', ...PYTHON_BOT]),
      attila(['bot', 'connect', '--server', `http://127.0.0.1:${port}`, '--token', 'x', '--', ...PYTHON_BOT]),
      attila(['bot', 'connect', '--server', server.url, '--', ...PYTHON_BOT], ''),
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/refused \/api\/bot\/stream \(status 401\): token\.invalid/);
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(
      new RegExp(`cannot reach the server at http://127.0.0.1:${port} \\(ECONNREFUSED\\)`),
    );
    expect(none.stderr).toMatch(/--token or \$ATTILA_BOT_TOKEN/);
  });
});

describe('attila bot connect through a server restart', { timeout: 120_000 }, () => {
  it('reconnects with backoff and plays its game on to the end from the game stream', async () => {
    const dbFile = join(mkdtempSync(join(tmpdir(), 'attila-reconnect-')), 'test.db');
    const options = {
      dbFile,
      // The built-in bot thinks slowly enough that the game is under way when the server stops.
      botDelayMs: 300,
      botMinThinkMs: 0,
      httpRate: false as const,
      logger: pino({ level: 'silent' }),
      botApi: { heartbeatMs: 1000, pollMs: 100 },
    };
    let first: RunningServer | null = await startServer({ ...options, port: 0 });
    const url = first.url;
    const account = await newBotAccount(url, `Re${Date.now() % 100000}`);
    const b = bridge(['--server', url, '--token', account.token, '--', ...PYTHON_BOT]);
    let second: RunningServer | null = null;
    try {
      await b.saw('python-random is connected');
      const made = await bearer<CreateTableResponse>(url, account.token, 'POST', '/api/tables', {
        game: 'knights',
        seats: [{ type: 'human' }, { type: 'bot', bot: 'easy' }],
      });
      expect(made.status).toBe(201);
      const id = made.body.table.id;
      for (;;) {
        const { table } = (await (await fetch(`${url}/api/tables/${id}`)).json()) as { table: TableInfo };
        if (table.seq >= 4) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await first.close();
      first = null;
      await b.saw('was cut; reconnecting');
      await new Promise((r) => setTimeout(r, 1000));
      second = await startServer({ ...options, port: Number(new URL(url).port) });
      await b.saw(`reconnected to ${url}`);
      await b.saw(`table ${id}: the game is over`);
      const { table } = (await (await fetch(`${url}/api/tables/${id}`)).json()) as { table: TableInfo };
      expect(table.status).toBe('finished');
      // Played to its end by the bot, not lost on time or abandoned.
      expect(table.result?.reason ?? '').not.toMatch(/time|aborted|closed/);
      const exited = new Promise<number | null>((r) => b.child.once('exit', (code) => r(code)));
      b.child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(b.out()).toMatch(/stopped after 1 games; 0 left to their clocks/);
    } finally {
      if (b.child.exitCode === null) b.child.kill('SIGKILL');
      await first?.close();
      await second?.close();
    }
  });
});
