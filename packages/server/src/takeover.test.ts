import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse, SeatGrant } from '@attila/protocol';
import { type RunningServer } from './server.js';
import { post } from './test-support/http.js';
import { seatClients } from './test-support/play.js';
import { startTestServer } from './test-support/test-server.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function clocked(extra: Record<string, unknown>) {
  const created = await post<CreateTableResponse>(server.url, '/api/tables', {
    game: 'knights',
    seats: [{ type: 'human' }, { type: 'human' }],
    name: 'Aetius',
    ...extra,
  });
  expect(created.status).toBe(201);
  const id = created.body.table.id;
  const j = await post<SeatGrant>(server.url, `/api/tables/${id}/join`, { name: 'Attila' });
  const grants = [
    { seat: 0, token: created.body.token as string },
    { seat: 1, token: j.body.token },
  ];
  return { id, grants, players: await seatClients(server.url, id, grants) };
}

describe('clocks enforced by the server, and bots taking over seats', { timeout: 60_000 }, () => {
  it('a seat out of time is taken over by the table’s bot, and given back on "reclaim"', async () => {
    const { players } = await clocked({ clock: { mode: 'move', moveMs: 1000 }, takeover: 'random' });
    const [romans, huns] = players.map((p) => p.client);
    const clock = romans.welcome().snapshot?.clock;
    expect(clock).toMatchObject({ running: [0], settings: { mode: 'move', moveMs: 1000 } });
    expect(clock?.remainingMs[0]).toBeLessThanOrEqual(1000);
    // Nobody moves for the Romans: after a second the bot plays for them.
    const taken = await huns.next('table', (m) => m.table.seats[0].controller === 'bot', 15_000);
    expect(taken.table.seats[0].kind).toBe('human');
    const botMove = await huns.next('update', (m) => m.seq === 1 && m.seat === 0);
    expect(botMove.snapshot.toAct).toEqual([1]);
    // The Romans' player cannot move while the bot plays, but can take the seat back.
    romans.send({ type: 'move', seq: 1, move: 'a1', ref: 'x' });
    expect((await romans.next('error', (e) => e.ref === 'x')).code).toMatch(
      /move\.(bot-controlled|not-your-turn)/,
    );
    romans.send({ type: 'reclaim' });
    const back = await romans.next('table', (m) => m.table.seats[0].controller === 'human');
    expect(back.snapshot?.clock?.remainingMs[0]).toBeGreaterThan(0);
    for (const c of [romans, huns]) c.close();
  });

  it('a player who leaves a game in progress hands the seat to the bot', async () => {
    const { id, grants, players } = await clocked({ takeover: 'random' });
    const left = await post(server.url, `/api/tables/${id}/leave`, grants[0]);
    expect(left.status).toBe(200);
    const huns = players[1].client;
    await huns.next('update', (m) => m.seat === 0, 15_000);
    for (const p of players) p.client.close();
  });

  it('without a bot to take over, running out of time loses the game', async () => {
    const { id, grants, players } = await clocked({
      clock: { mode: 'game', initialMs: 1000, incrementMs: 0 },
    });
    const end = await players[1].client.next('table', (m) => m.table.status === 'finished', 15_000);
    expect(end.table.result).toMatchObject({ winners: [1], reason: expect.stringContaining('time') });
    expect(end.snapshot?.toAct).toEqual([]);
    const left = await post(server.url, `/api/tables/${id}/leave`, grants[1]);
    expect(left).toMatchObject({ status: 409, body: { error: { code: 'leave.finished' } } });
    for (const p of players) p.client.close();
  });
});
