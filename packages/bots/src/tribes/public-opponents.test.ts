import { Rng } from '@attila/core';
import { determinize, determinizer, isLegal, viewOf, type TribesState } from '@attila/tribes';
import { describe, expect, it } from 'vitest';
import { search, type SearchStats } from './ismcts.js';
import { tribesSearchers } from './levels.js';
import { publicViewOf } from './search-bots.js';
import { conflictWithHiddenCards, randomGame } from './testkit.js';

function positions(): TribesState[] {
  const out: TribesState[] = [];
  for (const players of [2, 4]) {
    for (const moves of [0, 20, 50]) out.push(randomGame(players, `public-${players}-${moves}`, moves));
    for (let k = 0; k < 3; k++) {
      const s = conflictWithHiddenCards(players, `public-commit-${players}-${k}`);
      if (s) out.push(s);
    }
  }
  return out.filter((s) => !s.over);
}

/**
 * `s` as another seat could have it: the same view for `other`, so the seat to act holds another hand (and
 * other face-down cards) whenever the unseen cards allow it.
 */
function ownTwin(s: TribesState, seed: string): TribesState {
  const other = (s.toAct + 1) % s.players;
  const twin = determinize(viewOf(s, { seat: other }), s.map, Rng.fromSeed(seed));
  // The twin's turn is the same one: the view keeps whose turn it is.
  expect(twin.toAct).toBe(s.toAct);
  return twin;
}

function ownCardsDiffer(a: TribesState, b: TribesState, seat: number): boolean {
  for (let t = 0; t < 6; t++) {
    const i = seat * 6 + t;
    if (a.hands[i] !== b.hands[i] || a.committed[i] !== b.committed[i]) return true;
  }
  return false;
}

describe('hard: its opponents in the tree choose without seeing its hand', { timeout: 120_000 }, () => {
  const all = positions();

  it('the public view is the spectator’s view: no hand, no own face-down cards', () => {
    expect(all.filter((s) => s.phase === 2).length).toBeGreaterThanOrEqual(3);
    for (const s of all) {
      const view = viewOf(s, { seat: s.toAct });
      expect(publicViewOf(view)).toEqual(viewOf(s, 'spectator'));
    }
  });

  it('the public samples are the same whatever the searcher’s own cards (same seed)', () => {
    let differed = 0;
    for (const [i, s] of all.entries()) {
      const twin = ownTwin(s, `own-${i}`);
      if (ownCardsDiffer(s, twin, s.toAct)) differed++;
      const sampleOf = (x: TribesState) => {
        const d = determinizer(publicViewOf(viewOf(x, { seat: x.toAct })), x.map);
        const a = d.sample(Rng.fromSeed(`p-${i}`));
        return { hands: Array.from(a.hands), committed: Array.from(a.committed), draw: Array.from(a.draw) };
      };
      expect(sampleOf(twin)).toEqual(sampleOf(s));
    }
    expect(differed).toBeGreaterThan(all.length / 2);
  });

  it('only the searcher’s own iterations count at the root (half of them); the other half teach the opponents', () => {
    for (const [i, s] of all.entries()) {
      const view = viewOf(s, { seat: s.toAct });
      const own = determinizer(view, s.map);
      const pub = determinizer(publicViewOf(view), s.map);
      const rng = Rng.fromSeed(`split-${i}`);
      let stats: SearchStats | null = null;
      search(() => own.sample(rng), rng, {
        budget: { iterations: 400 },
        earlyStop: false,
        publicSample: () => pub.sample(rng),
        onStats: (st) => (stats = st),
      });
      const st = stats! as SearchStats;
      if (st.iterations === 0) continue; // a forced move
      expect(st.iterations).toBe(400);
      expect(st.root.reduce((a, r) => a + r.visits, 0)).toBe(200);
    }
  });

  it('a public iteration plays only root moves its guessed hand allows (every played-out sample stays a sound game)', () => {
    // An illegal card play would take a card the sample's hand lacks: the count wraps below zero to 255.
    const sound = (x: TribesState) => x.hands.every((c) => c <= 12) && x.committed.every((c) => c <= 12);
    let checked = 0;
    for (const [i, s] of all.entries()) {
      const view = viewOf(s, { seat: s.toAct });
      const own = determinizer(view, s.map);
      const pub = determinizer(publicViewOf(view), s.map);
      const rng = Rng.fromSeed(`sound-${i}`);
      let last: TribesState | null = null;
      const publicSample = () => {
        if (last) {
          expect(sound(last)).toBe(true);
          checked++;
        }
        return (last = pub.sample(rng));
      };
      search(() => own.sample(rng), rng, { budget: { iterations: 300 }, earlyStop: false, publicSample });
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('the same view and seed give the same move (deterministic), and every move is legal', () => {
    for (const [i, s] of all.slice(0, 6).entries()) {
      const view = viewOf(s, { seat: s.toAct });
      const a = tribesSearchers.hard.choose(view, s.map, Rng.fromSeed(`d-${i}`), { iterations: 300 });
      const b = tribesSearchers.hard.choose(view, s.map, Rng.fromSeed(`d-${i}`), { iterations: 300 });
      expect(b).toBe(a);
      expect(isLegal(s, a)).toBe(true);
    }
  });
});
