import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KnightsSolver } from '../solver/search.js';
import { exactScoreFromLongestLoss } from '../solver/solve.js';
import { scoreToValue } from '../solver/score.js';
import { sampleProblems, structuralProblems } from './check.js';
import { decodeTable, encodeValue, UNKNOWN } from './format.js';
import { buildAllLayers } from '../tablebase/build.js';
import { openingTableFromLayer0 } from '../tablebase/opening.js';
import { TablebaseSpace } from '../tablebase/space.js';
import { KNIGHTS, LAYERS, TableSpace } from './space.js';
import { OpeningTable, valueAfter } from './table.js';
import { TINY_GEOMETRY, TINY_SHAPE } from './tiny.test-support.js';

/** The whole opening table of the 3×4 board, made as the standard one is: from layer 0 of the tablebase. */
function tinyTable(): { table: OpeningTable; solver: KnightsSolver } {
  const space = new TableSpace(TINY_GEOMETRY);
  const sp = new TablebaseSpace(TINY_GEOMETRY);
  const table = openingTableFromLayer0(space, TINY_SHAPE, sp, buildAllLayers(sp)[0]);
  return { table, solver: new KnightsSolver(TINY_GEOMETRY, 18) };
}

const built = tinyTable();

describe('the opening table (built whole on a 3×4 board)', () => {
  it('knows every position, and passes the structural checks', () => {
    const { table } = built;
    for (const c of table.coverage()) expect(c.known).toBe(c.total);
    expect(structuralProblems(table)).toEqual([]);
  });

  it('agrees with the solver on every placement position (the mate-distance rule from the 6-knight layer)', () => {
    const { table } = built;
    const solver = new KnightsSolver(TINY_GEOMETRY, 18);
    for (let k = 0; k < KNIGHTS; k++) {
      for (let r = 0; r < table.space.count(k); r++) {
        const [mover, other] = table.space.unrank(k, r);
        const solved = scoreToValue(
          exactScoreFromLongestLoss(solver, { romans: mover, huns: other, scorched: 0, side: 0 }),
        );
        expect(table.valueOf(mover, other)).toBe(solved);
        // The same position with the Huns to move reads the same value.
        expect(table.positionValue({ romans: other, huns: mover, scorched: 0, side: 1 })).toBe(solved);
      }
    }
  });

  it('has every 6-knight value of the alpha-beta solver (exactScoreFromLongestLoss)', () => {
    const { table } = built;
    const solver = new KnightsSolver(TINY_GEOMETRY, 18);
    const wrong: number[] = [];
    for (let r = 0; r < table.space.count(KNIGHTS); r++) {
      const [mover, other] = table.space.unrank(KNIGHTS, r);
      const exact = scoreToValue(
        exactScoreFromLongestLoss(solver, { romans: mover, huns: other, scorched: 0, side: 0 }),
      );
      if (table.valueOf(mover, other) !== exact) wrong.push(r);
    }
    expect(wrong).toEqual([]);
  });

  it('gives each placement its value, the best of them the position value', () => {
    const { table } = built;
    const [mover, other] = table.space.unrank(3, 0);
    const moves = table.knownPlacementValues({ romans: mover, huns: other, scorched: 0, side: 0 });
    expect(moves).not.toBeNull();
    const best = table.valueOf(mover, other);
    expect(moves!.some((m) => m.value === best)).toBe(true);
    expect(table.placementValues({ romans: mover, huns: other, scorched: 1 << 11, side: 0 })).toBeNull();
    expect(table.placementValues({ romans: 0b111, huns: 0b111000, scorched: 0, side: 0 })).toBeNull();
  });

  it('names each placement by the square it places on, with the value of the position it makes', () => {
    const { table } = built;
    for (let k = 1; k < KNIGHTS; k++) {
      for (let r = 0; r < table.space.count(k); r++) {
        const [mover, other] = table.space.unrank(k, r);
        const moves = table.placementValues({ romans: mover, huns: other, scorched: 0, side: 0 })!;
        const squares = moves.map((m) => m.square);
        expect(new Set(squares).size).toBe(squares.length);
        for (const m of moves) {
          expect(((mover | other) >> m.square) & 1).toBe(0);
          const child = table.valueOf(other, mover | (1 << m.square));
          expect(m.value).toBe(child === null ? null : valueAfter(child));
        }
      }
    }
  });

  it('flags a wrong value (structure) and a wrong 6-knight value (the solver sample)', () => {
    const { table, solver } = built;
    const broken = new OpeningTable(table.space, table.shape, table.shardSize, table.values.slice());
    const i = table.space.offsets[KNIGHTS] + 7;
    const v = broken.values[i] - 128;
    broken.values[i] = encodeValue(v > 0 ? v + 2 : v - 2);
    expect(sampleProblems(solver, broken, KNIGHTS, [6, 7, 8])).toHaveLength(1);
    const lower = new OpeningTable(table.space, table.shape, table.shardSize, table.values.slice());
    lower.values[table.space.offsets[2]] = encodeValue(
      valueAfter(lower.values[table.space.offsets[2]] - 128),
    );
    expect(structuralProblems(lower).length).toBeGreaterThan(0);
  });

  it('leaves a placement position unknown ("not in the table") when one of its placements is', () => {
    const { table } = built;
    const part = new OpeningTable(table.space, table.shape, table.shardSize, table.values.slice());
    part.values.fill(UNKNOWN, table.space.offsets[KNIGHTS], table.space.offsets[KNIGHTS] + 100);
    part.deriveLowerLayers();
    const [m, o] = part.space.unrank(KNIGHTS, 0);
    expect(part.valueOf(m, o)).toBeNull();
    expect(part.valueOf(...part.space.unrank(0, 0))).toBeNull();
    expect(structuralProblems(part)).toEqual([]);
  });

  it('round-trips through the data file, and refuses a damaged one', () => {
    const { table } = built;
    const bytes = table.toBytes();
    const file = decodeTable(bytes);
    expect(file.shape).toBe(TINY_SHAPE);
    expect(file.counts).toEqual(Array.from({ length: LAYERS }, (_, k) => table.space.count(k)));
    expect(OpeningTable.fromFile(file, table.space).values).toEqual(table.values);
    const damaged = bytes.slice();
    damaged[damaged.length - 1] ^= 1;
    expect(() => decodeTable(damaged)).toThrow(/checksum/);
    expect(() => decodeTable(bytes.subarray(0, 10))).toThrow(/too short/);
    const other = bytes.slice();
    other[4] = 9; // version
    expect(() => decodeTable(other)).toThrow(/version 9/);
  });
});

