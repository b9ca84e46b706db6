/**
 * The games the app offers in its menus (rules tabs, lobby, challenges, the profile's filter): Attila's two.
 * Nim is the worked example of adding a game (root README, "Adding a game"), reached only by its addresses
 * (`#/lobby/nim`, `#/nim/hotseat`, `#/rules/nim`); a screen showing one of its pages lists it beside these.
 * A plain list, not the registry: the rules screen is in the first bundle and must not pull in every board.
 */
import { GAME_KINDS, type GameKind } from '@attila/core';

export const OFFERED_GAMES: readonly GameKind[] = GAME_KINDS.filter((g) => g !== 'nim');

/** The offered games, and `current` too if it is another (a page of Nim reached by its address). */
export function gamesShownWith(current: GameKind | null): readonly GameKind[] {
  return current === null || OFFERED_GAMES.includes(current) ? OFFERED_GAMES : [...OFFERED_GAMES, current];
}
