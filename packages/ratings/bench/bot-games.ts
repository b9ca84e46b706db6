/**
 * Bot-versus-bot games for the published bot ratings: every pairing of the levels offered at tables plays
 * a number of games from seeded starts with the seats rotated, and each game's result is kept (the bots
 * and the result; the moves are reproducible from the seeds). Knights games are played through the core
 * contract as the command line's arena plays them; Tribes games by the bots' arena, which checks every move.
 */
import { Rng, askBot, unwrap, type GameResult } from '@attila/core';
import { BOTS, findBot, runArena } from '@attila/bots';
import { knightsGame } from '@attila/knights';
import type { PoolGame } from '../src/pool.js';

export interface PlayedGame extends PoolGame {
  readonly seed: string;
}

export const KNIGHTS_LEVELS = BOTS.knights.filter((b) => b.atTables).map((b) => b.name);
export const TRIBES_LEVELS = BOTS.tribes.filter((b) => b.atTables).map((b) => b.name);

export function pairings(levels: readonly string[]): [string, string][] {
  return levels.flatMap((a, i) => levels.slice(i + 1).map((b): [string, string] => [a, b]));
}

/** Games `first` .. `first + games - 1` of the pairing (a, b); in game g, a sits in seat g mod 2. */
export function playKnights(a: string, b: string, first: number, games: number, seed: string): PlayedGame[] {
  const bots = [a, b].map((name) => {
    const entry = findBot('knights', name);
    if (!entry) throw new Error(`no Knights bot "${name}"`);
    return entry.make();
  });
  const settings = unwrap(knightsGame.parseSettings({}));
  const out: PlayedGame[] = [];
  for (let g = first; g < first + games; g++) {
    const gameSeed = `${seed}/${g}`;
    const seated = g % 2 === 0 ? [0, 1] : [1, 0];
    let state = unwrap(knightsGame.setup(settings, gameSeed));
    let result: GameResult | null = knightsGame.result(state);
    for (let ply = 0; result === null; ply++) {
      const seat = knightsGame.toAct(state)[0];
      const rng = Rng.fromSeed(`${gameSeed}/${ply}/${seat}`);
      const move = unwrap(askBot(knightsGame, bots[seated[seat]], settings, state, seat, rng));
      state = unwrap(knightsGame.play(state, seat, move)).state;
      result = knightsGame.result(state);
    }
    out.push({ seed: gameSeed, players: seated.map((i) => [a, b][i]), result });
  }
  return out;
}

/**
 * Games `first` .. `first + games - 1` of the pairing (a, b), by the arena (which rotates the seats), in
 * `threads` worker threads (the same games in any number).
 */
export async function playTribes(
  a: string,
  b: string,
  first: number,
  games: number,
  seed: string,
  threads = 1,
): Promise<PlayedGame[]> {
  const bots = [a, b];
  const run = await runArena({ players: 2, bots, games, firstGame: first, seed }, { threads });
  if (!run.ok) throw new Error(`tribes ${a} vs ${b}: ${run.error.message}`);
  return run.value.map((o) => ({
    seed: o.seed,
    players: o.seats.map((i) => bots[i]),
    result: { winners: o.winners, scores: o.scores, reason: o.reason },
  }));
}
