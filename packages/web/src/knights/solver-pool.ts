/**
 * The browser's solver workers for the analysis, taking a position's moves one at a time from a shared
 * queue (so with more than one worker a hard move does not hold up the others), each value shown as soon
 * as it is proven. A worker done searching is kept for the next
 * position: starting one (its code, the solver's table of 2^20 entries) costs about as much as a whole
 * move-phase analysis, and its table's entries stay true for any position. A worker still searching is
 * stopped (the only way to stop it): no search outlives what is on screen.
 */
import type { SolverQuestion, SolverReply } from './solver-worker.js';

/**
 * How many workers share a search. One: on the 2-core test machine under other load, two workers (each with
 * its own table, so the moves' shared subtrees are searched twice) answered the move phase slower (median
 * 1.8 s against 1.2 s over the same 20 positions, README); the queue lets a device with cores to spare use
 * more once that is measured there.
 */
export const MAX_SOLVER_WORKERS = 1;

const POOL = Math.max(1, Math.min(MAX_SOLVER_WORKERS, globalThis.navigator?.hardwareConcurrency || 1));

let idle: Worker[] = [];

function take(): Worker {
  return idle.pop() ?? new Worker(new URL('./solver-worker.ts', import.meta.url), { type: 'module' });
}

function park(w: Worker): void {
  w.onmessage = null;
  w.onerror = null;
  if (idle.length < POOL) idle.push(w);
  else w.terminate();
}

/** No analysis on screen any more: the kept workers go too (nothing stays behind). */
export function dropIdleSolvers(): void {
  for (const w of idle) w.terminate();
  idle = [];
}

let nextId = 0;

export interface MoveSearchEvents {
  /** A move proven: its exact value for the side to move. */
  readonly onValue: (move: string, value: number) => void;
  /** Every move proven; the line of best play when it was asked for. */
  readonly onDone: (line: readonly string[] | null) => void;
  readonly onError: () => void;
}

/**
 * Proves `moves` of `position`, then, when `lineFrom` is given, finds the line of best play starting with
 * the move it names once every value is known (the page's best move: the one the board marks). Returns the
 * stop of the search.
 */
export function proveMoves(
  position: string,
  moves: readonly string[],
  events: MoveSearchEvents,
  lineFrom?: () => string | null,
): () => void {
  const queue = [...moves];
  const proverOf = new Map<string, Worker>();
  const workers = Array.from({ length: Math.max(1, Math.min(POOL, queue.length)) }, take);
  let left = queue.length;
  let live = true;
  // Stops a search still running; a finished one's workers are parked for the next and stay.
  const stop = () => {
    if (!live) return;
    live = false;
    for (const w of workers) w.terminate();
  };
  const finish = (line: readonly string[] | null) => {
    live = false;
    for (const w of workers) park(w);
    events.onDone(line);
  };
  const fail = () => {
    stop();
    events.onError();
  };
  const askLine = () => {
    const first = lineFrom?.() ?? null;
    if (first === null) return finish(lineFrom ? [] : null);
    const w = proverOf.get(first) ?? workers[0];
    const id = ++nextId;
    w.onmessage = (e: MessageEvent<SolverReply>) => {
      if (!live || e.data.id !== id) return;
      if ('line' in e.data) finish(e.data.line);
      else fail();
    };
    w.postMessage({ kind: 'line', id, position, first } satisfies SolverQuestion);
  };
  const next = (w: Worker) => {
    const move = queue.shift();
    if (move === undefined) return;
    const id = ++nextId;
    w.onmessage = (e: MessageEvent<SolverReply>) => {
      if (!live || e.data.id !== id) return;
      if (!('move' in e.data)) return fail();
      proverOf.set(move, w);
      events.onValue(move, e.data.value);
      if (--left === 0) return askLine();
      next(w);
    };
    w.postMessage({ kind: 'move', id, position, move } satisfies SolverQuestion);
  };
  for (const w of workers) {
    w.onerror = () => live && fail();
    next(w);
  }
  if (left === 0) askLine();
  return stop;
}
