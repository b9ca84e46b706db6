/**
 * Correspondence rounds open for a fixed number of days, over a real server on a time the test moves on
 * (`now`: as the correspondence-clock tests do, no mock of the product): a four-player Swiss at 3 days per
 * move whose rounds stay open 5 days. In round 1 one game is played out at once; the other is still played
 * after 4 days, with the second player to move and two days left on their clock, when the round closes:
 * that game is decided on its clock (the player to move loses, withdrawn by nothing: they had time left)
 * and round 2 is paired. Creating such an event checks its round length.
 */
import { describe, expect, it } from 'vitest';
import type { Snapshot, TableInfo } from '@attila/protocol';
import { DAY_MS } from '../clock.js';
import { TestClient } from '../test-support/client.js';
import {
  createEvent,
  eventAccount,
  eventView,
  joinEvent,
  startEventServer,
} from '../test-support/event-players.js';
import { playRandomly, seatClients } from '../test-support/play.js';
import type { Visitor } from '../test-support/visitor.js';

let offset = 0;
const DAYS = { mode: 'days', days: 3 } as const;
const code = (a: { body: unknown }) => (a.body as { error?: { code: string } }).error?.code;

type Grant = { seat: number; token: string };

async function tablesNow(players: readonly Visitor[], id: string): Promise<Map<string, Grant[]>> {
  const tables = new Map<string, Grant[]>();
  for (const p of players) {
    const v = await eventView(p, id);
    if (!v.you?.table) continue;
    const grants = tables.get(v.you.table) ?? [];
    grants.push({ seat: v.you.seat!, token: v.you.token! });
    tables.set(
      v.you.table,
      grants.sort((a, b) => a.seat - b.seat),
    );
  }
  return tables;
}

/** `grant`'s seat plays its first legal move now. */
async function move(url: string, table: string, grant: Grant): Promise<void> {
  const client = await TestClient.connect(url);
  try {
    client.send({ type: 'hello', table, seat: grant.seat, token: grant.token });
    const s = (await client.next('welcome')).snapshot as Snapshot;
    expect(s.toAct).toContain(grant.seat);
    client.send({ type: 'move', seq: s.seq, move: s.legalMoves[0], ref: 'm' });
    await client.next('ack');
  } finally {
    client.socket.close();
  }
}

/** Lets the director look a few times (it looks every 100 ms). */
const looks = () => new Promise((r) => setTimeout(r, 600));

describe('correspondence rounds open for a fixed number of days', () => {
  it('decides the games still played when the round closes (the player to move loses), then pairs the next', async () => {
    const server = await startEventServer(() => Date.now() + offset);
    try {
      const players = await Promise.all(['Ann', 'Ben', 'Cid', 'Dot'].map((p) => eventAccount(server.url, p)));
      const soon = Date.now() + offset + 60_000;
      // A live event has no round length; a round shorter than a move's time is refused.
      const refused = async (body: object) =>
        code(
          await players[0].post('/api/events', {
            name: 'Refused',
            format: 'swiss',
            rounds: 2,
            startsAt: soon,
            ...body,
          }),
        );
      expect(
        await refused({ clock: { mode: 'game', initialMs: 60_000, incrementMs: 0 }, roundDays: 5 }),
      ).toBe('event.round-days');
      expect(await refused({ clock: DAYS, roundDays: 2 })).toBe('event.round-days');
      expect(await refused({ clock: DAYS, roundDays: 61 })).toBe('request.invalid');
      const defaulted = await createEvent(players[0], {
        name: 'Default rounds',
        clock: DAYS,
        startsAt: soon,
      });
      expect(defaulted.roundDays).toBe(14);

      const event = await createEvent(players[0], {
        name: 'Slow Swiss',
        rounds: 2,
        clock: DAYS,
        roundDays: 5,
        startsAt: soon,
      });
      expect(event.roundDays).toBe(5);
      await joinEvent(players, event.id);
      offset += 61_000;
      const view = () => eventView(players[0], event.id);
      await expect.poll(async () => (await view()).round).toBe(1);
      const paired = await view();
      const pairedAt = Date.now() + offset;
      expect(paired.roundEndsAt).toBeGreaterThan(pairedAt + 5 * DAY_MS - 10_000);
      expect(paired.roundEndsAt).toBeLessThanOrEqual(pairedAt + 5 * DAY_MS);

      const [[quick, quickSeats], [slow, slowSeats]] = [...(await tablesNow(players, event.id))];
      const seated = await seatClients(server.url, quick, quickSeats);
      await playRandomly(seated, 'deadline/quick');
      for (const s of seated) s.client.close();
      // The slow game: three moves now, two after 2 days, two after 4; the second player is then to move.
      const [first, second] = slowSeats;
      for (const g of [first, second, first]) await move(server.url, slow, g);
      offset += 2 * DAY_MS;
      for (const g of [second, first]) await move(server.url, slow, g);
      offset += 2 * DAY_MS;
      for (const g of [second, first]) await move(server.url, slow, g);
      await looks();
      const open = await view();
      expect(open.round).toBe(1);
      expect(open.games.find((g) => g.table === slow)?.over).toBe(false);
      expect(open.games.find((g) => g.table === quick)?.over).toBe(true);

      // The round closes a day later: the slow game is decided, the player to move (seat 1) losing.
      offset += DAY_MS + 60_000;
      await expect.poll(async () => (await view()).round, { timeout: 20_000 }).toBe(2);
      const next = await view();
      expect(next.games.find((g) => g.table === slow)?.places).toEqual([0, 1]);
      const table = (await players[0].get<{ table: TableInfo }>(`/api/tables/${slow}`)).body.table;
      expect(table.status).toBe('finished');
      expect(table.result?.reason).toBe("the event's round closed: seat 1 to move lost on time");
      expect(next.standings.filter((s) => s.withdrawn)).toEqual([]);
      expect(next.games.filter((g) => g.round === 2 && g.table !== null)).toHaveLength(2);
      expect(next.roundEndsAt).toBeGreaterThan(Date.now() + offset + 5 * DAY_MS - 10_000);
    } finally {
      await server.close();
      offset = 0;
    }
  }, 90_000);
});
