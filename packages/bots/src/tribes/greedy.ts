/**
 * The `greedy` bot: a one-turn heuristic a decent beginner would use. It tries each card it may play (and,
 * after playing, each step-2 choice), lets any conflict this causes resolve with nobody laying cards, and
 * keeps the move after which its standing (see standing.ts) is best: influence where it leads or can take
 * the lead, markers where they score, conflicts that knock out rivals' tribes. In a conflict it lays the
 * cards that improve its standing by more than they cost. It uses the Two Influence tile when that gains
 * clearly more than the tile is worth, and never Double Turn or Trade.
 */
import type { Rng } from '@attila/core';
import {
  MAX_MOVES,
  MoveKind,
  Phase,
  TRIBE_COUNT,
  applyInPlace,
  determinize,
  legalMoveCodes,
  moveCardTotal,
  moveKind,
  type MoveCode,
  type TribesMap,
  type TribesState,
  type TribesView,
} from '@attila/tribes';
import type { TribesBot } from './bot.js';
import { standing } from './standing.js';

/** What a card laid in a conflict is worth, in points: it could have placed a marker or moved influence. */
const CARD_COST = 1.2;
/** What the Two Influence tile is worth kept for later, in points. */
const TILE_COST = 2.5;
const EMPTY_COMMIT: MoveCode = MoveKind.Commit;

const top = new Int32Array(MAX_MOVES);
const follow = new Int32Array(MAX_MOVES);

/** Lets the current conflicts resolve with nobody laying a card, then judges the position. */
function settle(s: TribesState, seat: number): number {
  while (s.phase === Phase.Commit) applyInPlace(s, EMPTY_COMMIT);
  return standing(s, seat);
}

function considered(s: TribesState, move: MoveCode): boolean {
  const kind = moveKind(move);
  if (kind === MoveKind.Double || kind === MoveKind.Trade) return false;
  return kind !== MoveKind.TwoInfluence || s.phase === Phase.Influence;
}

/** The best standing reachable by this seat's own step 2 (no tiles), conflicts then settling. */
function afterPlay(s: TribesState, seat: number): number {
  if (s.phase !== Phase.Influence || s.active !== seat) return settle(s, seat);
  const n = legalMoveCodes(s, follow);
  let best = -Infinity;
  for (let i = 0; i < n; i++) {
    const kind = moveKind(follow[i]);
    if (kind !== MoveKind.Influence && kind !== MoveKind.Second) continue;
    const c = s.clone();
    applyInPlace(c, follow[i]);
    best = Math.max(best, settle(c, seat));
  }
  return best;
}

function value(s: TribesState, move: MoveCode, seat: number): number {
  const c = s.clone();
  applyInPlace(c, move);
  const kind = moveKind(move);
  const cost =
    kind === MoveKind.Commit
      ? CARD_COST * moveCardTotal(move)
      : kind === MoveKind.TwoInfluence
        ? TILE_COST
        : 0;
  return afterPlay(c, seat) - cost;
}

/** Every move greedy considers, with its value in points, best first (ties in move order). */
export function rankMoves(view: TribesView, map: TribesMap, rng: Rng): { move: MoveCode; value: number }[] {
  const seat = view.viewer;
  if (seat === null || view.toAct !== seat) throw new Error('greedy bot: the viewer is not the seat to act');
  const s = determinize(view, map, rng);
  // Others' face-down cards are unknown: judge as if they laid nothing that matters.
  if (s.phase === Phase.Commit) {
    for (let i = 0; i < s.committed.length; i++) if (((i / TRIBE_COUNT) | 0) !== seat) s.committed[i] = 0;
  }
  const n = legalMoveCodes(s, top);
  const ranked: { move: MoveCode; value: number }[] = [];
  for (let i = 0; i < n; i++)
    if (considered(s, top[i])) ranked.push({ move: top[i], value: value(s, top[i], seat) });
  return ranked.sort((a, b) => b.value - a.value);
}

export const greedyBot: TribesBot = {
  name: 'greedy',
  choose(view: TribesView, map: TribesMap, rng: Rng) {
    const ranked = rankMoves(view, map, rng);
    if (ranked.length === 0) throw new Error('greedy bot: no legal move (is the game over?)');
    const ties = ranked.filter((r) => r.value > ranked[0].value - 1e-9);
    return ties[rng.int(ties.length)].move;
  },
};
