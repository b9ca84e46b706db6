import { randomBot, Rng } from '@attila/core';
import { isLegal, viewOf, type TribesState } from '@attila/tribes';
import { describe, expect, it } from 'vitest';
import { findBot } from '../registry.js';
import { greedyBot } from './greedy.js';
import { honestTribesBot, tribesSearchers } from './levels.js';
import { cheatingBot, ismctsBot } from './search-bots.js';
import { askedMove, conflictWithHiddenCards, hiddenDiffers, hiddenTwin, randomGame } from './testkit.js';

const honest = [
  { name: 'random', bot: randomBot },
  { name: 'greedy', bot: honestTribesBot(greedyBot) },
  { name: 'ismcts', bot: honestTribesBot(ismctsBot('ismcts', { iterations: 60 })) },
  // hard also samples from public information (its opponents' view of its own cards): still the seat's view only.
  { name: 'hard', bot: honestTribesBot(tribesSearchers.hard, { iterations: 120 }) },
];

function positions(): TribesState[] {
  const out: TribesState[] = [];
  for (const players of [2, 3, 5]) {
    for (const moves of [0, 15, 40, 80]) out.push(randomGame(players, `honesty-${players}-${moves}`, moves));
    for (let k = 0; out.length < 4 * players + 4 && k < 20; k++) {
      const s = conflictWithHiddenCards(players, `hidden-commit-${players}-${k}`);
      if (s) out.push(s);
    }
  }
  return out.filter((s) => !s.over);
}

describe('honest bots decide from their own seat only (what each player sees)', { timeout: 120_000 }, () => {
  const all = positions();

  it('the test positions include conflicts with cards laid face down by others', () => {
    expect(all.filter((s) => s.phase === 2).length).toBeGreaterThanOrEqual(6);
  });

  it('two states differing only in hidden cards look the same to the seat to act', () => {
    for (const s of all) {
      const twin = hiddenTwin(s, 'a');
      expect(hiddenDiffers(s, twin, s.toAct)).toBe(true);
      expect(viewOf(twin, { seat: s.toAct })).toEqual(viewOf(s, { seat: s.toAct }));
    }
  });

  for (const { name, bot } of honest) {
    it(`${name}: the same decision with the same seed whatever the hidden cards`, () => {
      for (const [i, s] of all.entries()) {
        const seat = s.toAct;
        const twin = hiddenTwin(s, `b${i}`);
        const a = askedMove(bot, s, seat, Rng.fromSeed(`decide-${i}`));
        const b = askedMove(bot, twin, seat, Rng.fromSeed(`decide-${i}`));
        expect(isLegal(s, a)).toBe(true);
        expect(b).toBe(a);
      }
    });
  }

  it('the bots the registry offers at tables also see only the seat (easy, greedy, random)', () => {
    for (const [i, s] of all.slice(0, 8).entries()) {
      const twin = hiddenTwin(s, `c${i}`);
      for (const name of ['random', 'greedy', 'easy'] as const) {
        const bot = findBot('tribes', name)!.make();
        const a = askedMove(bot, s, s.toAct, Rng.fromSeed(`fn-${i}`));
        const b = askedMove(bot, twin, s.toAct, Rng.fromSeed(`fn-${i}`));
        expect(b).toBe(a);
      }
    }
  });

  it('control: the cheating bot, which reads the state, does change its mind with the hidden cards', () => {
    const cheat = cheatingBot('cheating', { iterations: 60 });
    let changed = 0;
    for (const [i, s] of all.entries()) {
      const twin = hiddenTwin(s, `b${i}`);
      if (cheat.choose(s, Rng.fromSeed(`decide-${i}`)) !== cheat.choose(twin, Rng.fromSeed(`decide-${i}`)))
        changed++;
    }
    expect(changed).toBeGreaterThan(0);
  });
});
