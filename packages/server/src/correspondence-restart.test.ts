/**
 * Correspondence clocks through the real server, SQLite and sockets, on a time the test sets (`now`): the
 * clock is stored with every change, survives a restart, charges exactly the time that passed, pauses on
 * vacation, and flags a seat out of time as a live clock does.
 */
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { CreateTableResponse, SeatGrant, Snapshot } from '@attila/protocol';
import { DAY_MS, GRACE_MS, HOUR_MS, VACATION_MS } from './clock.js';
import { startServer, type RunningServer } from './server.js';
import { TestClient } from './test-support/client.js';
import { post, tempDb } from './test-support/http.js';

const T0 = Date.UTC(2026, 2, 1, 9);
let time = T0;
const servers: RunningServer[] = [];
const clients: TestClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.socket.close();
  for (const s of servers.splice(0)) await s.close();
});

async function serve(dbFile: string): Promise<RunningServer> {
  const server = await startServer({
    port: 0,
    dbFile,
    botDelayMs: 0,
    botMinThinkMs: 0,
    logger: pino({ level: 'silent' }),
    now: () => time,
  });
  servers.push(server);
  return server;
}

async function seat(url: string, table: string, grant: { seat: number; token: string }) {
  const client = await TestClient.connect(url);
  clients.push(client);
  client.send({ type: 'hello', table, seat: grant.seat, token: grant.token });
  const welcome = await client.next('welcome');
  return { client, snapshot: welcome.snapshot as Snapshot };
}

async function knightsTable(url: string, clock: Record<string, unknown>) {
  const created = await post<CreateTableResponse>(url, '/api/tables', {
    game: 'knights',
    seats: [{ type: 'human' }, { type: 'human' }],
    name: 'Aetius',
    clock,
  });
  expect(created.status).toBe(201);
  const id = created.body.table.id;
  const joined = await post<SeatGrant>(url, `/api/tables/${id}/join`, { name: 'Attila' });
  return {
    id,
    grants: [
      { seat: 0, token: created.body.token as string },
      { seat: 1, token: joined.body.token },
    ],
  };
}

describe('correspondence clocks on the server', { timeout: 30_000 }, () => {
  it('a game restarted mid-way charges exactly the time that passed, vacation included, then flags on time', async () => {
    time = T0;
    const db = tempDb();
    const first = await serve(db);
    const { id, grants } = await knightsTable(first.url, { mode: 'days', days: 3 });
    const a = await seat(first.url, id, grants[0]);
    expect(a.snapshot.clock).toMatchObject({ remainingMs: [3 * DAY_MS, 3 * DAY_MS], running: [0] });

    // Seat 0 thinks 20 hours, then moves: seat 1's three days start.
    time = T0 + 20 * HOUR_MS;
    a.client.send({ type: 'move', seq: 0, move: a.snapshot.legalMoves[0], ref: 'm0' });
    await a.client.next('ack');
    const b = await seat(first.url, id, grants[1]);
    expect(b.snapshot.clock?.remainingMs).toEqual([3 * DAY_MS, 3 * DAY_MS]);

    // A day later seat 1 goes on vacation; the server is stopped two hours after that.
    time += DAY_MS;
    b.client.send({ type: 'vacation', away: true, ref: 'v' });
    const onVacation = await b.client.next('table', (m) => m.snapshot?.clock?.vacation?.away[1] === true);
    expect(onVacation.snapshot?.clock?.remainingMs[1]).toBe(2 * DAY_MS);
    time += 2 * HOUR_MS;
    await first.close();
    servers.splice(0);

    // Down for 30 hours; back, seat 1's clock stood still the whole time, its vacation was spent.
    time += 30 * HOUR_MS;
    const second = await serve(db);
    const b2 = await seat(second.url, id, grants[1]);
    expect(b2.snapshot.clock).toMatchObject({
      remainingMs: [3 * DAY_MS, 2 * DAY_MS],
      running: [1],
      vacation: { leftMs: [VACATION_MS, VACATION_MS - 32 * HOUR_MS], away: [false, true] },
    });
    // Back from vacation; a day and a half later the clock shows exactly half a day left.
    b2.client.send({ type: 'vacation', away: false, ref: 'back' });
    await b2.client.next('table', (m) => m.snapshot?.clock?.vacation?.away[1] === false);
    await second.close();
    servers.splice(0);
    time += 36 * HOUR_MS;
    const third = await serve(db);
    const b3 = await seat(third.url, id, grants[1]);
    expect(b3.snapshot.clock?.remainingMs).toEqual([3 * DAY_MS, 12 * HOUR_MS]);

    // Out of time, as a live clock: without a take-over bot the other seat wins.
    time += 12 * HOUR_MS + GRACE_MS;
    b3.client.send({ type: 'move', seq: 1, move: b3.snapshot.legalMoves[0], ref: 'late' });
    const refused = await b3.client.next('error');
    expect(refused.code).toBe('clock.flagged');
    const over = await b3.client.next('table', (m) => m.table.status === 'finished');
    expect(over.table.result?.winners).toEqual([0]);
  });

  it('vacation is refused on a live clock, with the reason', async () => {
    time = T0;
    const server = await serve(tempDb());
    const { id, grants } = await knightsTable(server.url, { mode: 'move', moveMs: 60_000 });
    const a = await seat(server.url, id, grants[0]);
    a.client.send({ type: 'vacation', away: true, ref: 'v' });
    const refused = await a.client.next('error');
    expect(refused.code).toBe('vacation.not-correspondence');
  });
});
