/** Positions for the bots' tests: games advanced by random play, and twins that differ only in hidden cards. */
import { askBot, Rng, unwrap, type HonestBot } from '@attila/core';
import {
  Phase,
  applyInPlace,
  createGame,
  determinize,
  parseMove,
  parseSettings,
  randomMove,
  tribesGame,
  viewOf,
  type MoveCode,
  type TribesSettings,
  type TribesState,
  type TribesView,
} from '@attila/tribes';

export function randomGame(players: number, seed: string, moves: number): TribesState {
  const s = createGame(unwrap(parseSettings({ players })), seed);
  const rng = Rng.fromSeed(`moves/${seed}`);
  for (let k = 0; k < moves && !s.over; k++) applyInPlace(s, randomMove(s, rng));
  return s;
}

/** Random play until a conflict in which some seat already laid cards face down and another must now choose. */
export function conflictWithHiddenCards(players: number, seed: string): TribesState | null {
  const s = createGame(unwrap(parseSettings({ players })), seed);
  const rng = Rng.fromSeed(`conflict/${seed}`);
  while (!s.over) {
    if (s.phase === Phase.Commit) {
      for (let i = 0; i < players; i++) if (i !== s.commitSeat && s.commitCount[i] > 0) return s;
    }
    applyInPlace(s, randomMove(s, rng));
  }
  return null;
}

/**
 * A state the seat to act cannot tell from `s`: the same view, with every card it cannot see (other hands,
 * cards others laid face down, the draw pile's order) dealt again, and a different generator for reshuffles.
 */
export function hiddenTwin(s: TribesState, seed: string): TribesState {
  return determinize(viewOf(s, { seat: s.toAct }), s.map, Rng.fromSeed(`twin/${seed}`));
}

/** Whether two states differ in something the seat cannot see. */
export function hiddenDiffers(a: TribesState, b: TribesState, seat: number): boolean {
  const T = 6;
  for (let i = 0; i < a.players * T; i++) {
    if (((i / T) | 0) === seat) continue;
    if (a.hands[i] !== b.hands[i] || a.committed[i] !== b.committed[i]) return true;
  }
  for (let k = 0; k < a.drawEnd - a.drawPos; k++)
    if (a.draw[a.drawPos + k] !== b.draw[b.drawPos + k]) return true;
  return a.rng.state() !== b.rng.state();
}

/**
 * An honest bot's move for `seat` in `s`, asked through the contract as every front end asks it, as a move
 * code. The settings are the default ones for the state's player count, as `randomGame` makes them.
 */
export function askedMove(
  bot: HonestBot<TribesSettings, TribesView>,
  s: TribesState,
  seat: number,
  rng: Rng,
): MoveCode {
  const settings = unwrap(parseSettings({ players: s.players }));
  return unwrap(parseMove(s.map, unwrap(askBot(tribesGame, bot, settings, s, seat, rng))));
}
