import { askBot, Rng, unwrap, type AnyHonestBot, type GameModule } from '@attila/core';
import { knightsGame, PRESET_LAYOUTS } from '@attila/knights';
import { tribesGame } from '@attila/tribes';
import { describe, expect, it } from 'vitest';
import { BOTS, MEASURING_BOTS, botNames, findBot, findMeasuringBot, type BotOf } from './registry.js';

/** Plays a whole game with `bot` in every seat; every move goes through `game.play`, which checks it. */
function wholeGame<S, St, V>(
  game: GameModule<S, St, V>,
  settings: S,
  seed: string,
  bot: AnyHonestBot,
): number {
  let state = unwrap(game.setup(settings, seed));
  const rng = Rng.fromSeed(seed);
  let moves = 0;
  while (game.result(state) === null) {
    const seat = game.toAct(state)[0];
    const move = unwrap(askBot(game, bot, settings, state, seat, rng));
    expect(game.legalMoves(state, seat)).toContain(move);
    state = unwrap(game.play(state, seat, move)).state;
    moves++;
  }
  return moves;
}

describe('the bot registry', () => {
  it('names every bot of each game, weakest first', () => {
    expect(botNames('knights')).toEqual(['random', 'easy', 'greedy', 'medium', 'hard', 'perfect']);
    expect(botNames('tribes')).toEqual(['random', 'greedy', 'easy', 'medium', 'hard', 'ismcts']);
    expect(MEASURING_BOTS.map((b) => b.name)).toEqual(['cheating', 'peeking']);
    for (const game of ['knights', 'tribes'] as const)
      for (const entry of BOTS[game])
        expect([entry.game, entry.description.length > 0]).toEqual([game, true]);
  });

  it('offers at tables every bot but the search that thinks for the arena run budget', () => {
    const atTables = (game: 'knights' | 'tribes') => BOTS[game].filter((b) => b.atTables).map((b) => b.name);
    expect(atTables('knights')).toEqual(botNames('knights'));
    expect(atTables('tribes')).toEqual(['random', 'greedy', 'easy', 'medium', 'hard']);
    expect(findBot('tribes', 'ismcts')?.budget).toBe('run');
    expect(findBot('tribes', 'easy')?.budget).toEqual({ iterations: 50 });
  });

  it('finds a bot by name only in its own game, and the measuring bots only apart', () => {
    expect(findBot('knights', 'perfect')?.name).toBe('perfect');
    expect(findBot('tribes', 'perfect')).toBeNull();
    expect(findBot('tribes', 'cheating')).toBeNull();
    expect(findMeasuringBot('cheating')?.budget).toBe('run');
    expect(findMeasuringBot('greedy')).toBeNull();
  });

  it('keeps the measuring bots out of every place that takes an honest bot', () => {
    const cheating = MEASURING_BOTS[0].make({ iterations: 1 });
    // @ts-expect-error a measuring bot reads the state: it is not an honest Tribes bot
    const asTribes: BotOf<'tribes'> = cheating;
    // @ts-expect-error nor a bot a server may seat
    const atTable: AnyHonestBot = cheating;
    expect(cheating.sees).toBe('everything');
    expect([asTribes, atTable]).toEqual([cheating, cheating]);
  });

  it('one random bot for both games, playing only legal moves to the end', () => {
    const knights = findBot('knights', 'random')!.make();
    expect(findBot('tribes', 'random')!.make()).toBe(knights);
    const layouts = PRESET_LAYOUTS.map((p) => p.name);
    for (const [i, layout] of layouts.entries()) {
      const settings = unwrap(knightsGame.parseSettings({ layout, first: i % 2 ? 'H' : 'R' }));
      expect(wholeGame(knightsGame, settings, `k${i}`, knights)).toBeGreaterThan(6);
    }
    for (const players of [2, 3, 5]) {
      const settings = unwrap(tribesGame.parseSettings({ players }));
      expect(wholeGame(tribesGame, settings, `t${players}`, knights)).toBeGreaterThan(20);
    }
  });
});
