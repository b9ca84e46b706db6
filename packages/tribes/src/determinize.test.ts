import { Rng, unwrap, type Viewer } from '@attila/core';
import { describe, expect, it } from 'vitest';
import { determinize, determinizer } from './determinize.js';
import { referenceDeterminize } from './determinize-reference.test-support.js';
import { applyInPlace } from './engine.js';
import { MAX_MOVES, legalMoveCodes } from './legal.js';
import { randomPlayout } from './playout.js';
import { parseSettings } from './settings.js';
import { createGame } from './setup.js';
import { Phase, TribesState } from './state.js';
import { viewOf, type TribesView } from './view.js';

/** Every field of a state as plain data: typed arrays as lists, the generator as its saved state. */
function fields(s: TribesState): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(s)) {
    if (ArrayBuffer.isView(value)) out[key] = Array.from(value as Uint8Array);
    else if (value instanceof Rng) out[key] = value.state();
    else if (key === 'map' || key === 'options') out[key] = value === s.map || value === s.options;
    else out[key] = value;
  }
  return out;
}

interface Case {
  view: TribesView;
  state: TribesState;
}

/** Views from random games: every few moves and at every face-down commitment, for seats and spectators. */
function cases(players: number, bluff: boolean, games: number): Case[] {
  const settings = unwrap(parseSettings({ players, options: { conflictBluffCards: bluff } }));
  const buffer = new Int32Array(MAX_MOVES);
  const out: Case[] = [];
  for (let g = 0; g < games; g++) {
    const s = createGame(settings, `det-${players}-${bluff}-${g}`);
    const rng = Rng.fromSeed(`moves-${players}-${g}`);
    let step = 0;
    while (!s.over) {
      if (step++ % 7 === 0 || s.phase === Phase.Commit) {
        const viewer: Viewer = rng.int(8) === 0 ? 'spectator' : { seat: rng.int(players) };
        out.push({ view: viewOf(s, viewer), state: s });
      }
      applyInPlace(s, buffer[rng.int(legalMoveCodes(s, buffer))]);
    }
    out.push({ view: viewOf(s, { seat: 0 }), state: s });
  }
  return out;
}

describe('determinizer: the same samples as determinize, from one reused state', () => {
  for (const [players, bluff] of [
    [2, false],
    [3, false],
    [3, true],
    [5, false],
  ] as const) {
    it(
      `${players} players${bluff ? ', bluffing' : ''}: equal field by field, sample after sample`,
      { tags: ['slow'] },
      () => {
        let facedown = 0;
        let compared = 0;
        let k = 0;
        for (const { view, state } of cases(players, bluff, 5)) {
          if (view.conflict && view.conflict.committed.some((c, i) => i !== view.viewer && (c ?? 0) > 0))
            facedown++;
          const d = determinizer(view, state.map);
          const seed = `sample-${players}-${k++}`;
          const a = Rng.fromSeed(seed);
          const b = Rng.fromSeed(seed);
          const c = Rng.fromSeed(seed);
          const dirty = Rng.fromSeed(seed + '/dirty');
          let last: TribesState | null = null;
          for (let j = 0; j < 4; j++) {
            const sample = d.sample(a);
            const expected = fields(referenceDeterminize(view, state.map, b));
            const fresh = determinize(view, state.map, c);
            // Compared as text first: deep equality on every sample would dominate the test's time.
            if (JSON.stringify(fields(sample)) !== JSON.stringify(expected))
              expect(fields(sample)).toEqual(expected);
            if (JSON.stringify(fields(fresh)) !== JSON.stringify(expected))
              expect(fields(fresh)).toEqual(expected);
            expect(a.state()).toBe(b.state());
            expect(c.state()).toBe(b.state());
            if (last) expect(sample).toBe(last);
            expect(fresh).not.toBe(sample);
            last = sample;
            // The search plays each sample out in place: the next sample must not see any of it.
            randomPlayout(sample, dirty);
            compared++;
          }
        }
        expect(facedown).toBeGreaterThan(10);
        expect(compared).toBeGreaterThan(500);
      },
    );
  }

  it('fails on an inconsistent view as determinize did', () => {
    const s = createGame(unwrap(parseSettings({ players: 3 })), 'bad');
    const view = viewOf(s, { seat: 0 });
    const wrong = { ...view, drawPile: view.drawPile + 1 };
    expect(() => referenceDeterminize(wrong, s.map, Rng.fromSeed(1))).toThrow(/card count/);
    expect(() => determinizer(wrong, s.map)).toThrow(/card count/);
    expect(() => determinize(wrong, s.map, Rng.fromSeed(1))).toThrow(/card count/);
  });
});
