/**
 * The exact value of every position of a game, for its mistakes. Positions a browser solves quickly go to
 * the solver worker (from the last, so each search warms the table for the one before); early placement
 * positions, where a browser would search for minutes, are asked of the server one after the other (its
 * opening book, and a proof within its time budget). Progress is published as values arrive; the worker is
 * stopped and the requests aborted when the positions change, on `cancel`, or when the screen goes away.
 */
import { useEffect, useState } from 'preact/hooks';
import { Position } from '@attila/knights';
import { askServer } from './analysis.js';
import { slowInBrowser } from './analysis-speed.js';
import { valueFromVerdicts, type KnownValue } from './mistakes.js';
import type { SolverQuestion, SolverReply } from './solver-worker.js';

export interface GameValues {
  readonly status: 'off' | 'working' | 'ready' | 'cancelled';
  /** Value of the position after `i` plies, from its side to move; null while (or if it stays) unknown. */
  readonly values: readonly (KnownValue | null)[];
  /** A move that keeps the value of position `i`. */
  readonly best: readonly (string | null)[];
  readonly done: number;
  readonly total: number;
  readonly cancel?: () => void;
}

const OFF: GameValues = { status: 'off', values: [], best: [], done: 0, total: 0 };

let nextId = 1_000_000;

export function useGameValues(positions: readonly string[] | null): GameValues {
  const [state, setState] = useState<GameValues>(OFF);
  const key = positions?.join('|') ?? null;
  useEffect(() => {
    if (!positions || positions.length === 0) {
      setState(OFF);
      return;
    }
    const total = positions.length;
    const values: (KnownValue | null)[] = positions.map(() => null);
    const best: (string | null)[] = positions.map(() => null);
    const parsed = positions.map((p) => Position.parse(p));
    const slow = parsed.flatMap((p, i) => (p.ok && slowInBrowser(p.value) ? [i] : []));
    const fast = parsed.flatMap((p, i) => (p.ok && !slowInBrowser(p.value) ? [i] : []));
    let answered = 0;
    let pending = (fast.length > 0 ? 1 : 0) + (slow.length > 0 ? 1 : 0);
    let live = true;
    let worker: Worker | null = null;
    const aborter = new AbortController();
    const stop = () => {
      live = false;
      aborter.abort();
      worker?.terminate();
      worker = null;
    };
    const publish = (status: GameValues['status']) =>
      setState({
        status,
        values: [...values],
        best: [...best],
        done: answered,
        total,
        cancel: status === 'working' ? cancel : undefined,
      });
    const cancel = () => {
      stop();
      publish('cancelled');
    };
    const finished = () => {
      pending--;
      if (pending <= 0) publish('ready');
      else publish('working');
    };
    publish(pending === 0 ? 'ready' : 'working');

    if (fast.length > 0) {
      const w = new Worker(new URL('./solver-worker.ts', import.meta.url), { type: 'module' });
      worker = w;
      const id = ++nextId;
      w.onmessage = (e: MessageEvent<SolverReply>) => {
        if (!live || e.data.id !== id) return;
        const reply = e.data;
        if ('index' in reply) {
          const i = fast[reply.index];
          values[i] = { value: reply.value, exact: true };
          best[i] = reply.best;
          answered++;
          publish('working');
        } else if ('done' in reply || 'error' in reply) {
          w.terminate();
          worker = null;
          finished();
        }
      };
      w.postMessage({
        kind: 'values',
        id,
        positions: fast.map((i) => positions[i]),
      } satisfies SolverQuestion);
    }
    if (slow.length > 0) {
      void (async () => {
        // One after the other: the server runs one search at a time.
        for (const i of slow) {
          const p = parsed[i];
          const answer = await askServer(positions[i], aborter.signal);
          if (!live) return;
          const found =
            answer && p.ok ? valueFromVerdicts(answer.verdicts, p.value.legalMoveCodes().length) : null;
          if (found) {
            values[i] = found.value;
            best[i] = found.best;
          }
          answered++;
          publish('working');
        }
        finished();
      })();
    }
    return stop;
  }, [key]);
  return state;
}
