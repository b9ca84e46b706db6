import { randomBot, Rng, unwrap } from '@attila/core';
import { applyInPlace, createGame, isLegal, parseSettings } from '@attila/tribes';
import { describe, expect, it } from 'vitest';
import { greedyBot as greedySearch } from './greedy.js';
import { honestMove, honestTribesBot, type TribesHonestBot } from './levels.js';
import { cheatingBot, ismctsBot, peekingBot } from './search-bots.js';
import { askedMove } from './testkit.js';

const greedyBot = honestTribesBot(greedySearch);

/** Plays whole games with `bots` in the seats and checks every move; returns the number of moves. */
function playChecked(bots: TribesHonestBot[], seed: string): number {
  const s = createGame(unwrap(parseSettings({ players: bots.length })), seed);
  let moves = 0;
  while (!s.over) {
    const seat = s.toAct;
    const move = askedMove(bots[seat], s, seat, Rng.fromSeed(`${seed}/${moves}`));
    if (!isLegal(s, move)) throw new Error(`seat ${seat} made an illegal move in game ${seed}`);
    applyInPlace(s, move);
    moves++;
  }
  return moves;
}

describe('every bot move is legal (rules page: a turn, conflicts, action tiles)', () => {
  it('random and greedy bots over 24 whole games of 2 to 5 players', { timeout: 120_000 }, () => {
    for (let g = 0; g < 24; g++) {
      const players = 2 + (g % 4);
      const bots = Array.from({ length: players }, (_, i) => ((g + i) % 2 ? greedyBot : randomBot));
      expect(playChecked(bots, `legal-${g}`)).toBeGreaterThan(10);
    }
  });

  it('ISMCTS with a small budget over whole games of 2, 3 and 5 players', { timeout: 60_000 }, () => {
    const search = honestTribesBot(ismctsBot('ismcts', { iterations: 12 }));
    for (const players of [2, 3, 5]) {
      const bots = Array.from({ length: players }, (_, i) =>
        i === 0 ? search : i === 1 ? greedyBot : randomBot,
      );
      expect(playChecked(bots, `legal-search-${players}`)).toBeGreaterThan(10);
    }
  });

  it(
    'hard (its opponents taught by public samples, where its own hand is a guess) over whole games of 2, 3 and 5 players',
    { timeout: 60_000 },
    () => {
      // Public samples guess the searcher's hand, so its root moves must be checked against each one: a move
      // its real hand allows may not be legal there. Whole games find a search that applies one anyway.
      const hard = honestTribesBot(
        ismctsBot('hard', { iterations: 40 }, undefined, { publicOpponents: true }),
      );
      for (const players of [2, 3, 5]) {
        const bots = Array.from({ length: players }, (_, i) =>
          i === 0 ? hard : i === 1 ? greedyBot : randomBot,
        );
        expect(playChecked(bots, `legal-hard-${players}`)).toBeGreaterThan(10);
      }
    },
  );

  it('the cheating and peeking bots over a whole 3-player game', () => {
    const cheat = cheatingBot('cheating', { iterations: 12 });
    const peek = peekingBot('peeking', { iterations: 12 });
    const s = createGame(unwrap(parseSettings({ players: 3 })), 'legal-cheat');
    let moves = 0;
    while (!s.over) {
      const rng = Rng.fromSeed(`c/${moves++}`);
      const move =
        s.toAct === 0
          ? cheat.choose(s, rng)
          : s.toAct === 1
            ? peek.choose(s, rng)
            : honestMove(greedySearch, s, s.toAct, rng);
      expect(isLegal(s, move)).toBe(true);
      applyInPlace(s, move);
    }
  });
});

describe('search budgets', () => {
  it('a time budget ends the search about on time', () => {
    const s = createGame(unwrap(parseSettings({ players: 3 })), 'time');
    const started = performance.now();
    const move = honestMove(ismctsBot('ismcts'), s, s.toAct, Rng.fromSeed('t'), { timeMs: 150 });
    expect(isLegal(s, move)).toBe(true);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('deterministic for a seed and an iteration budget: the same move twice, and a legal one', () => {
    const s = createGame(unwrap(parseSettings({ players: 3 })), 'determinism');
    const bot = ismctsBot('ismcts', { iterations: 80 });
    const a = honestMove(bot, s, s.toAct, Rng.fromSeed('d'));
    const b = honestMove(bot, s, s.toAct, Rng.fromSeed('d'));
    expect(b).toBe(a);
    expect(isLegal(s, a)).toBe(true);
  });
});
