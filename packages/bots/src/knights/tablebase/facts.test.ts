import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gridFromShape, Layout, Position } from '@attila/knights';
import { KnightsSolver } from '../solver/search.js';
import { exactScoreFromLongestLoss, solverPosition } from '../solver/solve.js';
import { scoreToValue } from '../solver/score.js';
import { TableSpace } from '../table/space.js';
import { buildTablebase } from './build.js';
import { valueOfCode } from './codes.js';
import { factsMarkdown, openingFacts, tablebaseFacts } from './facts.js';
import { TablebaseFile, TablebaseWriter } from './file.js';
import { openingTableFromLayer0 } from './opening.js';
import { TablebaseSpace } from './space.js';
import { shapeGeometry } from '../table/shape-geometry.js';

describe("the README's facts, counted from the tables (3×4 board)", () => {
  const shape = '..../..../....';
  // Not a legal game layout (four tiles make 20 squares), but the rules and the tables work on any board.
  const grid = gridFromShape(shape);
  if (!grid.ok) throw new Error(grid.error.message);
  const layout = { value: Layout.fromCheckedGrid(grid.value, []) };
  const sp = new TablebaseSpace(shapeGeometry(shape));
  const file = join(mkdtempSync(join(tmpdir(), 'facts-')), 'tiny.tablebase');
  const writer = new TablebaseWriter(file, sp, shape);
  const layers: Uint8Array[] = [];
  buildTablebase(sp, (s, codes) => {
    layers[s] = codes.slice();
    writer.writeLayer(s, codes);
  });
  writer.finish();
  const table = openingTableFromLayer0(new TableSpace(shapeGeometry(shape)), shape, sp, layers[0]);

  it('counts each layer from the 4-bit file as the built codes count it', () => {
    const tb = TablebaseFile.open(file, sp, shape);
    const facts = tablebaseFacts(tb);
    tb.close();
    expect(facts.map((f) => f.scorched)).toEqual([...Array(sp.free + 1).keys()].reverse());
    for (const f of facts) {
      const values = Array.from(layers[f.scorched], valueOfCode);
      expect(f.positions).toBe(values.length);
      expect(f.wins).toBe(values.filter((v) => v > 0).length);
      expect(f.losses).toBe(values.filter((v) => v <= 0).length);
      expect(f.longestWin).toBe(Math.max(0, ...values));
      expect(f.longestLoss).toBe(Math.max(0, ...values.map((v) => -v)));
    }
  });

  it('gives the empty board, every first placement and the longest win after placement as the solver does', () => {
    const o = openingFacts(table, layout.value);
    const solver = new KnightsSolver(shapeGeometry(shape), 18);
    const solve = (p: Position) => scoreToValue(exactScoreFromLongestLoss(solver, solverPosition(p)));
    const empty = Position.empty(layout.value, 'R');
    expect(o.emptyBoard).toBe(solve(empty));
    expect(o.firstPlacements).toHaveLength(12);
    for (const { square, value } of o.firstPlacements) {
      const after = empty.play(square);
      if (!after.ok) throw new Error(after.error.message);
      const v = solve(after.value);
      expect(value).toBe(v > 0 ? -(v + 1) : -v + 1);
    }
    for (const example of o.afterPlacement.longestWinExamples) {
      const p = Position.parse(example);
      expect(p.ok && solve(p.value)).toBe(o.afterPlacement.longestWin);
    }
    expect(o.afterPlacement.byValue.reduce((a, [, c]) => a + c, 0)).toBe(o.afterPlacement.positions);
    expect(factsMarkdown(tablebaseFacts(TablebaseFile.open(file, sp, shape)), o)).toContain(
      `longest win with best play from any position just after placement is ${o.afterPlacement.longestWin} plies`,
    );
  });
});
