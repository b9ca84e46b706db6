/**
 * What the opening explorer counts, as pure functions: the placements of a finished Knights game on the
 * standard board, each keyed by the position it was played from and the position it made, both up to the
 * board's symmetries (so a mirrored or rotated game, or one that reached the same position in another
 * order, counts with the others), and whether the side that placed went on to win.
 */
import { replayMoves, type GameResult } from '@attila/core';
import { knightsGame, moveToString, STANDARD_LAYOUT, type Position } from '@attila/knights';

/**
 * A position up to the board's symmetries: the least image of its knights (and side to move) under the
 * layout's rotations and reflections, written `<side>.<romans>.<huns>` with the sets in hexadecimal.
 * Placement-phase positions have nothing scorched, so the scorched squares are not part of the key.
 */
export function explorerKey(p: Position): string {
  let bestR = p.romans;
  let bestH = p.huns;
  for (const s of p.layout.symmetries) {
    const r = s.mapMask(p.romans);
    const h = s.mapMask(p.huns);
    if (r < bestR || (r === bestR && h < bestH)) {
      bestR = r;
      bestH = h;
    }
  }
  return `${p.sideToMove}.${bestR.toString(16)}.${bestH.toString(16)}`;
}

/** One placement of a game: from which position, to which, and whether the side placing won the game. */
export interface PlayedPlacement {
  readonly ply: number;
  readonly position: string;
  readonly placed: string;
  readonly won: boolean;
}

/** A finished game as storage holds it. */
export interface FinishedKnightsGame {
  readonly settings: Record<string, unknown>;
  readonly seed: string;
  readonly moves: readonly string[];
  readonly result: GameResult | null;
}

/**
 * The placements of a game on the standard board (empty for another layout, or a record that does not
 * replay: such a game counts for nothing). A game that ended before its placements were all made (a
 * resignation, a time-out) counts for the placements it has.
 */
export function placementsOf(game: FinishedKnightsGame): PlayedPlacement[] {
  const settings = knightsGame.parseSettings(game.settings);
  if (!settings.ok || settings.value.layout !== STANDARD_LAYOUT) return [];
  const replay = replayMoves(knightsGame, settings.value, game.seed, game.moves);
  if (!replay.ok) return [];
  const winners = game.result?.winners ?? [];
  const states = replay.value.states;
  const placements: PlayedPlacement[] = [];
  for (let ply = 0; ply + 1 < states.length; ply++) {
    const before = states[ply].position;
    if (before.phase() !== 'placement') break;
    placements.push({
      ply,
      position: explorerKey(before),
      placed: explorerKey(states[ply + 1].position),
      won: winners.includes(before.side),
    });
  }
  return placements;
}

/** How often a placement was played from a position, and how often its side won. */
export interface PlacementCount {
  readonly games: number;
  readonly wins: number;
}

/**
 * The counts of each legal placement of `position`, given the counts stored by the key of the position each
 * made. Placements that make the same position up to symmetry (on a symmetric position) share their counts.
 */
export function countsByMove(
  position: Position,
  byPlaced: ReadonlyMap<string, PlacementCount>,
): Array<{ move: string; games: number; wins: number }> {
  return position.legalMoveCodes().map((code) => {
    const c = byPlaced.get(explorerKey(position.playCode(code)));
    return { move: moveToString(position.layout, code), games: c?.games ?? 0, wins: c?.wins ?? 0 };
  });
}
