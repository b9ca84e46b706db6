/**
 * The last acceptance of a challenge dies between storing itself and making the table (the storage fails
 * right after the table is written, as a killed process would): nothing of it is left — the challenge is
 * still waiting for that acceptance (the others' kept), no table — so the player accepts again, and then
 * every player gets the one started table, seated with their own tokens and told on their socket. On
 * SQLite across a restart, and on PostgreSQL with two processes.
 */
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { ChallengeView } from '@attila/protocol/challenges';
import type { ServerOptions } from '../server.js';
import type { Storage } from '../storage/types.js';
import { account as claimed, at, playerSocket } from '../test-support/challenge-client.js';
import { postgresCrashScene, sqliteCrashScene } from '../test-support/crash-scene.js';
import { seatWorks } from '../test-support/pool-client.js';
import { postgresUp, redisUp } from '../test-support/services.js';
import type { Visitor } from '../test-support/visitor.js';
import { skipWithout } from '../test-support/skip-without.js';

const base: ServerOptions = {
  port: 0,
  logger: pino({ level: 'silent' }),
  botDelayMs: 0,
  httpRate: false,
};

type One = { challenge: ChallengeView };

let n = 0;
/** An account of a name no other run of this file has taken. */
const account = (url: string, prefix: string) => claimed(url, `${prefix}${Date.now() % 100000}x${++n}`);

/** A (challenger, seat 2) challenges B and C to 3-player Tribes; C accepts; B's acceptance crashes. */
async function crashLastAcceptance(url: string, storage: Storage, crashedAfter: () => string | null) {
  const [a, b, c] = [await account(url, 'Ardaric'), await account(url, 'Bleda'), await account(url, 'Cilla')];
  const made = await a.post<One>('/api/challenges', {
    game: 'tribes',
    settings: { players: 3 },
    players: [b.name, c.name],
    seat: 2,
  });
  expect(made.status).toBe(201);
  const id = made.body.challenge.id;
  expect((await c.post<One>(`/api/challenges/${id}/accept`)).body.challenge.status).toBe('pending');

  const crashed = await b.post(`/api/challenges/${id}/accept`);
  expect(crashed.status).toBe(500);
  const lost = crashedAfter();
  expect(lost, 'the table was written, then the process died').not.toBeNull();
  // Nothing of it stayed: no table, and the challenge waits for B's acceptance (C's is kept).
  expect(await storage.getTable(lost!)).toBeNull();
  expect(await storage.activeTables()).toEqual([]);
  const waiting = (await a.get<One>(`/api/challenges/${id}`)).body.challenge;
  expect(waiting).toMatchObject({ status: 'pending', table: null, token: null });
  return { a, b, c, id, lost: lost! };
}

/** B accepts again (through `url`): every player has the one started table and a seat token for it. */
async function acceptAgain(
  url: string,
  players: Record<'a' | 'b' | 'c', Visitor>,
  id: string,
  lost: string,
  storage: Storage,
) {
  const socket = await playerSocket(at(players.a, url));
  const accepted = await at(players.b, url).post<One>(`/api/challenges/${id}/accept`);
  expect(accepted.status).toBe(200);
  const table = accepted.body.challenge.table!;
  expect(accepted.body.challenge.status).toBe('accepted');
  expect(table).not.toBe(lost);
  await expect.poll(() => socket.heard.some((c) => c.id === id && c.table === table)).toBe(true);
  socket.close();
  for (const [who, seat] of [
    ['b', 0],
    ['c', 1],
    ['a', 2],
  ] as const) {
    const view = (await at(players[who], url).get<One>(`/api/challenges/${id}`)).body.challenge;
    expect(view).toMatchObject({ status: 'accepted', table, seat });
    expect((await seatWorks(url, table, seat, view.token!)).status).toBe('playing');
    expect(await storage.accounts.seatPlayer(table, seat)).not.toBeNull();
  }
  expect((await storage.activeTables()).map((t) => t.id)).toEqual([table]);
}

describe('the last acceptance of a challenge crashes after its table is written (SQLite)', () => {
  const scene = sqliteCrashScene(base);

  it('the challenge waits on, cleanly; accepted again after a restart, everyone gets the table', async () => {
    const { server, crash } = await scene.crashing();
    const { a, b, c, id, lost } = await crashLastAcceptance(server.url, crash.storage, crash.crashedAfter);
    const restarted = await scene.restart();
    await scene.check((check) => acceptAgain(restarted.url, { a, b, c }, id, lost, check));
  }, 30_000);
});

describe.skipIf(skipWithout(postgresUp && redisUp, 'PostgreSQL and Redis'))(
  'the last acceptance of a challenge crashes after its table is written (PostgreSQL, two processes)',
  () => {
    const scene = postgresCrashScene(base);

    it('the challenge waits on, cleanly; accepted again through the other process, everyone gets the table', async () => {
      const { server, crash } = await scene.crashing();
      const two = await scene.plain();
      await scene.check(async (check) => {
        const { a, b, c, id, lost } = await crashLastAcceptance(server.url, check, crash.crashedAfter);
        await acceptAgain(two.url, { a, b, c }, id, lost, check);
      });
    }, 30_000);
  },
);
