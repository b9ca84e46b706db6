/**
 * Several processes: a move is decided without reading storage first when the process's copy of the table
 * is known current (table/known-current.ts). A copy that is behind without knowing it (another process's
 * news still on its way) is still caught by the move's commit: the move is refused as stale, and nothing is
 * stored twice or after the game's end.
 */
import type { ServerMessage } from '@attila/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisBroadcast } from './broadcast/redis.js';
import { startServer, type RunningServer } from './server.js';
import { PostgresStorage } from './storage/postgres.js';
import { TestClient } from './test-support/client.js';
import { GatedBroadcast } from './test-support/gated-broadcast.js';
import { seatClients, type Seated } from './test-support/play.js';
import { dropSchema, freshSchema, POSTGRES_URL, REDIS_URL } from './test-support/services.js';
import { knightsAcross, SHARED_UP } from './test-support/shared-servers.js';
import { skipWithout } from './test-support/skip-without.js';
import { QUIET_SERVER } from './test-support/test-server.js';

const schema = freshSchema();
let one: RunningServer;
let two: RunningServer;
/** What server two hears of the others. */
let gate: GatedBroadcast;
/** Server two's storage, its reads of moves counted. */
let twoStorage: PostgresStorage;
let movesRead = 0;

beforeAll(async () => {
  if (!SHARED_UP) return;
  const shared = { ...QUIET_SERVER, postgres: POSTGRES_URL, postgresSchema: schema, redis: REDIS_URL };
  one = await startServer(shared);
  const redis = new RedisBroadcast(REDIS_URL);
  await redis.ready();
  gate = new GatedBroadcast(redis);
  twoStorage = await PostgresStorage.open({ connectionString: POSTGRES_URL, schema });
  const getMoves = twoStorage.getMoves.bind(twoStorage);
  twoStorage.getMoves = (id) => {
    movesRead++;
    return getMoves(id);
  };
  two = await startServer({ ...shared, broadcast: gate, storage: twoStorage });
});

afterAll(async () => {
  if (!SHARED_UP) return;
  await one.close();
  await two.close();
  await dropSchema(schema);
});

/** The newest snapshot a client got. */
function latest(c: TestClient) {
  const snaps = c.received.flatMap((m) =>
    (m.type === 'welcome' || m.type === 'update' || m.type === 'table') && m.snapshot ? [m.snapshot] : [],
  );
  return snaps.reduce((a, b) => (b.seq >= a.seq ? b : a));
}

/** The first message `c` got that matches. */
async function until(c: TestClient, match: (m: ServerMessage) => boolean): Promise<ServerMessage> {
  for (let waited = 0; waited < 10_000; waited += 20) {
    const m = c.received.find(match);
    if (m) return m;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('no such message within 10 s');
}

/** The ack or error answering `ref`. */
const answer = (c: TestClient, ref: string) =>
  until(c, (m) => (m.type === 'ack' || m.type === 'error') && m.ref === ref);

/** A game made on one and joined on two; seat 0 plays through one, seat 1 through two; both moved once. */
async function twoMovesIn() {
  const { id, grants } = await knightsAcross(one.url, two.url);
  const [viaOne] = await seatClients(one.url, id, [grants[0]]);
  const [viaTwo] = await seatClients(two.url, id, [grants[1]]);
  await move(viaOne, 'a');
  await viaTwo.client.next('update', (m) => m.seq === 1);
  await move(viaTwo, 'b');
  await viaOne.client.next('update', (m) => m.seq === 2);
  return { id, grants, viaOne, viaTwo };
}

async function move(p: Seated, ref: string, pick = 0): Promise<ServerMessage> {
  const s = latest(p.client);
  p.client.send({ type: 'move', seq: s.seq, move: s.legalMoves[pick], ref });
  return answer(p.client, ref);
}

describe('a move on a copy known current (two processes)', { timeout: 60_000 }, () => {
  it.skipIf(skipWithout(SHARED_UP, 'PostgreSQL and Redis'))(
    'follows the moves heard from the other process, reading no moves from storage',
    async () => {
      const { viaOne, viaTwo } = await twoMovesIn();
      const before = movesRead;
      for (let i = 0; i < 3; i++) {
        await move(viaOne, `one${i}`);
        await viaTwo.client.next('update', (m) => m.seq === 3 + 2 * i);
        expect(await move(viaTwo, `two${i}`)).toMatchObject({ type: 'ack', seq: 4 + 2 * i });
        await viaOne.client.next('update', (m) => m.seq === 4 + 2 * i);
      }
      expect(movesRead - before).toBe(0);
    },
  );

  it.skipIf(skipWithout(SHARED_UP, 'PostgreSQL and Redis'))(
    'is refused as stale when another process stored a move there first, not yet heard',
    async () => {
      const { id, grants, viaOne } = await twoMovesIn();
      // Seat 0 also has a socket on two, whose copy is at seq 2 and hears nothing from now on.
      const [alsoViaTwo] = await seatClients(two.url, id, [grants[0]]);
      const first = latest(viaOne.client).legalMoves[0];
      gate.hold();
      try {
        expect(await move(viaOne, 'first', 0)).toMatchObject({ type: 'ack', seq: 3 });
        expect(await move(alsoViaTwo, 'late', 1)).toMatchObject({ type: 'error', code: 'move.stale' });
      } finally {
        gate.release();
      }
      const stored = await twoStorage.getMoves(id);
      expect(stored).toHaveLength(3);
      expect(stored[2].move).toBe(first);
    },
  );

  it.skipIf(skipWithout(SHARED_UP, 'PostgreSQL and Redis'))(
    'is refused when the other process ended the game meanwhile (a resignation not yet heard)',
    async () => {
      const { id, grants } = await twoMovesIn();
      const [seat1ViaOne] = await seatClients(one.url, id, [grants[1]]);
      const [seat0ViaTwo] = await seatClients(two.url, id, [grants[0]]);
      gate.hold();
      try {
        seat1ViaOne.client.send({ type: 'resign', ref: 'resign' });
        await until(
          seat1ViaOne.client,
          (m) => (m.type === 'table' || m.type === 'update') && !!m.snapshot?.result,
        );
        expect(await move(seat0ViaTwo, 'after-the-end')).toMatchObject({ type: 'error' });
      } finally {
        gate.release();
      }
      expect(await twoStorage.getMoves(id)).toHaveLength(2);
      expect((await twoStorage.getTable(id))?.status).toBe('finished');
    },
  );
});
