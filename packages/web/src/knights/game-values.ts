/**
 * The exact value of every position of a game, for its mistakes. The tables answer first, at once: the
 * server's (`POST /api/knights/values`: the opening table, and the move-phase tablebase once built) in one
 * request for the whole game, or offline the page's opening table for the placement positions of the
 * standard board. What they leave unknown is searched: positions a browser solves quickly go to
 * the solver worker (from the last, so each search warms the table for the one before); early placement
 * positions, where a browser would search for minutes, are asked of the server one after the other (its
 * opening book, and a proof within its time budget). Progress is published as values arrive; the worker is
 * stopped and the requests aborted when the positions change, on `cancel`, or when the screen goes away.
 */
import { useEffect, useState } from 'preact/hooks';
import { Position } from '@attila/knights';
import { askServer } from './analysis-server.js';
import { inTableSpace, loadOpeningTable, tableAnswer } from './opening-table.js';
import { askTableValues } from './table-values.js';
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
    let answered = 0;
    let pending = 0;
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
    /** Searches what the tables left unknown: the browser's solver, or the server for early placements. */
    const searchRest = () => {
      const open = parsed.flatMap((p, i) =>
        p.ok && values[i] === null ? [{ i, slow: slowInBrowser(p.value) }] : [],
      );
      answered = values.filter((v) => v !== null).length;
      const slow = open.filter((o) => o.slow).map((o) => o.i);
      const fast = open.filter((o) => !o.slow).map((o) => o.i);
      pending = (fast.length > 0 ? 1 : 0) + (slow.length > 0 ? 1 : 0);
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
    };
    publish('working');
    void (async () => {
      const fromServer = await askTableValues(positions, aborter.signal);
      // Offline (or no server): the page's opening table knows the standard board's placement positions.
      const placements = parsed.some((p) => p.ok && inTableSpace(p.value));
      const table = fromServer === null && placements ? await loadOpeningTable() : null;
      if (!live) return;
      parsed.forEach((p, i) => {
        const known = fromServer?.[i] ?? (table && p.ok ? pageTableValue(table, p.value) : null);
        if (known) {
          values[i] = { value: known.value, exact: true };
          best[i] = known.best;
        }
      });
      searchRest();
    })();
    return stop;
  }, [key]);
  return state;
}

/** A placement position's value and a best placement from the page's opening table, when it knows them all. */
function pageTableValue(
  table: Parameters<typeof tableAnswer>[0],
  p: Position,
): { value: number; best: string | null } | null {
  const answer = tableAnswer(table, p);
  if (!answer?.complete || answer.verdicts.length === 0) return null;
  const exact = answer.verdicts.map((v) => ({ move: v.move, value: v.value, exact: true }));
  const found = valueFromVerdicts(exact, exact.length);
  return found && { value: found.value.value, best: found.best };
}
