/**
 * Table keys up to symmetry: a position is keyed by its orientation with the smallest key among the layout's
 * symmetries, and table moves are mapped between that orientation and the searched one. Square 31 in a
 * stored move's scorch stands for "a dead square" (see the search: dead squares are interchangeable).
 */
import { PLACEMENT } from '@attila/knights';
import { SymmetryTables, type SolverGeometry } from './geometry.js';

export const NO_SQUARE = 31;

export class CanonicalKeys {
  private readonly syms: SymmetryTables;
  keyA = 0;
  keyB = 0;
  keyC = 0;
  /** The symmetry taking the searched orientation to the canonical one. */
  keySym = 0;

  constructor(geometry: SolverGeometry) {
    this.syms = new SymmetryTables(geometry);
  }

  /** Sets keyA/B/C to the canonical key (minimal over the layout's symmetries) and keySym to its symmetry. */
  set(r: number, h: number, s: number, side: number, extra: number): void {
    const syms = this.syms;
    let bestA = 0;
    let bestB = -1;
    let bestSym = 0;
    for (let i = 0; i < syms.count; i++) {
      const pr = i === 0 ? r : syms.apply(i, r);
      const ph = i === 0 ? h : syms.apply(i, h);
      const ps = i === 0 ? s : syms.apply(i, s);
      const a = (pr | (ph << 20)) >>> 0;
      const b = ((ph >>> 12) | (ps << 8) | (side << 28)) >>> 0;
      if (bestB === -1 || b < bestB || (b === bestB && a < bestA)) {
        bestA = a;
        bestB = b;
        bestSym = i;
      }
    }
    this.keyA = bestA | 0;
    this.keyB = bestB | 0;
    this.keyC = extra;
    this.keySym = bestSym;
  }

  /** A move through a symmetry's permutation (or its inverse); square 31 maps to itself. */
  mapMove(move: number, sym: number, inverse: boolean): number {
    if (sym === 0 || move < 0) return move;
    const p = inverse ? this.syms.inverse : this.syms.perm;
    const o = sym * 32;
    if (move & PLACEMENT) return PLACEMENT | p[o + (move & 31)];
    return p[o + (move & 31)] | (p[o + ((move >>> 5) & 31)] << 5) | (p[o + ((move >>> 10) & 31)] << 10);
  }
}

/** A table move in the searched orientation with "a dead square" replaced by the lowest of `dead`. */
export function realMove(move: number, dead: number): number {
  if (move < 0 || move & PLACEMENT) return move;
  if (((move >>> 10) & 31) !== NO_SQUARE) return move;
  return dead === 0 ? -1 : (move & 1023) | ((31 - Math.clz32(dead & -dead)) << 10);
}
