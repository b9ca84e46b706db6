/**
 * Loss in 2, in closed form: after a jump, the scorches the opponent answers with a win in 1 (a reply leaving
 * us at most one target square, which the opponent then scorches), found from the opponent's jumps alone
 * without enumerating replies. `jumps[sq]` is the bitmask of the squares a knight on `sq` jumps to.
 */
import { popcount } from '@attila/knights';

/** Union of the jump targets of every knight in `knights`, over the whole layout. */
export function reach1(jumps: Int32Array, knights: number): number {
  let t = 0;
  for (; knights !== 0; knights &= knights - 1) t |= jumps[31 - Math.clz32(knights & -knights)];
  return t;
}

/**
 * The scorches after which the opponent (knights `opp`) has a win in 1, for a side whose knights jump to
 * `meAll` (the union of their jumps) and who has just jumped, leaving the free squares `free2`.
 *
 * An opponent reply k->t leaves us the targets mine = (meAll & free2 & ~t) | (meAll & k). It beats our
 * scorch sc != t when mine minus sc has at most one square: every sc when |mine| <= 1, sc in mine when
 * |mine| = 2. Per opponent knight, |mine| is |M| + [k in meAll] minus [t in M] (M = meAll & free2), so the
 * union over its targets has a closed form and no reply is enumerated.
 */
export function refutedScorches(jumps: Int32Array, meAll: number, opp: number, free2: number): number {
  const M = meAll & free2;
  const pcM = popcount(M);
  if (pcM > 3) return 0;
  let refuted = 0;
  for (let ks = opp; ks !== 0; ks &= ks - 1) {
    const kb = ks & -ks;
    const T2 = jumps[31 - Math.clz32(kb)] & free2;
    if (T2 === 0) continue;
    const pc = (meAll & kb) !== 0 ? pcM + 1 : pcM;
    if (pc <= 1) {
      // Every reply leaves at most one target: each beats every scorch but its own landing square.
      refuted |= (T2 & (T2 - 1)) !== 0 ? free2 : free2 & ~T2;
    } else if (pc === 2) {
      if ((T2 & ~M) !== 0) refuted |= M;
      const inM = T2 & M;
      if (inM !== 0) refuted |= (inM & (inM - 1)) !== 0 ? free2 : free2 & ~inM;
    } else if (pc === 3) {
      const inM = T2 & M;
      if (inM !== 0) refuted |= (inM & (inM - 1)) !== 0 ? M : M & ~inM;
    }
  }
  return refuted;
}

/** `refutedScorches` for the jump `jump` (from | to << 5) of the side with knights `me` (three of them). */
export function refutedOf(jumps: Int32Array, jump: number, me: number, opp: number, free: number): number {
  const f = jump & 31;
  const t = jump >>> 5;
  const fb = 1 << f;
  const others = me & ~fb;
  const meAll =
    jumps[31 - Math.clz32(others & -others)] | jumps[31 - Math.clz32(others & (others - 1))] | jumps[t];
  return refutedScorches(jumps, meAll, opp, (free & ~(1 << t)) | fb);
}

/**
 * For ordering: how many (jump, scorch) moves the side with knights `me` (to move) has that the opponent
 * cannot answer with a win in 1; 1000 if it has a win in 1 itself.
 */
export function escapes(jumps: Int32Array, me: number, opp: number, free: number): number {
  const oppAll = reach1(jumps, opp);
  let count = 0;
  for (let from = me; from !== 0; from &= from - 1) {
    const fb = from & -from;
    const othersAll = reach1(jumps, me & ~fb);
    for (let tos = jumps[31 - Math.clz32(fb)] & free; tos !== 0; tos &= tos - 1) {
      const tb = tos & -tos;
      const free2 = (free & ~tb) | fb;
      const oppT = oppAll & free2;
      if ((oppT & (oppT - 1)) === 0) return 1000;
      const meAll = othersAll | jumps[31 - Math.clz32(tb)];
      count += popcount(free2 & ~refutedScorches(jumps, meAll, opp, free2));
    }
  }
  return count;
}

/**
 * Whether the side with knights `me` (to move, free squares `free`) loses in 2: it has a jump, no win in 1,
 * and every one of its moves is answered by a win in 1 (every scorch of every jump refuted).
 */
export function lostIn2(jumps: Int32Array, me: number, opp: number, free: number): boolean {
  const oppAll = reach1(jumps, opp);
  let any = false;
  for (let from = me; from !== 0; from &= from - 1) {
    const fb = from & -from;
    const othersAll = reach1(jumps, me & ~fb);
    for (let tos = jumps[31 - Math.clz32(fb)] & free; tos !== 0; tos &= tos - 1) {
      const tb = tos & -tos;
      const free2 = (free & ~tb) | fb;
      const oppT = oppAll & free2;
      if ((oppT & (oppT - 1)) === 0) return false;
      const meAll = othersAll | jumps[31 - Math.clz32(tb)];
      if ((free2 & ~refutedScorches(jumps, meAll, opp, free2)) !== 0) return false;
      any = true;
    }
  }
  return any;
}
