/**
 * Hidden information never leaks (Tribes, 3 seats, hidden hands): every message a socket gets is checked
 * field by field against the engine, for each seat's own sockets and for spectators, including sockets that
 * (re)connect mid-game and are told what they missed. A snapshot is exactly the engine's view for that viewer,
 * its legal moves are that seat's moves only when it is to act (in Tribes they list the hand, so a leak
 * there tells the hand), and every event is exactly the engine's public event for that move.
 */
import { playRecordedMoves, unwrap, type GameEvent, type Viewer } from '@attila/core';
import type { CreateTableResponse, MoveNotice, Snapshot } from '@attila/protocol';
import { tribesGame, type TribesState } from '@attila/tribes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer } from './server.js';
import { TestClient } from './test-support/client.js';
import { get, post } from './test-support/http.js';
import { playRandomly, seatClients } from './test-support/play.js';
import { startTestServer } from './test-support/test-server.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** A 3-seat Tribes table of people, all seated; the seat grants in seat order. */
async function threeSeats(): Promise<{ id: string; grants: { seat: number; token: string }[] }> {
  const created = await post<CreateTableResponse>(server.url, '/api/tables', {
    game: 'tribes',
    settings: { players: 3 },
    seats: [{ type: 'human' }, { type: 'human' }, { type: 'human' }],
    name: 'Ann',
  });
  expect(created.status).toBe(201);
  const id = created.body.table.id;
  const grants = [{ seat: created.body.seat as number, token: created.body.token as string }];
  for (const name of ['Bea', 'Cy']) {
    const joined = await post<{ seat: number; token: string }>(server.url, `/api/tables/${id}/join`, {
      name,
    });
    expect(joined.status).toBe(200);
    grants.push({ seat: joined.body.seat, token: joined.body.token });
  }
  return { id, grants: grants.sort((a, b) => a.seat - b.seat) };
}

/** What the engine says happened, replayed from the table's record on the test's side. */
interface Truth {
  /** The state at each sequence number. */
  readonly states: readonly TribesState[];
  /** Move `seq` (1-based) was made by `seats[seq - 1]` and gave `events[seq - 1]`. */
  readonly seats: readonly number[];
  readonly events: readonly (readonly GameEvent[])[];
  readonly final: number;
  readonly result: unknown;
}

async function truthOf(id: string): Promise<Truth> {
  const record = await get<{ settings: unknown; seed: string; moves: string[]; result: unknown }>(
    server.url,
    `/api/tables/${id}/record`,
  );
  expect(record.status).toBe(200);
  const settings = unwrap(tribesGame.parseSettings(record.body.settings));
  const start = unwrap(tribesGame.setup(settings, record.body.seed));
  const { played } = unwrap(playRecordedMoves(tribesGame, start, record.body.moves));
  return {
    states: [start, ...played.map((p) => p.state)],
    seats: played.map((p) => p.seat),
    events: played.map((p) => p.events),
    final: played.length,
    result: record.body.result,
  };
}

/** The snapshot `seat` (null: a spectator) must get at `snap.seq`: each field from the engine. */
function expectSnapshot(snap: Snapshot, seat: number | null, truth: Truth, where: string): void {
  const state = truth.states[snap.seq];
  expect(state, `${where}: a snapshot at seq ${snap.seq} the record does not reach`).toBeDefined();
  const viewer: Viewer = seat === null ? 'spectator' : { seat };
  expect(Object.keys(snap).sort(), `${where}: snapshot fields`).toEqual(
    ['clock', 'legalMoves', 'result', 'seq', 'toAct', 'view'].sort(),
  );
  expect(snap.view, `${where}: view`).toEqual(plain(tribesGame.view(state, viewer)));
  const toAct = tribesGame.toAct(state);
  expect(snap.toAct, `${where}: toAct`).toEqual(toAct);
  const mine = seat !== null && toAct.includes(seat) ? tribesGame.legalMoves(state, seat) : [];
  expect(snap.legalMoves, `${where}: legal moves`).toEqual(mine);
  expect(snap.clock, `${where}: clock (the table has none)`).toBeNull();
  expect(snap.result, `${where}: result`).toEqual(snap.seq === truth.final ? truth.result : null);
}

/** A move notice (an update, or one of a welcome's missed moves) is exactly the engine's public record of it. */
function expectNotice(n: MoveNotice, truth: Truth, where: string): void {
  expect(n.seq, `${where}: seq`).toBeGreaterThan(0);
  expect(n.seq, `${where}: seq`).toBeLessThanOrEqual(truth.final);
  expect(n.seat, `${where}: who moved`).toBe(truth.seats[n.seq - 1]);
  expect(n.events, `${where}: events`).toEqual(plain(truth.events[n.seq - 1]));
}

