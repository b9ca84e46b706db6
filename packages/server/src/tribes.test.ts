import { replayMoves } from '@attila/core';
import { TRIBES, tribesGame } from '@attila/tribes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse, SeatGrant, ServerMessage } from '@attila/protocol';
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

async function tribesTable(players: number, bots: number) {
  const seats = Array.from({ length: players }, (_, i) =>
    i < players - bots ? { type: 'human' } : { type: 'bot', bot: 'easy' },
  );
  const created = await post<CreateTableResponse>(server.url, '/api/tables', {
    game: 'tribes',
    settings: { players },
    seats,
    name: 'Ann',
  });
  expect(created.status).toBe(201);
  const grants = [{ seat: created.body.seat as number, token: created.body.token as string }];
  for (let i = 1; i < players - bots; i++) {
    const j = await post<SeatGrant>(server.url, `/api/tables/${created.body.table.id}/join`, {
      name: `P${i}`,
    });
    grants.push({ seat: j.body.seat, token: j.body.token });
  }
  return { id: created.body.table.id, grants };
}

/** Every object under `value` with a `hand` or `own` key, with the path to it. */
interface Secret {
  readonly path: string;
  readonly key: string;
  readonly value: unknown;
  /** The object holding the key (an event, a view, ...). */
  readonly holder: Record<string, unknown>;
}

function secretsIn(value: unknown, path = '$', out: Secret[] = []): Secret[] {
  if (Array.isArray(value)) value.forEach((v, i) => secretsIn(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'hand' || k === 'own' || k === 'hands' || k === 'deck' || k === 'seed')
        out.push({ path, key: k, value: v, holder: value as Record<string, unknown> });
      secretsIn(v, `${path}.${k}`, out);
    }
  }
  return out;
}

/** Cards named by tribe, as counts per tribe in the view's order. */
function countsOf(cards: readonly string[]): number[] {
  return TRIBES.map((t) => cards.filter((c) => c === t).length);
}

describe('Tribes over WebSockets', { timeout: 60_000 }, () => {
  it('plays a whole 4-seat game (3 people, 1 ISMCTS bot); no client ever receives another seat’s hidden cards', async () => {
    const { id, grants } = await tribesTable(4, 1);
    const players = await seatClients(server.url, id, grants);
    const spectator = await TestClient.connect(server.url);
    spectator.send({ type: 'hello', table: id });
    await spectator.next('welcome');
    await playRandomly(players, 'tribes-ws', 20_000, 90_000);
    const over = await get<{ table: { status: string; seq: number } }>(server.url, `/api/tables/${id}`);
    expect(over.body.table.status).toBe('finished');

    // Replay the record on the test's side: the exact state at every sequence number.
    const record = await get<{ settings: Record<string, unknown>; seed: string; moves: string[] }>(
      server.url,
      `/api/tables/${id}/record`,
    );
    const settings = tribesGame.parseSettings(record.body.settings);
    if (!settings.ok) throw new Error(settings.error.message);
    const replay = replayMoves(tribesGame, settings.value, record.body.seed, record.body.moves);
    if (!replay.ok) throw new Error(replay.error.message);
    const states = replay.value.states;
    expect(record.body.moves.length).toBe(over.body.table.seq);

    const audiences = [
      ...players.map((p) => ({ client: p.client, seat: p.seat as number | null })),
      { client: spectator, seat: null },
    ];
    let checked = 0;
    for (const { client, seat } of audiences) {
      for (const m of client.received as ServerMessage[]) {
        const snap = 'snapshot' in m ? m.snapshot : null;
        if (snap) {
          // The view is exactly the engine's view for this seat at that moment: nothing more.
          const expected = tribesGame.view(states[snap.seq], seat === null ? 'spectator' : { seat });
          expect(JSON.parse(JSON.stringify(snap.view))).toEqual(JSON.parse(JSON.stringify(expected)));
          checked++;
        }
        // Any hand or laid cards anywhere in the message are the viewer's own, never another seat's.
        for (const s of secretsIn(m)) {
          // House rule (rules page, turn step 1): a player with no playable card reveals the hand to all.
          // Such a hand is public, and must be exactly the discarding seat's hand before the discard.
          if (s.key === 'hand' && s.holder.type === 'forced-discard') {
            const hand = s.holder.hand as string[];
            const discarder = s.holder.seat as number;
            if (m.type === 'update') {
              const own = tribesGame.view(states[m.seq - 1], { seat: discarder }).hand as number[];
              expect(countsOf(hand)).toEqual(own);
            }
            continue;
          }
          if (s.key === 'seed' || s.key === 'deck' || s.key === 'hands')
            throw new Error(`secret "${s.key}" at ${s.path}`);
          if (seat === null) expect(s.value, `${s.path}.${s.key} for a spectator`).toBeNull();
        }
        if (snap && seat !== null) {
          const view = snap.view as { hand: number[] };
          expect(view.hand).toEqual(tribesGame.view(states[snap.seq], { seat }).hand);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(JSON.stringify(spectator.raw)).not.toContain(record.body.seed);
    for (const p of players) p.client.close();
    spectator.close();
  }, 120_000);

  it('a move against the rules is refused with the rule it breaks (the engine names it); nothing changes', async () => {
    const { id, grants } = await tribesTable(3, 0);
    const players = await seatClients(server.url, id, grants);
    const mover = players.find((p) => {
      const welcome = p.client.received.find((m) => m.type === 'welcome');
      return welcome?.type === 'welcome' && (welcome.snapshot?.legalMoves.length ?? 0) > 0;
    })!;
    const welcome = mover.client.received.find((m) => m.type === 'welcome');
    const legal = welcome?.type === 'welcome' ? (welcome.snapshot?.legalMoves ?? []) : [];
    // A card the hand holds, into Italia: no marker of that tribe is on the board, and Italia is no start province.
    const tribe = legal[0].split(' ')[1];
    mover.client.send({ type: 'move', seq: 0, move: `play ${tribe} italia`, ref: 'italia' });
    const refused = await mover.client.next('error');
    expect(refused).toMatchObject({ code: 'move.first-marker', ref: 'italia' });
    expect(refused.message).toMatch(/their first goes into a start province/);
    const table = await get<{ table: { seq: number } }>(server.url, `/api/tables/${id}`);
    expect(table.body.table.seq).toBe(0);
    for (const p of players) p.client.close();
  });

  it('bots think in worker threads: the server answers at once while they search', async () => {
    const created = await post<CreateTableResponse>(server.url, '/api/tables', {
      game: 'tribes',
      settings: { players: 3 },
      seats: [
        { type: 'bot', bot: 'hard' },
        { type: 'bot', bot: 'hard' },
        { type: 'bot', bot: 'hard' },
      ],
    });
    const id = created.body.table.id;
    const slowest: number[] = [];
    let seq = 0;
    const until = Date.now() + 30_000;
    while (seq < 3 && Date.now() < until) {
      const t0 = performance.now();
      const r = await get(server.url, '/health');
      slowest.push(performance.now() - t0);
      expect(r.status).toBe(200);
      seq = (await get<{ table: { seq: number } }>(server.url, `/api/tables/${id}`)).body.table.seq;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(seq).toBeGreaterThanOrEqual(3);
    // The searches ran meanwhile, yet every request was answered promptly (generous for a shared machine).
    expect(Math.max(...slowest)).toBeLessThan(500);
  });
});
