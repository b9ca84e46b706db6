import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KnightsSolver } from '../solver/search.js';
import { exactScoreFromLongestLoss, valuesOfMoves } from '../solver/solve.js';
import { scoreToValue } from '../solver/score.js';
import { shapeGeometry } from '../table/shape-geometry.js';
import { TableSpace } from '../table/space.js';
import { buildAllLayers, buildTablebase } from './build.js';
import { valueOfCode } from './codes.js';
import { TablebaseFile, TablebaseWriter } from './file.js';
import { tablebaseValue, tablebaseValuesOf } from './lookup.js';
import { openingTableFromLayer0 } from './opening.js';
import { TablebaseSpace } from './space.js';
import { buildTablebaseThreaded } from './threaded.js';

/** Each small board's layers, built once for all the tests of this file. */
const built = new Map<string, { sp: TablebaseSpace; layers: Uint8Array[] }>();
function layersOf(shape: string): { sp: TablebaseSpace; layers: Uint8Array[] } {
  let b = built.get(shape);
  if (!b) {
    const sp = new TablebaseSpace(shapeGeometry(shape));
    b = { sp, layers: buildAllLayers(sp) };
    built.set(shape, b);
  }
  return b;
}

function solved(solver: KnightsSolver, mover: number, other: number, scorched: number): number {
  return scoreToValue(exactScoreFromLongestLoss(solver, { romans: mover, huns: other, scorched, side: 0 }));
}

/** Every value of every layer against the alpha-beta solver (a stride > 1 checks a sample). */
function disagreements(shape: string, stride: number): { checked: number; wrong: string[] } {
  const { sp, layers } = layersOf(shape);
  const solver = new KnightsSolver(sp.geometry, 18);
  const wrong: string[] = [];
  let checked = 0;
  for (let s = 0; s <= sp.free; s++) {
    for (let i = s % stride; i < layers[s].length; i += stride) {
      const [m, o, x] = sp.positionAt(s, i);
      const want = solved(solver, m, o, x);
      const got = valueOfCode(layers[s][i]);
      checked++;
      if (got !== want) wrong.push(`layer ${s} index ${i}: ${got}, solver ${want}`);
    }
  }
  return { checked, wrong };
}

