/**
 * `POST /api/knights/analyse {position, budgetMs?}`: the value of every legal move of a Knights position,
 * for browsers that would take long to find it themselves (early in the placement phase). On the standard board
 * the opening table answers placement-phase moves at once and exactly (it is complete); whatever the
 * opening book knows besides is answered at once too (win or loss, without the number of plies); the
 * other moves are proven exactly in a thread of their own until the time budget runs out, then that thread
 * is stopped and the answer says which moves are still unknown (`complete: false`). One search runs at a
 * time; a request meanwhile gets the book's part only. In the move phase the server's tablebase
 * (`knights-tablebase.ts`), once built, answers every move exactly at once.
 *
 * Answer: `{position, verdicts: [{move, value, exact}], complete, ms}`; value +N: the mover wins in N plies,
 * -N: loses in N (exact: false — only win (+1) or loss (-1) is known).
 *
 * `POST /api/knights/values {positions}` (at most `MAX_VALUE_POSITIONS`): the exact value of each position of
 * a game and one move that keeps it, from the tables alone (the opening table, the tablebase once built), at
 * once and never searched — what the end-of-game dialog needs for its mistakes. Answer `{values: [{value,
 * best} | null]}` in the order asked; null where the tables do not know the position (the browser searches).
 */
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { betterValue, openingTableFor, standardOpeningBook } from '@attila/bots';
import { moveToString, PLACEMENT, Position, STANDARD_LAYOUT } from '@attila/knights';
import { describeZodError, type ErrorBody } from '@attila/protocol';
import type { AnalysisAnswer, AnalysisQuestion } from './knights-analysis-worker.js';
import type { TablebaseService } from './knights-tablebase.js';
import { threadScript } from './threads.js';

export const DEFAULT_ANALYSIS_BUDGET_MS = 2000;
export const MAX_ANALYSIS_BUDGET_MS = 5000;

const analyseSchema = z
  .object({
    position: z.string().min(1).max(200),
    budgetMs: z.number().int().min(0).max(MAX_ANALYSIS_BUDGET_MS).optional(),
  })
  .strict();

/** A game has at most 6 placements and 14 turns (one square scorched each): 21 positions, with room. */
export const MAX_VALUE_POSITIONS = 64;

const valuesSchema = z
  .object({ positions: z.array(z.string().min(1).max(200)).min(1).max(MAX_VALUE_POSITIONS) })
  .strict();

export interface TableValue {
  /** The side to move's value (+N wins in N plies, -N loses in N, 0 the game is over). */
  readonly value: number;
  /** One move that keeps it (null when the game is over). */
  readonly best: string | null;
}

/** A position's exact value and one best move from the tables alone, or null where they do not know it. */
export function tableValue(position: Position, tablebase: TablebaseService | null): TableValue | null {
  const legal = position.legalMoveCodes().length;
  if (legal === 0) return { value: 0, best: null };
  const verdicts = tablebase?.verdicts(position) ?? tableVerdicts(position);
  if (verdicts.length !== legal) return null;
  const value = verdicts.reduce((b, v) => betterValue(b, v.value), verdicts[0].value);
  return { value, best: verdicts.find((v) => v.value === value)!.move };
}

export interface MoveVerdict {
  readonly move: string;
  readonly value: number;
  readonly exact: boolean;
}

/** What the opening table knows exactly of each placement (standard board, placement phase only). */
export function tableVerdicts(position: Position): MoveVerdict[] {
  const moves = openingTableFor(position)?.placementValues(position) ?? null;
  if (moves === null) return [];
  return moves.flatMap((m) =>
    m.value === null
      ? []
      : [{ move: moveToString(position.layout, PLACEMENT | m.square), value: m.value, exact: true }],
  );
}

/** What the opening book tells about each legal move (standard board, placement phase only). */
export function bookVerdicts(position: Position): MoveVerdict[] {
  if (position.layout !== STANDARD_LAYOUT || position.phase() !== 'placement') return [];
  const book = standardOpeningBook();
  const own = book.lookup(position);
  return position.legalMoveCodes().flatMap((code) => {
    const move = moveToString(position.layout, code);
    // A lost position loses whatever is played; in a won one the book's placement wins.
    if (own && (own.value < 0 || code === (PLACEMENT | own.square))) {
      return [{ move, value: own.value, exact: false }];
    }
    const after = book.lookup(position.playCode(code));
    return after ? [{ move, value: -after.value, exact: false }] : [];
  });
}

