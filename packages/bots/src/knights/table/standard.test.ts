import { describe, expect, it } from 'vitest';
import { Rng } from '@attila/core';
import { Position, presetLayout, STANDARD_LAYOUT } from '@attila/knights';
import { solverFor } from '../solver/solve.js';
import { perfectMove, tablePlacement } from '../perfect.js';
import { betterValue } from './table.js';
import { sampleProblems, structuralProblems } from './check.js';
import { UNKNOWN } from './format.js';
import { standardOpeningTable } from './load.js';
import { KNIGHTS } from './space.js';

const table = standardOpeningTable();

describe('the shipped opening table of the standard board', { timeout: 120_000 }, () => {
  it('is there, complete (every placement position and every position just after it) and sound', () => {
    expect(table).not.toBeNull();
    for (const c of table!.coverage()) expect(c.known).toBe(c.total);
    expect(table!.space.total).toBe(221_072);
    expect(structuralProblems(table!)).toEqual([]);
  });

  it('agrees with the solver on a random sample of its 6-knight entries', () => {
    const rng = Rng.fromSeed(`table ${Date.now()}`);
    const base = table!.space.offsets[KNIGHTS];
    const known: number[] = [];
    for (let r = 0; r < table!.space.count(KNIGHTS); r++)
      if (table!.values[base + r] !== UNKNOWN) known.push(r);
    const sample = Array.from({ length: 3 }, () => known[rng.int(known.length)]);
    expect(sampleProblems(solverFor(STANDARD_LAYOUT), table!, KNIGHTS, sample)).toEqual([]);
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
