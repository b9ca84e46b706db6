/**
 * Done-when of "bots from anywhere" (issue 32), end to end with nothing stubbed: the Python example bot
 * (standard library only, as the docs give it), behind the real `attila bot connect` as a child process,
 * against a real server. A person — driven over the real HTTP and WebSocket API, not a browser —
 * challenges the bot; the bridge accepts by its rules; the game is played to its end although the bot's
 * program writes a garbage line in it and later crashes (the bridge refuses the line and asks again, then
 * starts the program again with the game resumed); a second challenge is played and the bot resigns it
 * through the API. The faults are injected by a small wrapper around the unchanged example.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TableInfo } from '@attila/protocol';
import type { ChallengeView } from '@attila/protocol/challenges';
import { startServer, type RunningServer } from '@attila/server';
import { newBotAccount, type BotAccount } from '@attila/server/test-support/bot-api-client';
import { playRandomly, seatClients } from '@attila/server/test-support/play';
import { Visitor } from '@attila/server/test-support/visitor';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../../..');
const BIN = resolve(import.meta.dirname, '../../bin/attila.js');
const EXAMPLE = join(ROOT, 'examples/bots/python/attila_bot.py');

/** The example bot with faults (a garbage line, a crash, then resigning): see the file's own text. */
const FAULTY_BOT = resolve(import.meta.dirname, 'testdata/faulty_example_bot.py');

/** The example bot, too slow once: it thinks 3.5 s over its first turn of a game (marker file). */
const SLOW_ONCE = `
import importlib.util, os, sys, time
state = sys.argv[1]
spec = importlib.util.spec_from_file_location("attila_bot", ${JSON.stringify(EXAMPLE)})
bot = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bot)
real_choose = bot.choose
def choose(turn, rng):
    if not os.path.exists(os.path.join(state, "slept")):
        open(os.path.join(state, "slept"), "w").close()
        time.sleep(3.5)
    return real_choose(turn, rng)
bot.choose = choose
sys.exit(bot.main())
`;

let server: RunningServer;
let bot: BotAccount;
let person: Visitor;
const personName = `Gaiseric${Date.now() % 100000}`;
beforeAll(async () => {
  server = await startServer({
    port: 0,
    dbFile: join(mkdtempSync(join(tmpdir(), 'attila-outside-')), 'test.db'),
    // The server's own bots (the opponent, the take-over bot) pause 300 ms a move, as people see them: with
    // no pause, a game the take-over bot plays ends within milliseconds, before the slow program is back
    // to take its seat again (an idle machine showed it; a loaded one hid it).
    botDelayMs: 300,
    botMinThinkMs: 0,
    httpRate: false,
    logger: pino({ level: 'silent' }),
    botApi: { heartbeatMs: 1000, pollMs: 100 },
  });
  bot = await newBotAccount(server.url, `Outside${Date.now() % 100000}`);
  person = new Visitor(server.url);
  await person.post('/api/me/guest');
  await person.post('/api/account/claim', { name: personName, password: 'a long enough password' });
}, 60_000);
afterAll(() => server.close());

