import { describe, expect, it } from 'vitest';
import { solveExact, solverFor, solverPosition, standardOpeningTable } from '@attila/bots';
import { Position, STANDARD_LAYOUT } from '@attila/knights';
import { attila } from './cli.test-support.js';
import { formatValue, solveText } from './knights-solve.js';

/** A position of the shipped opening table with `knights` knights whose value is known (any, if several). */
function knownPosition(knights: number, complete: (p: Position) => boolean): Position {
  const table = standardOpeningTable()!;
  for (let r = 0; r < table.space.count(knights); r++) {
    const [mover, other] = table.space.unrank(knights, r);
    if (table.valueOf(mover, other) === null) continue;
    const b = Position.empty(STANDARD_LAYOUT, 'R').toBoard();
    // The side to move is the second player in odd layers: give it the Huns there.
    b.side = knights % 2 === 0 ? 0 : 1;
    [b.romans, b.huns] = b.side === 0 ? [mover, other] : [other, mover];
    const p = Position.fromBoard(b);
    if (complete(p)) return p;
  }
  throw new Error(`no known position with ${knights} knights in the opening table`);
}

describe('attila knights solve', () => {
  it('prints the value in plies and every optimal move, sorted', () => {
    const r = solveText('R..H./..H##/#.#R#/.R#.H H', false);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.line.value).toBe(-6);
    expect(r.line.best).toEqual([...r.line.best].sort());
    expect(r.line.best).toContain('d4-b3,a3');
    expect(Object.keys(r.line)).toEqual(['position', 'value', 'best', 'nodes', 'ms', 'source']);
    expect(r.line.source).toBe('solver'); // something is scorched: outside the opening table
  });

  it('answers a placement position from the opening table at once, exactly', () => {
    const table = standardOpeningTable()!;
    const p = knownPosition(5, (q) => table.knownPlacementValues(q) !== null);
    const r = solveText(p.toString(), false);
    expect(r).toMatchObject({ ok: true, line: { source: 'table', nodes: 0, value: table.positionValue(p) } });
    if (!r.ok) return;
    const values = table.knownPlacementValues(p)!;
    expect(r.line.best).toEqual(
      values
        .filter((m) => m.value === r.line.value)
        .map((m) => STANDARD_LAYOUT.names[m.square])
        .sort(),
    );
    const quick = solveText(p.toString(), true);
    expect(quick).toMatchObject({ ok: true, line: { source: 'table', value: Math.sign(r.line.value) } });
  });

  it('attila knights analyse and solve answer a placement position from the table (the command line)', async () => {
    const table = standardOpeningTable()!;
    const p = knownPosition(5, (q) => table.knownPlacementValues(q) !== null);
    const values = table.knownPlacementValues(p)!;
    const analysed = await attila(['knights', 'analyse', p.toString()]);
    expect(analysed.code).toBe(0);
    expect(analysed.stdout).toContain(`value: ${formatValue(table.positionValue(p)!)}`);
    expect(analysed.stdout).toContain('from the opening table');
    for (const m of values) {
      expect(analysed.stdout).toContain(
        `${formatValue(m.value).padStart(4)}  ${STANDARD_LAYOUT.names[m.square]}\n`,
      );
    }
    const solved = await attila(['knights', 'solve', p.toString()]);
    expect(JSON.parse(solved.stdout)).toMatchObject({
      value: table.positionValue(p),
      source: 'table',
      nodes: 0,
    });
  }, 60_000);

  it('takes the value of a position just after placement from the table, and searches only the best moves', () => {
    const p = knownPosition(6, () => true);
    const r = solveText(p.toString(), false);
    const e = solveExact(solverFor(STANDARD_LAYOUT), solverPosition(p));
    expect(r).toMatchObject({ ok: true, line: { source: 'table', value: e.value } });
    if (r.ok) expect(r.line.best).toHaveLength(e.best.length);
  });

  it('--quick answers +1 or -1 with one move', () => {
    const r = solveText('R..H./..H##/#.#R#/.R#.H R', true);
    expect(r.ok && r.line.value === 1 && r.line.best.length === 1).toBe(true);
  });

  it('a finished game has value 0 and no moves', () => {
    const r = solveText('RRRHH/H####/#####/##### R', false);
    expect(r).toMatchObject({ ok: true, line: { value: 0, best: [] } });
  });

  it('refuses a malformed position and says how positions are written', () => {
    const r = solveText('R..H./..H../...R./.R..H X', false);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/side to move is "R" \(Romans\) or "H" \(Huns\)/);
  });

  it('formats values as on the rules page', () => {
    expect([formatValue(3), formatValue(-4), formatValue(0)]).toEqual(['+3', '-4', '0']);
  });
});
