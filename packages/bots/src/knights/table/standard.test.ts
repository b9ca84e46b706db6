import { describe, expect, it } from 'vitest';
import { Rng } from '@attila/core';
import { Position, presetLayout, STANDARD_LAYOUT } from '@attila/knights';
import { solverFor } from '../solver/solve.js';
import { perfectMove, tablePlacement } from '../perfect.js';
import { betterValue, OpeningTable } from './table.js';
import { distinctRanks, sampleProblems, structuralProblems } from './check.js';
import { decodeValue, encodeValue, UNKNOWN } from './format.js';
import { standardOpeningTable } from './load.js';
import { KNIGHTS } from './space.js';

const table = standardOpeningTable();

describe('the shipped opening table of the standard board', { timeout: 600_000 }, () => {
  it('is there, complete (every placement position and every position just after it) and sound', () => {
    expect(table).not.toBeNull();
    for (const c of table!.coverage()) expect(c.known).toBe(c.total);
    expect(table!.space.total).toBe(221_072);
    expect(structuralProblems(table!)).toEqual([]);
  });

  it('agrees with the solver on 20 seeded random 6-knight entries, and the check finds one altered value', () => {
    // The verify command's check (`verify.ts` draws 1,000 the same way), kept small: about 20 s of CPU (one entry 7 s), so a generous timeout for a loaded machine.
    const sample = distinctRanks(Rng.fromSeed('standard table unit'), table!.space.count(KNIGHTS), 20);
    const solver = solverFor(STANDARD_LAYOUT);
    expect(sampleProblems(solver, table!, KNIGHTS, sample)).toEqual([]);
    // One value of the sample changed by one move's length (same sign: only the exact value can tell).
    const altered = new OpeningTable(table!.space, table!.shape, table!.shardSize, table!.values.slice());
    const rank = sample[13];
    const at = altered.space.offsets[KNIGHTS] + rank;
    const v = decodeValue(altered.values[at])!;
    altered.values[at] = encodeValue(v > 0 ? (v > 1 ? v - 2 : v + 2) : v - 2);
    expect(sampleProblems(solver, altered, KNIGHTS, sample)).toEqual([
      { layer: KNIGHTS, rank, problem: `stored ${decodeValue(altered.values[at])}, solver ${v}` },
    ]);
  });

  it('answers engine positions in any orientation and colour, and nothing outside the table', () => {
    const base = table!.space.offsets[KNIGHTS];
    const rank = table!.values.subarray(base).findIndex((b) => b !== UNKNOWN);
    const [mover, other] = table!.space.unrank(KNIGHTS, rank);
    const value = table!.valueOf(mover, other);
    const board = Position.empty(STANDARD_LAYOUT, 'H').toBoard();
    const mirror = STANDARD_LAYOUT.symmetries[1];
    board.huns = mirror.mapMask(mover);
    board.romans = mirror.mapMask(other);
    const position = Position.fromBoard(board); // the Huns to move, mirrored
    expect(table!.positionValue(position)).toBe(value);
    expect(table!.positionValue({ ...position, scorched: 1 << lowFree(position) })).toBeNull();
  });
});

describe('the perfect bot in the placement phase', () => {
  it('plays one of the best placements by the table where it knows them all', () => {
    let position: Position | null = null;
    for (let r = 0; r < table!.space.count(5) && position === null; r++) {
      const [mover, other] = table!.space.unrank(5, r);
      const b = Position.empty(STANDARD_LAYOUT, 'H').toBoard();
      [b.huns, b.romans] = [mover, other];
      if (table!.knownPlacementValues(Position.fromBoard(b)) !== null) position = Position.fromBoard(b);
    }
    expect(position).not.toBeNull();
    const values = table!.knownPlacementValues(position!)!;
    const best = values.reduce((v, m) => betterValue(v, m.value), values[0].value);
    const optimal = new Set(values.filter((m) => m.value === best).map((m) => m.square));
    const rng = Rng.fromSeed('perfect');
    for (let i = 0; i < 20; i++) expect(optimal.has(perfectMove(position!, rng) & 31)).toBe(true);
    // Another layout has no table: the book and the search answer instead.
    expect(tablePlacement(Position.empty(presetLayout('cross')!, 'R'), rng)).toBeNull();
  });
});

function lowFree(p: Position): number {
  const free = STANDARD_LAYOUT.all & ~(p.romans | p.huns);
  return 31 - Math.clz32(free & -free);
}