/** Resolves once `c` has heard the update of move `seq`. */
async function heard(c: TestClient, seq: number): Promise<void> {
  while (!c.received.some((m) => m.type === 'update' && m.seq === seq)) await c.next('update');
}

interface Audience {
  readonly name: string;
  readonly client: TestClient;
  readonly seat: number | null;
  /** The `since` of its hello, if it (re)connected mid-game. */
  readonly since?: number;
}

/** Every message `a` got, checked; returns how many snapshots, notices and missed lists were checked. */
function checkAudience(a: Audience, truth: Truth) {
  const counts = { snapshots: 0, notices: 0, missed: 0 };
  const seen = new Set<number>();
  a.client.received.forEach((m, i) => {
    const where = `${a.name}, message ${i} (${m.type})`;
    if (m.type === 'welcome') {
      expect(m.seat, `${where}: seat`).toBe(a.seat);
      const since = a.since;
      if (since !== undefined) {
        expect(m.missed, `${where}: missed since ${since}`).not.toBeNull();
        const missed = m.missed ?? [];
        expect(missed.map((n) => n.seq)).toEqual(
          Array.from({ length: (m.snapshot?.seq ?? 0) - since }, (_, k) => since + k + 1),
        );
        missed.forEach((n, k) => expectNotice(n, truth, `${where}, missed[${k}]`));
        counts.missed += missed.length;
      }
    }
    if (m.type === 'update') {
      expectNotice(m, truth, where);
      expect(seen.has(m.seq), `${where}: update ${m.seq} twice`).toBe(false);
      seen.add(m.seq);
      counts.notices++;
    }
    if ((m.type === 'welcome' || m.type === 'update' || m.type === 'table') && m.snapshot) {
      expectSnapshot(m.snapshot, a.seat, truth, where);
      counts.snapshots++;
    }
  });
  return counts;
}

describe('hidden information over WebSockets (Tribes, 3 seats)', { timeout: 120_000 }, () => {
  it('every seat socket and spectator gets only its own view, legal moves and the public events, also when catching up', async () => {
    const { id, grants } = await threeSeats();
    const players = await seatClients(server.url, id, grants);
    const early = await TestClient.connect(server.url);
    early.send({ type: 'hello', table: id });
    await early.next('welcome');

    // Part of the game, then a second socket for seat 1 and a late spectator, each told what it missed.
    expect(await playRandomly(players, 'hidden-a', 12, 30_000)).toBe(12);
    await Promise.all(players.map((p) => heard(p.client, 12)));
    const again = await TestClient.connect(server.url);
    again.send({ type: 'hello', table: id, seat: grants[1].seat, token: grants[1].token, since: 3 });
    await again.next('welcome');
    const late = await TestClient.connect(server.url);
    late.send({ type: 'hello', table: id, since: 5 });
    await late.next('welcome');

    await playRandomly(players, 'hidden-b', 20_000, 90_000);
    const over = await get<{ table: { status: string; seq: number } }>(server.url, `/api/tables/${id}`);
    expect(over.body.table.status).toBe('finished');
    const truth = await truthOf(id);
    expect(truth.final).toBe(over.body.table.seq);
    // Each socket has heard the last move before the checks.
    await Promise.all(
      [...players.map((p) => p.client), early, again, late].map((c) => heard(c, truth.final)),
    );

    const audiences: Audience[] = [
      ...players.map((p) => ({ name: `seat ${p.seat}`, client: p.client, seat: p.seat })),
      { name: 'seat 1 again (since 3)', client: again, seat: grants[1].seat, since: 3 },
      { name: 'spectator from the start', client: early, seat: null },
      { name: 'late spectator (since 5)', client: late, seat: null, since: 5 },
    ];
    for (const a of audiences) {
      const counts = checkAudience(a, truth);
      expect(counts.snapshots, a.name).toBeGreaterThan(10);
      if (a.since === undefined) expect(counts.notices, a.name).toBe(truth.final);
      else expect(counts.missed, a.name).toBeGreaterThan(0);
    }
    // Seats not to act and spectators were never shown a move list; each seat was shown its own ones.
    for (const a of audiences) {
      const lists = a.client.received.flatMap((m) =>
        'snapshot' in m && m.snapshot && m.snapshot.legalMoves.length > 0 ? [m.snapshot] : [],
      );
      if (a.seat === null) expect(lists, a.name).toEqual([]);
      else {
        expect(lists.length, a.name).toBeGreaterThan(0);
        for (const s of lists) expect(s.toAct, a.name).toContain(a.seat);
      }
    }
    for (const c of [...players.map((p) => p.client), early, again, late]) c.close();
  });
});