describe('the verify command', () => {
  const verify = (file: string) =>
    spawnSync(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'verify.ts'), '--file', file, '--sample', '40'].concat([
        '--placement-sample',
        '20',
        '--seed',
        '1',
      ]),
      { encoding: 'utf8' },
    );

  it('passes the whole 3×4 table and fails it with one placement value changed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'attila-table-'));
    const good = join(dir, 'tiny.table');
    writeFileSync(good, built.table.toBytes());
    const ok = verify(good);
    expect(ok.stdout).toContain('board ..../..../....');
    expect(ok.stdout).toContain('layer 6: 1786 of 1786 positions computed');
    expect(ok.stdout).toMatch(/sample of layer 6 \(seed "1"\): 40 distinct entries .* 0 disagree/);
    expect(ok.stdout).toContain('the table is sound');
    expect(ok.status).toBe(0);
    // A wrong value with a good checksum: the structural check finds it.
    const broken = new OpeningTable(built.table.space, TINY_SHAPE, 100, built.table.values.slice());
    const i = broken.space.offsets[4] + 5;
    broken.values[i] = encodeValue(valueAfter(broken.values[i] - 128));
    const bad = join(dir, 'broken.table');
    writeFileSync(bad, broken.toBytes());
    const failed = verify(bad);
    expect(failed.stdout).toContain('THE TABLE HAS PROBLEMS');
    expect(failed.stdout).toMatch(/layer 4 rank 5: value -?\d+, its placements give/);
    expect(failed.status).toBe(1);
    // A damaged file: refused on loading.
    const bytes = built.table.toBytes();
    bytes[bytes.length - 1] ^= 1;
    writeFileSync(bad, bytes);
    expect(verify(bad)).toMatchObject({ status: 1, stdout: expect.stringMatching(/checksum mismatch/) });
  }, 300_000);
});
