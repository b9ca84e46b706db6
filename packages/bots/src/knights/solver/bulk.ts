/**
 * Nodes decided in bulk, without searching children, where the window asks only about the last plies:
 * - "win in 3?" (alpha at least a win in 5, no win in 1): a move after which the opponent loses in 2;
 * - "loss in 4?" (beta at most a loss in 5, a move the opponent cannot answer with a win in 1 known): a move
 *   after which the opponent has neither a win in 1 nor a win in 3.
 * Both read the node's jumps (from | to << 5) and their refuted scorches (refutations.ts) from the search's
 * buffers at `base`; scorches are tried on live squares plus one dead square (dead squares stay dead and
 * are interchangeable, see search.ts), and only the lowest of twin squares (`twinLow`, see search.ts) as a
 * jump target of a knight or as a scorch.
 */
import { lostIn2, refutedOf } from './refutations.js';

/** A move (jump | scorch << 10) of the side `me` after which `opp` is left a loss in 2, or -1. */
export function winIn3Move(
  jumps: Int32Array,
  me: number,
  opp: number,
  free: number,
  live: number,
  dead: number,
  jumpBuf: Int32Array,
  refutedBuf: Int32Array,
  base: number,
  nj: number,
  twinLow: Int32Array,
): number {
  const deadBit = dead & -dead;
  for (let i = base; i < base + nj; i++) {
    const jump = jumpBuf[i];
    const fb = 1 << (jump & 31);
    const tb = 1 << (jump >>> 5);
    if ((twinLow[jump >>> 5] & jumps[jump & 31] & free) !== 0) continue;
    const free2 = (free & ~tb) | fb;
    const me2 = (me & ~fb) | tb;
    const cand = (free2 & live) | fb | deadBit;
    for (let sc = cand & ~refutedBuf[i]; sc !== 0; sc &= sc - 1) {
      const sb = sc & -sc;
      if ((twinLow[31 - Math.clz32(sb)] & cand) !== 0) continue;
      if (lostIn2(jumps, opp, me2, free2 & ~sb)) return jump | ((31 - Math.clz32(sb)) << 10);
    }
  }
  return -1;
}

/**
 * A move of the side `me` after which `opp` has neither a win in 1 (the scorch is not refuted) nor a win in 3
 * (no reply of theirs leaves `me` a loss in 2), or -1.
 */
export function survivingMove(
  jumps: Int32Array,
  me: number,
  opp: number,
  free: number,
  live: number,
  dead: number,
  jumpBuf: Int32Array,
  refutedBuf: Int32Array,
  base: number,
  nj: number,
  twinLow: Int32Array,
): number {
  for (let i = base; i < base + nj; i++) {
    const jump = jumpBuf[i];
    const fb = 1 << (jump & 31);
    const tb = 1 << (jump >>> 5);
    if ((twinLow[jump >>> 5] & jumps[jump & 31] & free) !== 0) continue;
    const free2 = (free & ~tb) | fb;
    const me2 = (me & ~fb) | tb;
    const cand = (free2 & live) | fb | (dead & -dead);
    for (let sc = cand & ~refutedBuf[i]; sc !== 0; sc &= sc - 1) {
      const sb = sc & -sc;
      if ((twinLow[31 - Math.clz32(sb)] & cand) !== 0) continue;
      const free3 = free2 & ~sb;
      const dead3 = dead & ~sb;
      if (winIn3Replies(jumps, opp, me2, free3, live | fb, dead3 & -dead3) < 0)
        return jump | ((31 - Math.clz32(sb)) << 10);
    }
  }
  return -1;
}

/**
 * `winIn3Move` with `me`'s jumps and refuted scorches computed here. The caller knows `me` has no win in 1
 * (its own scorch was not refuted), so every jump has scorches to try.
 */
function winIn3Replies(
  jumps: Int32Array,
  me: number,
  opp: number,
  free: number,
  live: number,
  deadBit: number,
): number {
  // The reply found last time first: sibling moves of one bulk node (and neighbouring nodes) are mostly
  // refuted by the same reply. Any legal reply proves the win in 3, candidate or not.
  const hint = lastReply;
  if (hint >= 0) {
    const f = hint & 31;
    const t = (hint >>> 5) & 31;
    const q = hint >>> 10;
    const fb = 1 << f;
    const free2 = (free & ~(1 << t)) | fb;
    if ((me & fb) !== 0 && (jumps[f] & free & (1 << t)) !== 0 && (free2 & (1 << q)) !== 0) {
      if (lostIn2(jumps, opp, (me & ~fb) | (1 << t), free2 & ~(1 << q))) return hint;
    }
  }
  for (let from = me; from !== 0; from &= from - 1) {
    const f = 31 - Math.clz32(from & -from);
    const fb = 1 << f;
    for (let tos = jumps[f] & free; tos !== 0; tos &= tos - 1) {
      const tb = tos & -tos;
      const jump = f | ((31 - Math.clz32(tb)) << 5);
      const free2 = (free & ~tb) | fb;
      const me2 = (me & ~fb) | tb;
      const refuted = refutedOf(jumps, jump, me, opp, free);
      for (let sc = ((free2 & live) | fb | deadBit) & ~refuted; sc !== 0; sc &= sc - 1) {
        const sb = sc & -sc;
        if (lostIn2(jumps, opp, me2, free2 & ~sb)) return (lastReply = jump | ((31 - Math.clz32(sb)) << 10));
      }
    }
  }
  return -1;
}

/** The last reply `winIn3Replies` found (jump | scorch << 10), tried first next time; only an order. */
let lastReply = -1;
