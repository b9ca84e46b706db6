/**
 * Checks of an opening table. Structural (cheap, the whole table): every value is possible (a win in N plies
 * has N odd, a loss N even, at most the plies left: the placements still to make plus the free squares after
 * them), the 6-knight layer has no finished position (the no-trap rule leaves the first player a move), and
 * every placement position's value is the best of its placements' by the mate-distance rule
 * (`valueAfter`: parent = -child + sign(child) in scores) — known exactly when all its children are known.
 * Sampled (costly): values recomputed by the solver and compared.
 */
import type { Rng } from '@attila/core';
import type { OpeningBook } from '../book/book.js';
import type { KnightsSolver } from '../solver/search.js';
import { exactScoreFromLongestLoss } from '../solver/solve.js';
import { scoreToValue } from '../solver/score.js';
import { decodeValue } from './format.js';
import { KNIGHTS, LAYERS, moverCount } from './space.js';
import type { OpeningTable } from './table.js';

export interface CheckProblem {
  readonly layer: number;
  readonly rank: number;
  readonly problem: string;
}

/** Every structural problem of the table (empty when it is sound), at most `limit` of them. */
export function structuralProblems(table: OpeningTable, limit = 20): CheckProblem[] {
  const problems: CheckProblem[] = [];
  const space = table.space;
  for (let k = 0; k < LAYERS && problems.length < limit; k++) {
    const base = space.offsets[k];
    for (let r = 0; r < space.count(k) && problems.length < limit; r++) {
      const v = decodeValue(table.values[base + r]);
      const [mover, other] = space.unrank(k, r);
      const report = (problem: string) => problems.push({ layer: k, rank: r, problem });
      if (v !== null) {
        const longest = KNIGHTS - k + (space.size - KNIGHTS);
        if (Math.abs(v) > longest) report(`value ${v} is longer than the ${longest} plies left`);
        else if (v !== 0 && v > 0 !== (Math.abs(v) % 2 === 1)) report(`value ${v} has the wrong parity`);
        else if (v === 0 && k === KNIGHTS) report('value 0 after placement, but every knight has a move');
      }
      if (k < KNIGHTS) {
        const derived = table.derivedValue(mover, other);
        if (derived !== v) report(`value ${v ?? 'unknown'}, its placements give ${derived ?? 'unknown'}`);
      }
      if (moverCount(k) !== popcount(mover)) report('wrong number of knights for the side to move');
    }
  }
  return problems;
}

/** The solver's exact value of the position of a rank (the side to move taken as the Romans), found by
 * `exactScoreFromLongestLoss`, another test sequence than the build's `valueScore`. */
export function solvedValue(solver: KnightsSolver, table: OpeningTable, layer: number, rank: number): number {
  const [mover, other] = table.space.unrank(layer, rank);
  return scoreToValue(
    exactScoreFromLongestLoss(solver, { romans: mover, huns: other, scorched: 0, side: 0 }),
  );
}

/**
 * `n` distinct ranks of a layer of `count` positions drawn by `rng` (a partial Fisher–Yates over a sparse
 * swap map), in the order drawn: the same seed draws the same sample, and no entry is checked twice.
 */
export function distinctRanks(rng: Rng, count: number, n: number): number[] {
  const swapped = new Map<number, number>();
  const at = (i: number) => swapped.get(i) ?? i;
  const ranks: number[] = [];
  for (let i = 0; i < Math.min(n, count); i++) {
    const j = i + rng.int(count - i);
    const picked = at(j);
    swapped.set(j, at(i));
    ranks.push(picked);
  }
  return ranks;
}

/** Recomputes the given ranks of a layer with the solver; the ones that disagree (unknown ones skipped). */
export function sampleProblems(
  solver: KnightsSolver,
  table: OpeningTable,
  layer: number,
  ranks: readonly number[],
): CheckProblem[] {
  const problems: CheckProblem[] = [];
  for (const r of ranks) {
    const stored = decodeValue(table.values[table.space.offsets[layer] + r]);
    if (stored === null) continue;
    const solved = solvedValue(solver, table, layer, r);
    if (solved !== stored) problems.push({ layer, rank: r, problem: `stored ${stored}, solver ${solved}` });
  }
  return problems;
}

/**
 * Entries of the opening book that the table contradicts: the book's win or loss (+1 / -1) must have the
 * table's sign, and the book's placement in a won position must keep the win.
 */
export function bookProblems(table: OpeningTable, book: OpeningBook): CheckProblem[] {
  const problems: CheckProblem[] = [];
  for (const [position, entry] of book.entries()) {
    const value = table.positionValue(position);
    const where = (problem: string) => ({
      layer: -1,
      rank: -1,
      problem: `book ${position.toString()}: ${problem}`,
    });
    if (value === null || Math.sign(value) !== entry.value) {
      problems.push(where(`book ${entry.value > 0 ? 'win' : 'loss'}, table ${value}`));
      continue;
    }
    if (entry.value > 0) {
      const placed = table.placementValues(position)?.find((m) => m.square === entry.square);
      if (!placed || placed.value === null || placed.value < 0)
        problems.push(where(`the book's placement ${entry.square} does not win by the table`));
    }
  }
  return problems;
}

function popcount(x: number): number {
  let n = 0;
  for (; x !== 0; x &= x - 1) n++;
  return n;
}
