/**
 * The fast, mutable board for search: bitboards over the layout's squares, moves as small integers, move
 * generation into preallocated arrays, and make/unmake without allocation. Trusts its caller: it never checks
 * that a move is legal (the immutable `Position` API does, for untrusted input).
 *
 * Move encoding (an integer below 2^16):
 * - a turn (knight jump, then scorch): `from | to << 5 | scorch << 10`;
 * - a placement: `PLACEMENT | square`.
 */
import type { Rng } from '@attila/core';
import { lowIndex, popcount } from './bits.js';
import type { Layout } from './layout.js';

export const ROMANS = 0;
export const HUNS = 1;
/** 0 = Romans, 1 = Huns (also the GameModule seat). */
export type SideIndex = 0 | 1;

export const PLACEMENT = 1 << 15;
/** More than any position can have: 3 knights x 8 jumps x 14 scorches, or 20 placements. */
export const MAX_MOVES = 400;
export const KNIGHTS_PER_SIDE = 3;

export function turnMove(from: number, to: number, scorch: number): number {
  return from | (to << 5) | (scorch << 10);
}
export function placementMove(square: number): number {
  return PLACEMENT | square;
}
export function isPlacement(move: number): boolean {
  return (move & PLACEMENT) !== 0;
}
/** The placed square of a placement, or the landing square of a turn. */
export function moveTo(move: number): number {
  return move & PLACEMENT ? move & 31 : (move >>> 5) & 31;
}
export function moveFrom(move: number): number {
  return move & 31;
}
export function moveScorch(move: number): number {
  return (move >>> 10) & 31;
}

/**
 * The rules as bit arithmetic over a layout's jump table (`jumps[square]`: the squares a knight there jumps
 * to), shared by `Board` and the solver's search so that both play exactly one rule set.
 */

/** The number of jumps the knights `knights` have to squares of `free`. */
export function jumpCount(jumps: Int32Array, knights: number, free: number): number {
  let n = 0;
  for (let ks = knights; ks !== 0; ks &= ks - 1) n += popcount(jumps[31 - Math.clz32(ks & -ks)] & free);
  return n;
}

/**
 * The squares of `free` where a knight may be placed beside the knights `knights` (rules page, the no-trap
 * rule): the new knight has a move, and no knight already on the board loses its last free target.
 */
export function placementSquares(jumps: Int32Array, knights: number, free: number): number {
  let forbidden = 0;
  for (let ks = knights; ks !== 0; ks &= ks - 1) {
    const targets = jumps[31 - Math.clz32(ks & -ks)] & free;
    if (targets === 0) return 0; // a knight is already trapped: nothing can repair that
    if ((targets & (targets - 1)) === 0) forbidden |= targets;
  }
  let legal = 0;
  for (let cs = free & ~forbidden; cs !== 0; cs &= cs - 1) {
    const s = 31 - Math.clz32(cs & -cs);
    if ((jumps[s] & free) !== 0) legal |= 1 << s;
  }
  return legal;
}

/**
 * Writes every turn of the knights `mine` (a jump to a square of `free`, then a scorch of any square free
 * after it) into `out` from `start`, knights, targets and scorches lowest first; returns how many.
 */
export function generateTurns(
  jumps: Int32Array,
  mine: number,
  free: number,
  out: Int32Array,
  start = 0,
): number {
  let n = start;
  for (let ks = mine; ks !== 0; ks &= ks - 1) {
    const k = 31 - Math.clz32(ks & -ks);
    const freed = free | (1 << k);
    for (let ts = jumps[k] & free; ts !== 0; ts &= ts - 1) {
      const t = 31 - Math.clz32(ts & -ts);
      const fromTo = k | (t << 5);
      for (let ss = freed & ~(1 << t); ss !== 0; ss &= ss - 1)
        out[n++] = fromTo | ((31 - Math.clz32(ss & -ss)) << 10);
    }
  }
  return n - start;
}

export class Board {
  readonly layout: Layout;
  /** Square -> the squares a knight jumps to (the layout's table). */
  readonly jumps: Int32Array;
  /** All the layout's squares. */
  readonly all: number;
  romans = 0;
  huns = 0;
  scorched = 0;
  /** The side to move: 0 Romans, 1 Huns. */
  side: SideIndex = 0;

  constructor(layout: Layout, side: SideIndex = 0) {
    this.layout = layout;
    this.jumps = layout.jumps;
    this.all = layout.all;
    this.side = side;
  }

  clone(): Board {
    const b = new Board(this.layout, this.side);
    b.romans = this.romans;
    b.huns = this.huns;
    b.scorched = this.scorched;
    return b;
  }

  copyFrom(other: Board): void {
    this.romans = other.romans;
    this.huns = other.huns;
    this.scorched = other.scorched;
    this.side = other.side;
  }

  /** Squares with no knight and no scorched earth. */
  free(): number {
    return this.all & ~(this.romans | this.huns | this.scorched);
  }

  /** The knights of the side to move. */
  mine(): number {
    return this.side === 0 ? this.romans : this.huns;
  }

  /** True until all six knights are on the board. */
  inPlacement(): boolean {
    return popcount(this.romans | this.huns) < 2 * KNIGHTS_PER_SIDE;
  }

  /**
   * The squares where the side to move may place a knight: free squares where the new knight has a move and
   * which do not take the last free target of a knight already on the board (the no-trap rule).
   */
  placementMask(): number {
    return placementSquares(this.jumps, this.romans | this.huns, this.free());
  }

