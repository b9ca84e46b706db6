import { Rng } from '@attila/core';
import { DOUBLE_MOVE, isLegal, viewOf, type TribesState } from '@attila/tribes';
import { describe, expect, it } from 'vitest';
import { rankMoves } from './greedy.js';
import type { SearchStats } from './ismcts.js';
import { tribesSearchers } from './levels.js';
import { ROOT_WIDTH, ismctsBot } from './search-bots.js';
import { randomGame } from './testkit.js';

/** Positions with a real choice: more moves than greedy's best six. */
function wideChoices(): TribesState[] {
  const out: TribesState[] = [];
  for (const players of [2, 4]) {
    for (let k = 0; k < 16; k++) {
      const s = randomGame(players, `width-${players}-${k}`, 3 + 7 * k);
      if (s.over) continue;
      const view = viewOf(s, { seat: s.toAct });
      if (rankMoves(view, s.map, Rng.fromSeed('rank')).length > ROOT_WIDTH + 2) out.push(s);
    }
  }
  return out;
}

describe('the root width: how many of greedy’s moves a search chooses among', { timeout: 120_000 }, () => {
  const all = wideChoices();

  it('with rootWidth Infinity the root holds every move greedy rates; by default only its best six', () => {
    expect(all.length).toBeGreaterThan(10);
    for (const [i, s] of all.entries()) {
      const view = viewOf(s, { seat: s.toAct });
      const rated = rankMoves(view, s.map, Rng.fromSeed(`r-${i}`)).map((r) => r.move);
      const rootOf = (rootWidth?: number) => {
        let stats: SearchStats | null = null;
        const bot = ismctsBot('w', { iterations: 600 }, (st) => (stats = st), { rootWidth });
        bot.choose(view, s.map, Rng.fromSeed(`r-${i}`));
        return (stats! as SearchStats).root.map((r) => r.move).filter((m) => m !== DOUBLE_MOVE);
      };
      expect(new Set(rootOf(Infinity))).toEqual(new Set(rated));
      expect(new Set(rootOf())).toEqual(new Set(rated.slice(0, ROOT_WIDTH)));
    }
  });

  it('hard sometimes plays a move greedy ranks below its sixth; medium never does', () => {
    let beyond = 0;
    for (const [i, s] of all.entries()) {
      const view = viewOf(s, { seat: s.toAct });
      const rated = rankMoves(view, s.map, Rng.fromSeed(`h-${i}`)).map((r) => r.move);
      const top = new Set([...rated.slice(0, ROOT_WIDTH), DOUBLE_MOVE]);
      const hard = tribesSearchers.hard.choose(view, s.map, Rng.fromSeed(`h-${i}`), { iterations: 1500 });
      const medium = tribesSearchers.medium.choose(view, s.map, Rng.fromSeed(`h-${i}`));
      expect(isLegal(s, hard)).toBe(true);
      expect(top.has(medium)).toBe(true);
      if (!top.has(hard)) beyond++;
    }
    expect(beyond).toBeGreaterThan(0);
  });
});
