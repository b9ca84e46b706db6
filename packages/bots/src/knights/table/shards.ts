/**
 * The build's unit of work: the 6-knight layer (the positions just after placement, the only ones the solver
 * has to search; the placement layers follow from them) cut into shards of consecutive ranks. Consecutive
 * ranks share the side to move's knights, so a shard's positions are neighbours whose searches overlap.
 */
import type { KnightsSolver } from '../solver/search.js';
import { valueScore } from '../solver/solve.js';
import { scoreToValue } from '../solver/score.js';
import { UNKNOWN } from './format.js';
import { KNIGHTS } from './space.js';
import type { OpeningTable } from './table.js';

export interface ShardRange {
  readonly shard: number;
  /** First and one past the last rank of layer 6. */
  readonly from: number;
  readonly to: number;
}

export function shardCount(table: OpeningTable): number {
  return Math.ceil(table.space.count(KNIGHTS) / table.shardSize);
}

export function shardRange(table: OpeningTable, shard: number): ShardRange {
  const from = shard * table.shardSize;
  return { shard, from, to: Math.min(from + table.shardSize, table.space.count(KNIGHTS)) };
}

/** Whether every value of the shard is in the table (shards are written whole, so none or all are). */
export function shardDone(table: OpeningTable, shard: number): boolean {
  const { from, to } = shardRange(table, shard);
  const base = table.space.offsets[KNIGHTS];
  for (let r = from; r < to; r++) if (table.values[base + r] === UNKNOWN) return false;
  return true;
}

/** The exact value of the 6-knight position of this rank (the side to move is the first player). */
export function solveRank(solver: KnightsSolver, table: OpeningTable, rank: number): number {
  const [mover, other] = table.space.unrank(KNIGHTS, rank);
  return scoreToValue(valueScore(solver, { romans: mover, huns: other, scorched: 0, side: 0 }));
}

/** Solves a shard's positions in rank order: their values and the solver's nodes. */
export function solveShard(
  solver: KnightsSolver,
  table: OpeningTable,
  shard: number,
): { values: number[]; nodes: number } {
  const { from, to } = shardRange(table, shard);
  const start = solver.nodes;
  const values: number[] = [];
  for (let r = from; r < to; r++) values.push(solveRank(solver, table, r));
  return { values, nodes: solver.nodes - start };
}