describe('the layered tablebase build', () => {
  it('gives every position of a 3×4 board (4 symmetries) the alpha-beta solver value', () => {
    const { checked, wrong } = disagreements('..../..../....', 1);
    expect(checked).toBe(298_496);
    expect(wrong).toEqual([]);
  });

  it('gives every position of a board without symmetry, with gaps, the solver value', () => {
    const { checked, wrong } = disagreements('..._/..../.._.', 1);
    expect(checked).toBe(67_200);
    expect(wrong).toEqual([]);
  });

  it('agrees with the solver on a sample of a 4×4 board (8 symmetries, 20.6 M positions)', () => {
    const { checked, wrong } = disagreements('..../..../..../....', 4001);
    expect(checked).toBeGreaterThan(5000);
    expect(wrong).toEqual([]);
  });

  it('finds every symmetric image of a position at its index (or, for a configuration symmetric in itself, at one of the same value)', () => {
    const { sp, layers } = layersOf('..../..../....');
    let selfSymmetric = 0;
    for (let i = 0; i < sp.layerSize(3); i += 7) {
      const [m, o, x] = sp.positionAt(3, i);
      expect(sp.locate(m, o, x)).toEqual({ layer: 3, index: i });
      let stabilised = false;
      for (let g = 1; g < sp.symmetryCount; g++)
        if (sp.map(g, m) === m && sp.map(g, o) === o) stabilised = true;
      if (stabilised) selfSymmetric++;
      for (let g = 1; g < sp.symmetryCount; g++) {
        const at = sp.locate(sp.map(g, m), sp.map(g, o), sp.map(g, x))!;
        expect(layers[3][at.index]).toBe(layers[3][i]);
        if (!stabilised) expect(at).toEqual({ layer: 3, index: i });
      }
    }
    expect(selfSymmetric).toBeGreaterThan(0);
    expect(sp.locate(0b111, 0b111000, 0b111)).toBeNull();
    expect(sp.locate(0b11, 0b111000, 0)).toBeNull();
  });

  it('builds the same layers on worker threads as on one thread', async () => {
    const { sp, layers: one } = layersOf('..../..../....');
    const threaded: Uint8Array[] = [];
    const summary = await buildTablebaseThreaded(sp.geometry, {
      threads: 2,
      onLayer: (s, codes) => void (threaded[s] = codes.slice()),
    });
    expect(threaded).toEqual(one);
    expect(summary.layers.map((l) => l.layer)).toEqual([6, 5, 4, 3, 2, 1, 0]);
    expect(summary.positions).toBe(298_496);
  });

  it('writes 4 bits a position and reads every value back; a damaged layer is found by its checksum', () => {
    const shape = '..../..../....';
    const sp = new TablebaseSpace(shapeGeometry(shape));
    const file = join(mkdtempSync(join(tmpdir(), 'tablebase-')), 'tiny.tablebase');
    const writer = new TablebaseWriter(file, sp, shape);
    const layers: Uint8Array[] = [];
    buildTablebase(sp, (s, codes) => {
      layers[s] = codes.slice();
      writer.writeLayer(s, codes);
    });
    writer.finish();
    const tb = TablebaseFile.open(file, sp, shape);
    expect(tb.bytes).toBeLessThan(298_496 / 2 + 100);
    for (let s = 0; s <= sp.free; s++) {
      for (let i = 0; i < layers[s].length; i += 7) {
        const [m, o, x] = sp.positionAt(s, i);
        expect(tb.value(m, o, x)).toBe(valueOfCode(layers[s][i]));
        expect(tb.value(o, m, x) === null).toBe(false);
      }
    }
    expect(tb.damagedLayers()).toEqual([]);
    for (let s = 0; s <= sp.free; s++) {
      const want = new Array<number>(16).fill(0);
      for (const c of layers[s]) want[Math.abs(valueOfCode(c))]++;
      expect(tb.lengthCounts(s)).toEqual(want);
    }
    tb.close();
    expect(() => TablebaseFile.open(file, sp, '...../...../...../.....')).toThrow(/made for/);
    const bytes = readFileSync(file);
    bytes[bytes.length - 10] ^= 0x11;
    writeFileSync(file, bytes);
    const damaged = TablebaseFile.open(file, sp, shape);
    expect(damaged.damagedLayers()).toEqual([sp.free]); // the last layer ends the file
    damaged.close();
    writeFileSync(file, bytes.subarray(0, bytes.length - 1));
    expect(() => TablebaseFile.open(file, sp, shape)).toThrow(/wrong size/);
  });

  it('writes the same file when a layer is packed a few bytes at a time (how the largest layers are written)', () => {
    const shape = '..../..../....';
    const sp = new TablebaseSpace(shapeGeometry(shape));
    const dir = mkdtempSync(join(tmpdir(), 'tablebase-'));
    const whole = new TablebaseWriter(join(dir, 'whole.tablebase'), sp, shape, 1 << 30);
    const sliced = new TablebaseWriter(join(dir, 'sliced.tablebase'), sp, shape, 7);
    buildTablebase(sp, (s, codes) => {
      whole.writeLayer(s, codes);
      sliced.writeLayer(s, codes);
    });
    whole.finish();
    sliced.finish();
    const a = readFileSync(join(dir, 'whole.tablebase'));
    expect(readFileSync(join(dir, 'sliced.tablebase')).equals(a)).toBe(true);
    const tb = TablebaseFile.open(join(dir, 'sliced.tablebase'), sp, shape);
    expect(tb.damagedLayers()).toEqual([]);
    tb.close();
  });

  it('gives the opening table of layer 0 the solver value of every placement position', () => {
    const shape = '..../..../....';
    const { sp, layers } = layersOf(shape);
    const geometry = sp.geometry;
    const space = new TableSpace(geometry);
    const table = openingTableFromLayer0(space, shape, sp, layers[0]);
    const solver = new KnightsSolver(geometry, 18);
    for (let k = 0; k <= 6; k++) {
      for (let r = 0; r < space.count(k); r += k === 6 ? 3 : 1) {
        const [m, o] = space.unrank(k, r);
        expect(table.valueOf(m, o)).toBe(solved(solver, m, o, 0));
      }
    }
  });
});

describe('answers from a tablebase file', () => {
  it("gives every legal move the value the solver gives it (the analysis board's and the Perfect bot's source)", () => {
    const shape = '..../..../....';
    const geometry = shapeGeometry(shape);
    const sp = new TablebaseSpace(geometry);
    const file = join(mkdtempSync(join(tmpdir(), 'tablebase-')), 'tiny.tablebase');
    const writer = new TablebaseWriter(file, sp, shape);
    buildTablebase(sp, (s, codes) => writer.writeLayer(s, codes));
    writer.finish();
    const tb = TablebaseFile.open(file, sp, shape);
    const solver = new KnightsSolver(geometry, 18);
    for (const [s, i] of [
      [0, 5],
      [0, 4000],
      [1, 777],
      [2, 12345],
      [3, 999],
      [4, 20000],
    ]) {
      const [m, o, x] = sp.positionAt(s, i);
      // Both colours: the Huns to move read the same values.
      for (const p of [
        { romans: m, huns: o, scorched: x, side: 0 as const },
        { romans: o, huns: m, scorched: x, side: 1 as const },
      ]) {
        expect(tablebaseValue(tb, p)).toBe(solved(solver, m, o, x));
        const fromTable = tablebaseValuesOf(tb, p, solver.legalMoves(p));
        expect(fromTable).toEqual(valuesOfMoves(solver, p));
      }
    }
    tb.close();
  });
});
