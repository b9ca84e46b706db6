import { Rng } from '@attila/core';
import { PRESET_LAYOUTS, Position, popcount } from '@attila/knights';
import { describe, expect, it } from 'vitest';
import { randomLatePosition } from './positions.test-support.js';
import { refutedOf } from './refutations.js';

/**
 * Rule "loss in 2, in bulk": after our jump, a scorch is refuted when some opponent reply leaves us at most one
 * target square (the opponent then scorches it and we cannot move). The solver computes the refuted scorches
 * of a jump in closed form, without enumerating replies; here they are compared with the enumeration.
 */
function enumerated(jumps: ArrayLike<number>, me: number, opp: number, free2: number): number {
  let refuted = 0;
  for (let sc = free2; sc !== 0; sc &= sc - 1) {
    const sb = sc & -sc;
    let beaten = false;
    for (let ks = opp; ks !== 0 && !beaten; ks &= ks - 1) {
      const kb = ks & -ks;
      for (let us = jumps[31 - Math.clz32(kb)] & free2 & ~sb; us !== 0; us &= us - 1) {
        const ub = us & -us;
        const free3 = (free2 & ~sb & ~ub) | kb;
        let mine = 0;
        for (let m = me; m !== 0; m &= m - 1) mine |= jumps[31 - Math.clz32(m & -m)] & free3;
        if (popcount(mine) <= 1) {
          beaten = true;
          break;
        }
      }
    }
    if (beaten) refuted |= sb;
  }
  return refuted;
}

describe('loss in 2 in bulk (closed-form refuted scorches)', () => {
  it('equals the enumeration of every opponent reply, at every stage of the game on every preset layout', () => {
    const rng = Rng.fromSeed('refutations');
    let checked = 0;
    for (const preset of PRESET_LAYOUTS) {
      const l = preset.layout;
      const jumps = Int32Array.from(l.jumps);
      for (let i = 0; i < 60; i++) {
        const b = randomLatePosition(l, rng, 2 + (i % 13));
        const me = b.side === 0 ? b.romans : b.huns;
        const opp = b.side === 0 ? b.huns : b.romans;
        const free = b.free();
        for (let from = me; from !== 0; from &= from - 1) {
          const f = 31 - Math.clz32(from & -from);
          for (let tos = l.jumps[f] & free; tos !== 0; tos &= tos - 1) {
            const t = 31 - Math.clz32(tos & -tos);
            const free2 = (free & ~(1 << t)) | (1 << f);
            const after = (me & ~(1 << f)) | (1 << t);
            const got = refutedOf(jumps, f | (t << 5), me, opp, free) & free2;
            const at = `${Position.fromBoard(b).toString()} ${preset.name} jump ${f}-${t}`;
            expect({ at, got }).toEqual({ at, got: enumerated(l.jumps, after, opp, free2) });
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
