import { describe, expect, it } from 'vitest';
import { formatValue, solveText } from './knights-solve.js';

describe('attila knights solve', () => {
  it('prints the value in plies and every optimal move, sorted', () => {
    const r = solveText('R..H./..H##/#.#R#/.R#.H H', false);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.line.value).toBe(-6);
    expect(r.line.best).toEqual([...r.line.best].sort());
    expect(r.line.best).toContain('d4-b3,a3');
    expect(Object.keys(r.line)).toEqual(['position', 'value', 'best', 'nodes', 'ms']);
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
