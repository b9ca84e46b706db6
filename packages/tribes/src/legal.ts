/**
 * Legal moves of whoever must act: cards to play or discard, the second marker, commitments in a conflict,
 * and the action tiles. Written for speed: moves go into a caller's buffer, nothing is allocated.
 */
import {
  DOUBLE_MOVE,
  INFLUENCE_MOVE,
  MoveKind,
  discardMove,
  playMove,
  secondMove,
  twoInfluenceMove,
  type MoveCode,
} from './moves.js';
import { Phase, Tile, type TribesState } from './state.js';
import { TRIBE_COUNT } from './tribes.js';

/** Enough room for every legal move in any position. */
export const MAX_MOVES = 512;

const T = TRIBE_COUNT;
const ALL_TRIBES = (1 << T) - 1;
const odometer = new Uint8Array(T);

/** Every sub-multiset of `seat`'s hand restricted to the `eligible` tribes, as commit or trade moves. */
function cardSubsets(
  s: TribesState,
  seat: number,
  eligible: number,
  kind: MoveKind,
  skipEmpty: boolean,
  out: Int32Array,
  n: number,
): number {
  const base = seat * T;
  odometer.fill(0);
  let code: number = kind;
  for (;;) {
    if (!skipEmpty || code !== kind) out[n++] = code;
    let t = 0;
    for (; t < T; t++) {
      if (!((eligible >> t) & 1)) continue;
      if (odometer[t] < s.hands[base + t]) {
        odometer[t]++;
        code += 1 << (3 + 3 * t);
        break;
      }
      code -= odometer[t] << (3 + 3 * t);
      odometer[t] = 0;
    }
    if (t === T) return n;
  }
}

function tileMoves(s: TribesState, out: Int32Array, n: number): number {
  if (s.tileThisTurn) return n;
  const used = s.tilesUsed[s.active];
  if (!(used & Tile.Double)) out[n++] = DOUBLE_MOVE;
  if (!(used & Tile.Trade) && s.handSize[s.active] > 0) {
    n = cardSubsets(s, s.active, ALL_TRIBES, MoveKind.Trade, true, out, n);
  }
  if (!(used & Tile.Influence)) {
    for (let a = 0; a < T; a++) for (let b = a; b < T; b++) out[n++] = twoInfluenceMove(a, b);
  }
  return n;
}

/** Tribes with a marker in province `p`, as a mask. */
export function tribesIn(s: TribesState, p: number): number {
  let mask = 0;
  for (let t = 0; t < T; t++) if (s.markers[p * T + t]) mask |= 1 << t;
  return mask;
}

/** Provinces where a marker of `tribe` may go now (supply not checked). */
export function placementMask(s: TribesState, tribe: number): number {
  return s.reach[tribe] & s.open;
}

/** Whether the active player holds a card that can be played (its tribe has supply and a legal province). */
export function hasPlayableCard(s: TribesState): boolean {
  const base = s.active * T;
  for (let t = 0; t < T; t++) if (s.hands[base + t] && s.supply[t] && s.reach[t] & s.open) return true;
  return false;
}

/** Writes the legal moves of the seat to act into `out` and returns how many; 0 once the game is over. */
export function legalMoveCodes(s: TribesState, out: Int32Array): number {
  let n = 0;
  switch (s.phase) {
    case Phase.Play: {
      const base = s.active * T;
      for (let t = 0; t < T; t++) {
        if (!s.hands[base + t] || !s.supply[t]) continue;
        let mask = s.reach[t] & s.open;
        while (mask) {
          const low = mask & -mask;
          out[n++] = playMove(t, 31 - Math.clz32(low));
          mask ^= low;
        }
      }
      if (n === 0) for (let t = 0; t < T; t++) if (s.hands[base + t]) out[n++] = discardMove(t);
      return tileMoves(s, out, n);
    }
    case Phase.Influence: {
      out[n++] = INFLUENCE_MOVE;
      if (s.supply[s.card]) {
        let mask = s.reach[s.card] & s.open;
        while (mask) {
          const low = mask & -mask;
          out[n++] = secondMove(31 - Math.clz32(low));
          mask ^= low;
        }
      }
      return tileMoves(s, out, n);
    }
    case Phase.Commit: {
      const eligible = s.options.conflictBluffCards ? ALL_TRIBES : tribesIn(s, s.conflicts[s.conflictIdx]);
      n = cardSubsets(s, s.commitSeat, eligible, MoveKind.Commit, false, out, n);
      return s.commitSeat === s.active ? tileMoves(s, out, n) : n;
    }
    default:
      return 0;
  }
}

const scratch = new Int32Array(MAX_MOVES);

export function isLegal(s: TribesState, move: MoveCode): boolean {
  const n = legalMoveCodes(s, scratch);
  for (let i = 0; i < n; i++) if (scratch[i] === move) return true;
  return false;
}
