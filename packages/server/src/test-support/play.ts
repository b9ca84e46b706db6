/** Test players: real WebSocket clients that hold a seat and play random legal moves until the game ends. */
import { Rng } from '@attila/core';
import type { Snapshot } from '@attila/protocol';
import { TestClient } from './client.js';

export interface Seated {
  readonly client: TestClient;
  readonly seat: number;
}

/** Connects a client for every seat grant; resolves when all are welcomed. */
export async function seatClients(
  url: string,
  table: string,
  grants: { seat: number; token: string }[],
): Promise<Seated[]> {
  return Promise.all(
    grants.map(async (g) => {
      const client = await TestClient.connect(url);
      client.send({ type: 'hello', table, seat: g.seat, token: g.token });
      await client.next('welcome');
      return { client, seat: g.seat };
    }),
  );
}

/** The newest snapshot (highest seq; the later one on a tie) this client got. */
function latestSnapshot(client: TestClient): Snapshot | null {
  let best: Snapshot | null = null;
  for (const m of client.received) {
    if ((m.type === 'update' || m.type === 'table' || m.type === 'welcome') && m.snapshot) {
      if (!best || m.snapshot.seq >= best.seq) best = m.snapshot;
    }
  }
  return best;
}

/**
 * Each client moves at random whenever its latest snapshot says it is to act, until the game is over or
 * `maxMoves` moves were made in all. Resolves with the number of moves the clients made.
 */
/** Where each player stands when a game stops moving: its last snapshot and the last errors it was sent. */
function stallReport(players: readonly Seated[]): string {
  return players
    .map((p) => {
      const snap = latestSnapshot(p.client);
      const errors = p.client.received.filter((m) => m.type === 'error').slice(-2);
      return `seat ${p.seat}: seq ${snap?.seq}, to act ${JSON.stringify(snap?.toAct)}, errors ${JSON.stringify(errors)}`;
    })
    .join('; ');
}

export function playRandomly(
  players: Seated[],
  seed: string,
  maxMoves = 10_000,
  timeoutMs = 60_000,
): Promise<number> {
  const rng = Rng.fromSeed(seed);
  let made = 0;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`game not over after ${timeoutMs} ms (${made} moves): ${stallReport(players)}`)),
      timeoutMs,
    );
    const sentAt = new Map<Seated, number>();
    const step = () => {
      let over = true;
      for (const p of players) {
        const snap = latestSnapshot(p.client);
        if (!snap) {
          over = false;
          continue;
        }
        if (snap.result === null) over = false;
        if (snap.result !== null || !snap.toAct.includes(p.seat) || sentAt.get(p) === snap.seq) continue;
        if (made >= maxMoves) continue;
        sentAt.set(p, snap.seq);
        p.client.send({ type: 'move', seq: snap.seq, move: rng.pick(snap.legalMoves) });
        made++;
      }
      if (over || made >= maxMoves) {
        clearTimeout(timer);
        for (const p of players) p.client.socket.off('message', listener);
        players.forEach((p, i) => p.client.socket.off('message', retries[i]));
        resolve(made);
      }
    };
    const listener = () => setImmediate(step);
    // A random mover can outpace the per-socket message limit (a person never does): a move refused for
    // that is sent again once the limit has refilled, as a client would.
    const retries = players.map((p) => (data: unknown) => {
      const m: unknown = JSON.parse(String(data));
      if (typeof m === 'object' && m !== null && 'code' in m && m.code === 'rate.limited') {
        sentAt.delete(p);
        setTimeout(step, 200);
      }
    });
    for (const p of players) p.client.socket.on('message', listener);
    players.forEach((p, i) => p.client.socket.on('message', retries[i]));
    step();
  });
}