function bridge(args: string[]): { child: ChildProcess; out: () => string } {
  const child = spawn(process.execPath, [BIN, 'bot', 'connect', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  return { child, out: () => out };
}

async function until<T>(what: string, probe: () => Promise<T | null>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== null) return v;
    if (Date.now() > end) throw new Error(`never: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The person challenges the bot to casual Knights; once the bridge accepted, the person plays it randomly. */
async function challengeAndPlay(seed: string): Promise<TableInfo> {
  const made = await person.post<{ challenge: ChallengeView }>('/api/challenges', {
    game: 'knights',
    players: [bot.name],
  });
  expect(made.status).toBe(201);
  const id = made.body.challenge.id;
  const accepted = await until('the bridge accepts the challenge', async () => {
    const c = (await person.get<{ challenge: ChallengeView }>(`/api/challenges/${id}`)).body.challenge;
    expect(c.status).not.toBe('declined');
    return c.status === 'accepted' && c.table && c.token ? c : null;
  });
  const table = accepted.table!;
  const players = await seatClients(server.url, table, [{ seat: accepted.seat, token: accepted.token! }]);
  await playRandomly(players, seed, 10_000, 90_000);
  for (const p of players) p.client.close();
  return until('the table is finished', async () => {
    const info = ((await (await fetch(`${server.url}/api/tables/${table}`)).json()) as { table: TableInfo })
      .table;
    return info.status === 'finished' ? info : null;
  });
}

describe('an outside bot from the docs alone, under the bridge', { timeout: 240_000 }, () => {
  it('accepts a person’s challenge, plays it to the end through a garbage line and a crash, then resigns a second game', async () => {
    const state = mkdtempSync(join(tmpdir(), 'attila-outside-bot-'));
    const b = bridge([
      '--server',
      server.url,
      '--token',
      bot.token,
      '--clocks',
      'untimed',
      '--',
      'python3',
      FAULTY_BOT,
      state,
    ]);
    const saw = (text: RegExp) =>
      until(`the bridge says ${text}:\n${b.out()}`, async () => (text.test(b.out()) ? true : null));
    try {
      await saw(/is connected to/);

      const first = await challengeAndPlay('first');
      expect(existsSync(join(state, 'garbage'))).toBe(true);
      expect(existsSync(join(state, 'crash'))).toBe(true);
      // Played to a real end: no resignation, no time out, nothing aborted.
      expect(first.result?.reason ?? '').not.toMatch(/resign|time|abort|closed/);
      expect(first.seq).toBeGreaterThan(6);
      expect(b.out()).toMatch(new RegExp(`accepted a casual knights challenge from ${personName}`));
      expect(b.out()).toMatch(/not JSON.*asking the turn at move \d+ again/);
      expect(b.out()).toMatch(/exited \(status 3\).*starting it again in \d+ ms, the game resumes/);
      await saw(new RegExp(`table ${first.id}: the game is over`));

      const second = await challengeAndPlay('second');
      await saw(new RegExp(`table ${second.id}: the bot resigned`));
      const botSeat = second.seats.findIndex((s) => s.name === bot.name);
      expect(second.result?.winners).toEqual([1 - botSeat]);
      expect(second.result?.reason ?? '').toMatch(/resign/);

      // A challenge breaking the author's rules (--clocks untimed) is declined at once, saying why.
      const timed = await person.post<{ challenge: ChallengeView }>('/api/challenges', {
        game: 'knights',
        players: [bot.name],
        clock: { mode: 'move', moveMs: 5000 },
      });
      expect(timed.status).toBe(201);
      const declined = await until('the bridge declines the timed challenge', async () => {
        const c = (
          await person.get<{ challenge: ChallengeView }>(`/api/challenges/${timed.body.challenge.id}`)
        ).body.challenge;
        return c.status === 'declined' ? c : null;
      });
      expect(declined.seats.find((x) => !x.challenger)?.reason).toMatch(/clocks of kind untimed, not move/);
    } finally {
      const exited = new Promise<number | null>((r) => b.child.once('exit', (code) => r(code)));
      b.child.kill('SIGINT');
      expect(await exited).toBe(0);
    }
  });

  it('takes back the seat the take-over bot took while the program was slow, and plays the game on to its end', async () => {
    const state = mkdtempSync(join(tmpdir(), 'attila-slow-bot-'));
    const wrapper = join(state, 'slow_bot.py');
    writeFileSync(wrapper, SLOW_ONCE);
    const b = bridge(['--server', server.url, '--token', bot.token, '--', 'python3', wrapper, state]);
    const saw = (text: RegExp) =>
      until(`the bridge says ${text}`, async () => (text.test(b.out()) ? true : null));
    try {
      await saw(/is connected to/);
      const made = await fetch(`${server.url}/api/tables`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bot.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          game: 'knights',
          seats: [{ type: 'human' }, { type: 'bot', bot: 'random' }],
          clock: { mode: 'move', moveMs: 2000 },
          takeover: 'random',
        }),
      });
      const table = ((await made.json()) as { table: { id: string } }).table.id;
      await saw(new RegExp(`table ${table}: took the seat back from the take-over bot`));
      await saw(new RegExp(`table ${table}: the game is over`));
      const info = ((await (await fetch(`${server.url}/api/tables/${table}`)).json()) as { table: TableInfo })
        .table;
      expect(info.seats[0].controller).toBe('human');
      expect(info.result?.reason ?? '').not.toMatch(/time|abort|closed/);
    } finally {
      const exited = new Promise<number | null>((r) => b.child.once('exit', (code) => r(code)));
      b.child.kill('SIGINT');
      expect(await exited).toBe(0);
    }
  });
});