  /** The number of knight jumps (without the scorch choice) open to the side to move. */
  knightMoveCount(): number {
    return jumpCount(this.jumps, this.mine(), this.free());
  }

  /** Whether the side to move can act: place a knight (placement phase) or jump (turns). */
  hasAnyMove(): boolean {
    if (this.inPlacement()) return this.placementMask() !== 0;
    const jumps = this.jumps;
    const free = this.free();
    for (let ks = this.mine(); ks !== 0; ks &= ks - 1)
      if ((jumps[31 - Math.clz32(ks & -ks)] & free) !== 0) return true;
    return false;
  }

  /** Whether a side (not necessarily the one to move) has a knight jump. */
  sideCanJump(side: SideIndex): boolean {
    const jumps = this.jumps;
    const free = this.free();
    for (let ks = side === 0 ? this.romans : this.huns; ks !== 0; ks &= ks - 1)
      if ((jumps[31 - Math.clz32(ks & -ks)] & free) !== 0) return true;
    return false;
  }

  /** The number of legal moves (placements, or whole turns: jump x scorch). */
  countMoves(): number {
    if (this.inPlacement()) return popcount(this.placementMask());
    // Every jump frees one square and fills one, so each jump leaves the same number of squares to scorch.
    return this.knightMoveCount() * popcount(this.free());
  }

  /** Writes the legal moves into `out` from index `start`; returns how many were written. */
  generateMoves(out: Int32Array, start = 0): number {
    let n = start;
    if (this.inPlacement()) {
      for (let ps = this.placementMask(); ps !== 0; ps &= ps - 1) out[n++] = PLACEMENT | lowIndex(ps);
      return n - start;
    }
    return generateTurns(this.jumps, this.mine(), this.free(), out, start);
  }

  /** Writes the knight jumps of the side to move as `from | to << 5` (no scorch); returns how many. */
  generateJumps(out: Int32Array, start = 0): number {
    const jumps = this.jumps;
    const free = this.free();
    let n = start;
    for (let ks = this.mine(); ks !== 0; ks &= ks - 1) {
      const k = 31 - Math.clz32(ks & -ks);
      for (let ts = jumps[k] & free; ts !== 0; ts &= ts - 1)
        out[n++] = k | ((31 - Math.clz32(ts & -ts)) << 5);
    }
    return n - start;
  }

  makeMove(move: number): void {
    if (move & PLACEMENT) {
      const b = 1 << (move & 31);
      if (this.side === 0) this.romans |= b;
      else this.huns |= b;
    } else {
      const fromTo = (1 << (move & 31)) | (1 << ((move >>> 5) & 31));
      if (this.side === 0) this.romans ^= fromTo;
      else this.huns ^= fromTo;
      this.scorched |= 1 << ((move >>> 10) & 31);
    }
    this.side = (this.side ^ 1) as SideIndex;
  }

  unmakeMove(move: number): void {
    this.side = (this.side ^ 1) as SideIndex;
    if (move & PLACEMENT) {
      const b = ~(1 << (move & 31));
      if (this.side === 0) this.romans &= b;
      else this.huns &= b;
    } else {
      const fromTo = (1 << (move & 31)) | (1 << ((move >>> 5) & 31));
      if (this.side === 0) this.romans ^= fromTo;
      else this.huns ^= fromTo;
      this.scorched &= ~(1 << ((move >>> 10) & 31));
    }
  }

  /**
   * A uniformly random legal move (every placement, or every jump-and-scorch, equally likely), or -1 when
   * the side to move has none. Allocates nothing.
   */
  randomMove(rng: Rng): number {
    const jumps = this.jumps;
    if (this.inPlacement()) {
      const legal = this.placementMask();
      if (legal === 0) return -1;
      let k = rng.int(popcount(legal));
      let ps = legal;
      for (; k > 0; k--) ps &= ps - 1;
      return PLACEMENT | lowIndex(ps);
    }
    const free = this.free();
    const count = this.knightMoveCount();
    if (count === 0) return -1;
    let k = rng.int(count);
    for (let ks = this.mine(); ks !== 0; ks &= ks - 1) {
      const from = 31 - Math.clz32(ks & -ks);
      let ts = jumps[from] & free;
      const c = popcount(ts);
      if (k >= c) {
        k -= c;
        continue;
      }
      for (; k > 0; k--) ts &= ts - 1;
      const to = lowIndex(ts);
      let ss = (free | (1 << from)) & ~(1 << to);
      for (let j = rng.int(popcount(ss)); j > 0; j--) ss &= ss - 1;
      return from | (to << 5) | (lowIndex(ss) << 10);
    }
    throw new Error('unreachable: move index past the last knight');
  }

  /**
   * The whole state as one integer below 2^41, unique per position of this layout (for transposition tables):
   * two bits per square (Roman-or-scorched, Hun-or-scorched) and the side to move.
   */
  key(): number {
    return (this.romans | this.scorched) * 2097152 + (this.huns | this.scorched) * 2 + this.side;
  }

  /** Restores a state saved with `key()`. */
  setKey(key: number): void {
    const a = Math.floor(key / 2097152);
    const b = Math.floor((key % 2097152) / 2);
    this.scorched = a & b;
    this.romans = a & ~b;
    this.huns = b & ~a;
    this.side = (key % 2) as SideIndex;
  }
}
