/**
 * What the capacity benchmarks (pairing-capacity.ts, event-capacity.ts) share: their command-line options,
 * the CPU a process got (/proc/PID/stat), percentiles, and a person playing one seat of a Knights game over
 * the real WebSocket — a random legal move after a think time drawn from an exponential distribution.
 */
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import type { Rng } from '@attila/core';
import type { ServerMessage, Snapshot } from '@attila/protocol';

export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

/** User + system CPU time the process has had, in ms (clock ticks of 10 ms). */
export function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

/** What the players count while `measuring`. */
export interface PlayFigures {
  measuring: boolean;
  /** From sending a move to the update that applies it, ms. */
  latencies: number[];
  /** Games seen to their end (counted by seat 0's player). */
  games: number;
  /** Error messages the server sent (a refused move). */
  errors: number;
}

export interface SeatGrant {
  readonly table: string;
  readonly seat: number;
  readonly token: string;
}

/** Plays the seat until the game ends (resolves as the socket closes): a random legal move after each think time. */
export function playSeat(
  url: string,
  grant: SeatGrant,
  f: PlayFigures,
  rng: Rng,
  thinkMs: number,
): Promise<void> {
  const { table, seat, token } = grant;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url.replace('http', 'ws') + '/ws');
    let pending: { seq: number; at: number } | null = null;
    const maybeMove = (snap: Snapshot) => {
      if (!snap.toAct.includes(seat) || !snap.legalMoves.length) return;
      if (pending && pending.seq >= snap.seq) return;
      pending = { seq: snap.seq, at: 0 };
      const move = JSON.stringify({ type: 'move', seq: snap.seq, move: rng.pick(snap.legalMoves) });
      setTimeout(
        () => {
          if (ws.readyState !== ws.OPEN) return;
          pending = { seq: snap.seq, at: performance.now() };
          ws.send(move);
        },
        -thinkMs * Math.log(1 - rng.nextFloat()),
      );
    };
    ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', table, seat, token })));
    ws.on('error', reject);
    ws.on('close', () => resolve());
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as ServerMessage;
      if (m.type === 'error') {
        f.errors++;
        pending = null;
        return;
      }
      if (m.type !== 'welcome' && m.type !== 'update') return;
      const snap = m.snapshot;
      if (!snap) return;
      if (m.type === 'update' && pending && pending.at > 0 && m.seq > pending.seq && m.seat === seat) {
        if (f.measuring) f.latencies.push(performance.now() - pending.at);
        pending = null;
      }
      if (snap.result) {
        if (f.measuring && seat === 0) f.games++;
        ws.close();
        return;
      }
      maybeMove(snap);
    });
  });
}
