/**
 * The withdrawal rule over a real server (real sockets, SQLite, the events' director), on 8-second clocks:
 * a four-player Swiss of two rounds. In round 1 one table is played a move each and then left to run out
 * of time (its loser moved: an ordinary loss), the other table is never come to (its first player runs out
 * unmoved: withdrawn, its second wins). Round 2 pairs the three still in (one bye), never the no-show; a
 * player there resigns before moving (an ordinary loss again). At the end only the no-show is withdrawn.
 */
import { describe, expect, it } from 'vitest';
import type { Snapshot } from '@attila/protocol';
import { TestClient } from '../test-support/client.js';
import {
  createEvent,
  eventAccount,
  eventView,
  joinEvent,
  startEventServer,
} from '../test-support/event-players.js';
import type { Visitor } from '../test-support/visitor.js';

let offset = 0;
const CLOCK = { mode: 'game', initialMs: 8_000, incrementMs: 0 } as const;

type Grant = { seat: number; token: string; player: string };

/** Each table of the round under way, its seats' grants in seat order (from each player's own view). */
async function tablesNow(players: readonly Visitor[], id: string): Promise<Map<string, Grant[]>> {
  const tables = new Map<string, Grant[]>();
  for (const p of players) {
    const v = await eventView(p, id);
    if (!v.you?.table) continue;
    const game = v.games.find((g) => g.table === v.you!.table)!;
    const grants = tables.get(v.you.table) ?? [];
    grants.push({ seat: v.you.seat!, token: v.you.token!, player: game.players[v.you.seat!]! });
    tables.set(
      v.you.table,
      grants.sort((a, b) => a.seat - b.seat),
    );
  }
  return tables;
}

/** Sits at `grant`'s seat and sends one message made from the current snapshot; resolves on its answer. */
async function once(
  url: string,
  table: string,
  grant: Grant,
  message: (s: Snapshot) => object,
  answer: (c: TestClient) => Promise<unknown>,
): Promise<void> {
  const client = await TestClient.connect(url);
  try {
    client.send({ type: 'hello', table, seat: grant.seat, token: grant.token });
    const snapshot = (await client.next('welcome')).snapshot as Snapshot;
    client.send(message(snapshot));
    await answer(client);
  } finally {
    client.socket.close();
  }
}

const firstMove = (s: Snapshot) => ({ type: 'move', seq: s.seq, move: s.legalMoves[0], ref: 'one' });
const acked = (c: TestClient) => c.next('ack');
const over = (c: TestClient) => c.next('table', (m) => m.table.status === 'finished');

describe('the withdrawal rule', () => {
  it('withdraws the player who never came to their game; not the one who moved and lost on time, nor one who resigned', async () => {
    const server = await startEventServer(() => Date.now() + offset);
    try {
      const players = await Promise.all(['Ann', 'Ben', 'Cid', 'Dot'].map((p) => eventAccount(server.url, p)));
      const event = await createEvent(players[0], {
        name: 'No-show Swiss',
        rounds: 2,
        clock: CLOCK,
        startsAt: Date.now() + offset + 60_000,
      });
      await joinEvent(players, event.id);
      offset += 61_000;
      const view = () => eventView(players[0], event.id);
      await expect.poll(async () => (await view()).round).toBe(1);

      const [[played, playedSeats], [empty, emptySeats]] = [...(await tablesNow(players, event.id))];
      // A move each at the first table, then nobody moves: seat 0 runs out of time, having moved.
      await once(server.url, played, playedSeats[0], firstMove, acked);
      await once(server.url, played, playedSeats[1], firstMove, acked);
      // Nobody comes to the second: its seat 0 runs out unmoved.
      await expect.poll(async () => (await view()).round, { timeout: 30_000 }).toBe(2);

      const after = await view();
      const round1 = after.games.filter((g) => g.round === 1);
      expect(round1.find((g) => g.table === played)?.places).toEqual([1, 0]);
      expect(round1.find((g) => g.table === empty)?.places).toEqual([1, 0]);
      const noShow = emptySeats[0].player;
      expect(after.standings.filter((s) => s.withdrawn).map((s) => s.player)).toEqual([noShow]);
      // Round 2: the three still in, one of them with the bye; never the no-show.
      const round2 = after.games.filter((g) => g.round === 2);
      expect(round2.flatMap((g) => g.players).sort()).toEqual(
        [playedSeats[0].player, playedSeats[1].player, emptySeats[1].player].sort(),
      );
      expect(round2.filter((g) => g.table === null)).toHaveLength(1);
      const noShowView = (await Promise.all(players.map((p) => eventView(p, event.id)))).find(
        (v) => v.you?.withdrawn,
      );
      expect(noShowView?.you).toMatchObject({ entered: true, withdrawn: true, table: null });

      // Seat 0 of round 2 resigns before moving: an ordinary loss. Before that, seat 1 tries to abort (no
      // seat has moved): refused, an event's game counts in the standings.
      const [[table2, seats2]] = [...(await tablesNow(players, event.id))];
      await once(
        server.url,
        table2,
        seats2[1],
        () => ({ type: 'abort', ref: 'a' }),
        async (c) => expect(await c.next('error')).toMatchObject({ code: 'abort.event', ref: 'a' }),
      );
      await once(server.url, table2, seats2[0], () => ({ type: 'resign', ref: 'r' }), over);
      await expect.poll(async () => (await view()).status, { timeout: 20_000 }).toBe('finished');
      const done = await view();
      expect(done.standings.filter((s) => s.withdrawn).map((s) => s.player)).toEqual([noShow]);
      expect(done.games.find((g) => g.table === table2)?.places).toEqual([1, 0]);
    } finally {
      await server.close();
      offset = 0;
    }
  }, 90_000);
});