/** One search thread, started when first needed and stopped when its budget runs out. */
class AnalysisThread {
  private worker: Worker | null = null;
  private nextId = 1;
  busy = false;

  private start(): Worker {
    if (!this.worker) {
      const source = new URL('./knights-analysis-worker.ts', import.meta.url);
      const { script, workerData } = threadScript('knights-analysis-worker', source);
      this.worker = new Worker(script, { workerData });
    }
    this.worker.unref();
    return this.worker;
  }

  /** Proves the moves until done or out of time; returns the exact verdicts found. */
  run(position: string, moves: readonly number[], budgetMs: number): Promise<MoveVerdict[]> {
    this.busy = true;
    const worker = this.start();
    const id = this.nextId++;
    const found: MoveVerdict[] = [];
    return new Promise((resolve) => {
      const finish = (stop: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        if (stop) void this.stop();
        this.busy = false;
        resolve(found);
      };
      const onMessage = (a: AnalysisAnswer) => {
        if (a.id !== id) return;
        if ('move' in a) found.push({ move: a.move, value: a.value, exact: true });
        else finish('error' in a);
      };
      const onError = () => {
        this.worker = null;
        finish(false);
      };
      const timer = setTimeout(() => finish(true), budgetMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.postMessage({ id, position, moves } satisfies AnalysisQuestion);
    });
  }

  async stop(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}

export async function registerKnightsAnalysis(
  app: FastifyInstance,
  tablebase: TablebaseService | null = null,
): Promise<void> {
  const thread = new AnalysisThread();
  app.addHook('onClose', () => thread.stop());

  app.post('/api/knights/values', async (req, reply) => {
    const body = valuesSchema.safeParse(req.body);
    if (!body.success) {
      const error: ErrorBody = { error: { code: 'request.invalid', message: describeZodError(body.error) } };
      return reply.code(400).send(error);
    }
    const values: Array<TableValue | null> = [];
    for (const [i, text] of body.data.positions.entries()) {
      const parsed = Position.parse(text);
      if (!parsed.ok) {
        const message = `positions[${i}]: ${parsed.error.message}`;
        const error: ErrorBody = { error: { code: 'analysis.position', message } };
        return reply.code(400).send(error);
      }
      values.push(tableValue(parsed.value, tablebase));
    }
    return { values };
  });

  app.post('/api/knights/analyse', async (req, reply) => {
    const t0 = performance.now();
    const body = analyseSchema.safeParse(req.body);
    if (!body.success) {
      const error: ErrorBody = { error: { code: 'request.invalid', message: describeZodError(body.error) } };
      return reply.code(400).send(error);
    }
    const parsed = Position.parse(body.data.position);
    if (!parsed.ok) {
      const error: ErrorBody = { error: { code: 'analysis.position', message: parsed.error.message } };
      return reply.code(400).send(error);
    }
    const position = parsed.value;
    // The move phase: the tablebase, once built, knows every move exactly.
    const fromTablebase = tablebase?.verdicts(position) ?? null;
    if (fromTablebase !== null) {
      return {
        position: position.toString(),
        verdicts: fromTablebase,
        complete: true,
        ms: Math.round(performance.now() - t0),
      };
    }
    const fromTable = tableVerdicts(position);
    const inTable = new Set(fromTable.map((v) => v.move));
    const fromBook = bookVerdicts(position).filter((v) => !inTable.has(v.move));
    const known = new Set([...inTable, ...fromBook.map((v) => v.move)]);
    const rest = position.legalMoveCodes().filter((c) => !known.has(moveToString(position.layout, c)));
    const budget = body.data.budgetMs ?? DEFAULT_ANALYSIS_BUDGET_MS;
    const searched = rest.length > 0 && budget > 0 && !thread.busy;
    const exact = searched ? await thread.run(position.toString(), rest, budget) : [];
    const proven = new Set(exact.map((v) => v.move));
    const verdicts = [...fromTable, ...exact, ...fromBook.filter((v) => !proven.has(v.move))];
    return {
      position: position.toString(),
      verdicts,
      complete: rest.every((c) => proven.has(moveToString(position.layout, c))),
      ms: Math.round(performance.now() - t0),
    };
  });
}
