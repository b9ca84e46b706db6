/**
 * Exact solver for Knights positions on any layout: fail-soft alpha-beta over bitboards, to the end of the game.
 *
 * Scores are node-relative: a win in N plies is MATE - N, a loss in N plies is -(MATE - N); a finished game
 * (the side to move cannot move) is -MATE. A parent's score from a child's is -c + sign(c), so the winner
 * hurries and the loser delays without any depth bookkeeping, and a transposition-table bound never expires.
 *
 * Pruning that cannot change a value (each is checked against plain minimax by the tests):
 * - win in 1: a jump after which the opponent has at most one target square wins (scorch that square);
 * - loss in 2, in bulk: for each jump, the scorches after which the opponent has a win in 1 are found from the
 *   opponent's jumps alone (a reply that leaves us at most one target beats every scorch but its landing
 *   square; one that leaves us two beats the scorches of those two), and are never expanded;
 * - dead squares: a free square no knight can reach by a path of jumps over free squares can only ever be
 *   scorched, and all of them are interchangeable; a position is keyed by its live squares plus the number of
 *   dead ones, and only one dead square is tried as a scorch;
 * - positions equal up to a symmetry of the layout share one table entry.
 */
import { popcount, SymmetryTables, type SolverGeometry } from './geometry.js';
import { TranspositionTable } from './table.js';

export const MATE = 64;
const MAX_PLY = 48;
const MOVES_PER_PLY = 512;
const NO_SQUARE = 31;
/** Buckets of the move sort: 3 special moves, then a mobility 0..31 after a move (3 knights: at most 24). */
const BUCKETS = 35;
/** Nodes with at least this many free squares re-sort their best moves by the opponent's escapes. */
const ORDER_FREE_MIN = 6;
/** How many of the moves first by mobility are re-sorted. */
const ORDER_TOP = 16;

/** A position as bitmasks over the layout's squares; `side` 0 = Romans to move, 1 = Huns. */
export interface SolverPosition {
  readonly romans: number;
  readonly huns: number;
  readonly scorched: number;
  readonly side: 0 | 1;
}

/** Move codes, as the engine's `Board`: placement = square | PLACE; turn = from | to << 5 | scorch << 10. */
export const PLACE = 1 << 15;

/** The rules page's value (+N wins in N plies, -N loses in N, 0 finished) of a node-relative score. */
export function scoreToValue(score: number): number {
  if (score <= -MATE) return 0;
  return score > 0 ? MATE - score : -(MATE + score);
}

export function valueToScore(value: number): number {
  if (value === 0) return -MATE;
  return value > 0 ? MATE - value : -(MATE + value);
}

function sign(x: number): number {
  return x > 0 ? 1 : x < 0 ? -1 : 0;
}

export class KnightsSolver {
  readonly geometry: SolverGeometry;
  readonly all: number;
  private readonly jumps: Int32Array;
  private readonly syms: SymmetryTables;
  readonly table: TranspositionTable;
  nodes = 0;
  /** Nodes with at least this many free squares re-sort their best moves by the opponent's escapes. */
  orderFreeMin = ORDER_FREE_MIN;
  /** How many of the moves first by mobility are re-sorted. */
  orderTop = ORDER_TOP;
  /** The best move found at ply 0 by the last search (a move keeping the returned bound), or -1. */
  rootMove = -1;
  private readonly moveBuf = new Int32Array(MAX_PLY * MOVES_PER_PLY);
  private readonly orderBuf = new Int32Array(MAX_PLY * MOVES_PER_PLY);
  private readonly jumpBuf = new Int32Array(MAX_PLY * 32);
  private readonly refutedBuf = new Int32Array(MAX_PLY * 32);
  private readonly bucketCount = new Int32Array(BUCKETS);
  private readonly tmpMoves = new Int32Array(MOVES_PER_PLY);
  private readonly tmpKeys = new Int32Array(MOVES_PER_PLY);
  /** Two killer moves per ply: the last moves that caused a cutoff there. */
  private readonly killers = new Int32Array(MAX_PLY * 2).fill(-1);
  private keyA = 0;
  private keyB = 0;
  private keyC = 0;
  private keySym = 0;

  constructor(geometry: SolverGeometry, tableBits = 22) {
    this.geometry = geometry;
    this.all = geometry.size >= 32 ? -1 : (1 << geometry.size) - 1;
    this.jumps = Int32Array.from(geometry.jumps);
    this.syms = new SymmetryTables(geometry);
    this.table = new TranspositionTable(tableBits);
  }

  /** Union of the jump targets of every knight in `knights`, restricted to `free`. */
  private targets(knights: number, free: number): number {
    let t = 0;
    while (knights !== 0) {
      const b = knights & -knights;
      knights ^= b;
      t |= this.jumps[31 - Math.clz32(b)];
    }
    return t & free;
  }

  /** Union of the jump targets of every knight in `knights`, over the whole layout. */
  private reach1(knights: number): number {
    const jumps = this.jumps;
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
  private refutedScorches(meAll: number, opp: number, free2: number): number {
    const jumps = this.jumps;
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

  /** `refutedScorches` for the jump `jump` (from | to << 5) of the side with knights `me`. */
  private refutedOf(jump: number, me: number, opp: number, free: number): number {
    const jumps = this.jumps;
    const f = jump & 31;
    const t = jump >>> 5;
    const fb = 1 << f;
    const others = me & ~fb;
    const meAll =
      jumps[31 - Math.clz32(others & -others)] | jumps[31 - Math.clz32(others & (others - 1))] | jumps[t];
    return this.refutedScorches(meAll, opp, (free & ~(1 << t)) | fb);
  }

  /**
   * For ordering: how many (jump, scorch) moves the side with knights `me` (to move) has that the opponent
   * cannot answer with a win in 1; 1000 if it has a win in 1 itself.
   */
  private escapes(me: number, opp: number, free: number): number {
    const jumps = this.jumps;
    const oppAll = this.reach1(opp);
    let count = 0;
    for (let from = me; from !== 0; from &= from - 1) {
      const fb = from & -from;
      const othersAll = this.reach1(me & ~fb);
      for (let tos = jumps[31 - Math.clz32(fb)] & free; tos !== 0; tos &= tos - 1) {
        const tb = tos & -tos;
        const free2 = (free & ~tb) | fb;
        const oppT = oppAll & free2;
        if ((oppT & (oppT - 1)) === 0) return 1000;
        const meAll = othersAll | jumps[31 - Math.clz32(tb)];
        count += popcount(free2 & ~this.refutedScorches(meAll, opp, free2));
      }
    }
    return count;
  }

  /** Free squares some knight can still reach by a path of jumps over free squares. */
  private reachable(knights: number, free: number): number {
    let reach = 0;
    let frontier = this.targets(knights, free);
    while (frontier !== 0) {
      reach |= frontier;
      frontier = this.targets(frontier, free) & ~reach;
    }
    return reach;
  }

  /** Sets keyA/B/C to the canonical key (minimal over the layout's symmetries) and keySym to its symmetry. */
  private canonicalKey(r: number, h: number, s: number, side: number, extra: number): void {
    let bestA = 0;
    let bestB = -1;
    let bestSym = 0;
    for (let i = 0; i < this.syms.count; i++) {
      const pr = i === 0 ? r : this.syms.apply(i, r);
      const ph = i === 0 ? h : this.syms.apply(i, h);
      const ps = i === 0 ? s : this.syms.apply(i, s);
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

  /** A move through a symmetry's permutation (or its inverse); square 31 stands for "a dead square". */
  private mapMove(move: number, sym: number, inverse: boolean): number {
    if (sym === 0 || move < 0) return move;
    const p = inverse ? this.syms.inverse : this.syms.perm;
    const o = sym * 32;
    if (move & PLACE) return PLACE | p[o + (move & 31)];
    return p[o + (move & 31)] | (p[o + ((move >>> 5) & 31)] << 5) | (p[o + ((move >>> 10) & 31)] << 10);
  }

  isPlacement(p: SolverPosition): boolean {
    return popcount(p.romans) < 3 || popcount(p.huns) < 3;
  }

  /** Legal placements for the side to move: every knight keeps a move afterwards (the no-trap rule). */
  private placements(r: number, h: number, free: number, out: Int32Array, base: number): number {
    let n = 0;
    let cand = free;
    while (cand !== 0) {
      const b = cand & -cand;
      cand ^= b;
      const f2 = free & ~b;
      let knights = r | h | b;
      let ok = true;
      while (knights !== 0) {
        const k = knights & -knights;
        knights ^= k;
        if ((this.jumps[31 - Math.clz32(k)] & f2) === 0) {
          ok = false;
          break;
        }
      }
      if (ok) out[base + n++] = (31 - Math.clz32(b)) | PLACE;
    }
    return n;
  }

  private searchPlacement(
    r: number,
    h: number,
    s: number,
    side: number,
    alpha: number,
    beta: number,
    ply: number,
  ): number {
    const free = this.all & ~(r | h | s);
    const base = ply * MOVES_PER_PLY;
    const moves = this.moveBuf;
    this.canonicalKey(r, h, s, side, 0);
    const ka = this.keyA;
    const kb = this.keyB;
    const kc = this.keyC;
    const sym = this.keySym;
    const e = this.table.find(ka, kb, kc);
    let ttMove = -1;
    if (e >= 0) {
      const lo = this.table.lower(e);
      const hi = this.table.upper(e);
      ttMove = this.mapMove(this.table.move(e), sym, true);
      if (lo >= beta || lo === hi) {
        if (ply === 0) this.rootMove = ttMove;
        return lo;
      }
      if (hi <= alpha) return hi;
      if (lo > alpha) alpha = lo;
      if (hi < beta) beta = hi;
    }
    const n = this.placements(r, h, free, moves, base);
    if (n === 0) return -MATE;
    // The table move first, then the placements leaving the opponent the fewest jumps and us the most.
    const order = this.orderBuf;
    const mine = side === 0 ? r : h;
    const theirs = side === 0 ? h : r;
    for (let i = base; i < base + n; i++) {
      const b = 1 << (moves[i] & 31);
      const f2 = free & ~b;
      order[i] =
        moves[i] === ttMove ? -1 << 20 : this.mobility(theirs, f2) * 64 - this.mobility(mine | b, f2);
    }
    this.insertionSort(base, base + n);
    const a0 = alpha;
    const startNodes = this.nodes;
    let best = -MATE - 1;
    let bestMove = -1;
    for (let i = 0; i < n; i++) {
      const mv = moves[base + i];
      const b = 1 << (mv & 31);
      const c =
        side === 0
          ? this.childScore(r | b, h, s, 1, alpha, beta, ply)
          : this.childScore(r, h | b, s, 0, alpha, beta, ply);
      if (c > best) {
        best = c;
        bestMove = mv;
        if (c > alpha) alpha = c;
        if (alpha >= beta) break;
      }
    }
    if (ply === 0) this.rootMove = bestMove;
    this.table.store(
      ka,
      kb,
      kc,
      best > a0 ? best : -MATE,
      best < beta ? best : MATE,
      best > a0 ? this.mapMove(bestMove, sym, false) : -1,
      this.nodes - startNodes,
    );
    return best;
  }

  /** Score of the position for the side to move: exact if inside (alpha, beta), else a bound on that side. */
  search(r: number, h: number, s: number, side: number, alpha: number, beta: number, ply: number): number {
    this.nodes++;
    if (popcount(r) < 3 || popcount(h) < 3) return this.searchPlacement(r, h, s, side, alpha, beta, ply);
    const jumps = this.jumps;
    const free = this.all & ~(r | h | s);
    const me = side === 0 ? r : h;
    const opp = side === 0 ? h : r;
    const jbase = ply * 32;
    const jbuf = this.jumpBuf;

    // Jumps, with an immediate win when the opponent is left at most one target square.
    const oppAll = this.reach1(opp);
    let nj = 0;
    for (let from = me; from !== 0; from &= from - 1) {
      const f = 31 - Math.clz32(from & -from);
      const fb = 1 << f;
      for (let tos = jumps[f] & free; tos !== 0; tos &= tos - 1) {
        const tb = tos & -tos;
        const free2 = (free & ~tb) | fb;
        const oppT = oppAll & free2;
        if ((oppT & (oppT - 1)) === 0) {
          if (ply === 0) {
            const sc = oppT !== 0 ? oppT : free2;
            this.rootMove = f | ((31 - Math.clz32(tb)) << 5) | ((31 - Math.clz32(sc & -sc)) << 10);
          }
          return MATE - 1;
        }
        jbuf[jbase + nj++] = f | ((31 - Math.clz32(tb)) << 5);
      }
    }
    if (nj === 0) return -MATE;
    // No win in 1, so the score lies in [-(MATE - 2), MATE - 3].
    if (alpha >= MATE - 3) return MATE - 3;
    if (beta <= -(MATE - 2)) return -(MATE - 2);

    // Loss in 2, in bulk: per jump, the scorches the opponent answers with a win in 1. When that is every
    // scorch of every jump (over half of all nodes), the node is a loss in 2 without a table probe. The
    // masks after the first jump with a live scorch are computed only if the table does not cut.
    const rbuf = this.refutedBuf;
    let done = 0;
    for (;;) {
      if (done === nj) return -(MATE - 2);
      const jump = jbuf[jbase + done];
      const refuted = this.refutedOf(jump, me, opp, free);
      rbuf[jbase + done++] = refuted;
      const free2 = (free & ~(1 << (jump >>> 5))) | (1 << (jump & 31));
      if ((free2 & ~refuted) !== 0) break;
    }

    const reach = this.reachable(r | h, free);
    const dead = free & ~reach;
    this.canonicalKey(r, h, s | dead, side, popcount(dead));
    const ka = this.keyA;
    const kb = this.keyB;
    const kc = this.keyC;
    const sym = this.keySym;
    const e = this.table.find(ka, kb, kc);
    let ttMove = -1;
    if (e >= 0) {
      const lo = this.table.lower(e);
      const hi = this.table.upper(e);
      ttMove = this.mapMove(this.table.move(e), sym, true);
      if (lo >= beta || lo === hi) {
        if (ply === 0) this.rootMove = this.realMove(ttMove, dead);
        return lo;
      }
      if (hi <= alpha) return hi;
      if (lo > alpha) alpha = lo;
      if (hi < beta) beta = hi;
    }
    const deadBit = dead & -dead;
    for (; done < nj; done++) rbuf[jbase + done] = this.refutedOf(jbuf[jbase + done], me, opp, free);

    // Children: every jump with every live scorch and one dead one, minus those the opponent wins in 1.
    // Order key: the opponent's mobility after the move (then ours, reversed), counted per jump and
    // corrected per scorch square by the knights that attacked it.
    const base = ply * MOVES_PER_PLY;
    const moves = this.moveBuf;
    const order = this.orderBuf;
    let m = 0;
    let refutedAny = false;
    const deep = popcount(free) >= this.orderFreeMin;
    let ob = opp;
    const oj1 = jumps[31 - Math.clz32(ob & -ob)];
    ob &= ob - 1;
    const oj2 = jumps[31 - Math.clz32(ob & -ob)];
    ob &= ob - 1;
    const oj3 = jumps[31 - Math.clz32(ob & -ob)];
    for (let i = 0; i < nj; i++) {
      const f = jbuf[jbase + i] & 31;
      const t = jbuf[jbase + i] >>> 5;
      const fb = 1 << f;
      const tb = 1 << t;
      const free2 = (free & ~tb) | fb;
      const others = me & ~fb;
      const mj1 = jumps[31 - Math.clz32(others & -others)];
      const mj2 = jumps[31 - Math.clz32(others & (others - 1))];
      const mj3 = jumps[t];
      const cand = (free2 & reach) | fb | deadBit;
      const refuted = rbuf[jbase + i];
      if ((cand & refuted) !== 0) refutedAny = true;
      const key2 =
        ((popcount(oj1 & free2) + popcount(oj2 & free2) + popcount(oj3 & free2)) << 6) -
        (popcount(mj1 & free2) + popcount(mj2 & free2) + popcount(mj3 & free2));
      const code = f | (t << 5);
      for (let sc = cand & ~refuted; sc !== 0; sc &= sc - 1) {
        const q = 31 - Math.clz32(sc & -sc);
        moves[base + m] = code | (q << 10);
        order[base + m] =
          key2 -
          ((((oj1 >>> q) & 1) + ((oj2 >>> q) & 1) + ((oj3 >>> q) & 1)) << 6) +
          (((mj1 >>> q) & 1) + ((mj2 >>> q) & 1) + ((mj3 >>> q) & 1));
        m++;
      }
    }
    const startNodes = this.nodes;
    const a0 = alpha;
    let best = -MATE - 1;
    let bestMove = -1;
    if (refutedAny) best = -(MATE - 2);
    if (m === 0) {
      this.table.store(ka, kb, kc, best, best, -1, 1);
      return best;
    }
    if (best >= beta) return best; // unreachable: beta > -(MATE - 2) here
    if (best > alpha) alpha = best;
    // The table move first; this ply's killers (moves that refuted a sibling position) lead the rest.
    let keep = 0;
    const want = ttMove >= 0 ? this.realMove(ttMove, dead) : -1;
    const k0 = this.killers[ply * 2];
    const k1 = this.killers[ply * 2 + 1];
    for (let i = base; i < base + m; i++) {
      const mv = moves[i];
      if (mv === want) {
        moves[i] = moves[base];
        order[i] = order[base];
        moves[base] = mv;
        order[base] = -3 << 20;
        keep = 1;
      } else if (mv === k0) order[i] = -2 << 20;
      else if (mv === k1) order[i] = -1 << 20;
    }
    // Sorting and the costly re-sort wait until the table move has failed to cut.
    const top = Math.min(m, this.orderTop);
    let sorted = m <= keep;

    for (let i = base; i < base + m; i++) {
      if (!sorted && i === base + keep) {
        sorted = true;
        // Where the re-sort covers every move, it alone orders them (the mobility key breaking ties).
        if (!deep || m > top) this.sortMoves(i, base + m);
        if (deep) this.refineOrder(base, top, r, h, s, side, keep);
      }
      const mv = moves[i];
      const fb = 1 << (mv & 31);
      const tb = 1 << ((mv >>> 5) & 31);
      const sb = 1 << ((mv >>> 10) & 31);
      const c =
        side === 0
          ? this.childScore((r & ~fb) | tb, h, s | sb, 1, alpha, beta, ply)
          : this.childScore(r, (h & ~fb) | tb, s | sb, 0, alpha, beta, ply);
      if (c > best) {
        best = c;
        bestMove = mv;
        if (c > alpha) alpha = c;
        if (alpha >= beta) {
          if (mv !== want && mv !== this.killers[ply * 2]) {
            this.killers[ply * 2 + 1] = this.killers[ply * 2];
            this.killers[ply * 2] = mv;
          }
          break;
        }
      }
    }
    if (ply === 0) this.rootMove = bestMove;
    let stored = -1;
    if (bestMove >= 0 && best > a0) {
      const sq = (bestMove >>> 10) & 31;
      stored = this.mapMove(
        (dead & (1 << sq)) !== 0 ? (bestMove & 1023) | (NO_SQUARE << 10) : bestMove,
        sym,
        false,
      );
    }
    this.table.store(
      ka,
      kb,
      kc,
      best > a0 ? best : -MATE,
      best < beta ? best : MATE,
      stored,
      this.nodes - startNodes,
    );
    return best;
  }

  private mobility(knights: number, free: number): number {
    let n = 0;
    for (; knights !== 0; knights &= knights - 1)
      n += popcount(this.jumps[31 - Math.clz32(knights & -knights)] & free);
    return n;
  }

  /** Insertion sort of moves[lo, hi) by order key, ascending (placements: at most 20). */
  private insertionSort(lo: number, hi: number): void {
    const moves = this.moveBuf;
    const order = this.orderBuf;
    for (let i = lo + 1; i < hi; i++) {
      const mv = moves[i];
      const key = order[i];
      let j = i - 1;
      while (j >= lo && order[j] > key) {
        moves[j + 1] = moves[j];
        order[j + 1] = order[j];
        j--;
      }
      moves[j + 1] = mv;
      order[j + 1] = key;
    }
  }

  /**
   * Sorts moves[lo, hi) by key (opponent's mobility << 6 minus ours; the table move and killers, negative,
   * first): a two-pass radix sort, ours (descending) then the opponent's, stable.
   */
  private sortMoves(lo: number, hi: number): void {
    const moves = this.moveBuf;
    const order = this.orderBuf;
    const tm = this.tmpMoves;
    const tk = this.tmpKeys;
    const cnt = this.bucketCount;
    // Pass 1, by our mobility descending, from moves/order into tm/tk.
    for (let b = 0; b < BUCKETS; b++) cnt[b] = 0;
    for (let i = lo; i < hi; i++) {
      const k = order[i];
      cnt[k < 0 ? 0 : BUCKETS - 1 - (((k + 63) >> 6) * 64 - k)]++;
    }
    let sum = 0;
    for (let b = 0; b < BUCKETS; b++) {
      const c = cnt[b];
      cnt[b] = sum;
      sum += c;
    }
    for (let i = lo; i < hi; i++) {
      const k = order[i];
      const j = cnt[k < 0 ? 0 : BUCKETS - 1 - (((k + 63) >> 6) * 64 - k)]++;
      tm[j] = moves[i];
      tk[j] = k;
    }
    // Pass 2, by the opponent's mobility (special moves first, in key order), back into moves/order.
    for (let b = 0; b < BUCKETS; b++) cnt[b] = 0;
    const n = hi - lo;
    for (let i = 0; i < n; i++) {
      const k = tk[i];
      cnt[k < 0 ? 3 + (k >> 20) : ((k + 63) >> 6) + 3]++;
    }
    sum = lo;
    for (let b = 0; b < BUCKETS; b++) {
      const c = cnt[b];
      cnt[b] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const k = tk[i];
      const j = cnt[k < 0 ? 3 + (k >> 20) : ((k + 63) >> 6) + 3]++;
      moves[j] = tm[i];
      order[j] = k;
    }
  }

  /**
   * Re-sorts the first `top` moves (after `keep` fixed ones) by how many moves the opponent keeps that cannot
   * be answered with a win in 1 (fewest first), the mobility order breaking ties.
   */
  private refineOrder(
    base: number,
    top: number,
    r: number,
    h: number,
    s: number,
    side: number,
    keep: number,
  ): void {
    const moves = this.moveBuf;
    const order = this.orderBuf;
    for (let i = base + keep; i < base + top; i++) {
      const mv = moves[i];
      const key = order[i];
      const fb = 1 << (mv & 31);
      const tb = 1 << ((mv >>> 5) & 31);
      const sb = 1 << ((mv >>> 10) & 31);
      const me = ((side === 0 ? r : h) & ~fb) | tb;
      const opp = side === 0 ? h : r;
      const free = ((this.all & ~(r | h | s) & ~tb) | fb) & ~sb;
      const esc = this.escapes(opp, me, free);
      if (esc === 0) {
        // The opponent is left a loss in 2: a win in 3, the best there is after no win in 1. Try it first.
        moves[i] = moves[base + keep];
        moves[base + keep] = mv;
        return;
      }
      order[i] = (esc << 12) + (key < 0 ? 0 : key);
    }
    for (let i = base + keep + 1; i < base + top; i++) {
      const mv = moves[i];
      const key = order[i];
      let j = i - 1;
      while (j >= base + keep && order[j] > key) {
        moves[j + 1] = moves[j];
        order[j + 1] = order[j];
        j--;
      }
      moves[j + 1] = mv;
      order[j + 1] = key;
    }
  }

  /** A table move in this position's orientation with "a dead square" replaced by the representative. */
  private realMove(move: number, dead: number): number {
    if (move < 0 || move & PLACE) return move;
    if (((move >>> 10) & 31) !== NO_SQUARE) return move;
    return dead === 0 ? -1 : (move & 1023) | ((31 - Math.clz32(dead & -dead)) << 10);
  }

  /** The parent's score from searching a child with the window transformed accordingly. */
  private childScore(
    r: number,
    h: number,
    s: number,
    side: number,
    alpha: number,
    beta: number,
    ply: number,
  ): number {
    const c = this.search(r, h, s, side, -beta - sign(beta), -alpha - sign(alpha), ply + 1);
    return -c + sign(c);
  }

  /** Score of the position after one move, for the side that made it. */
  scoreAfter(p: SolverPosition, move: number, alpha = -MATE - 1, beta = MATE + 1): number {
    const c = childOf(p, move);
    return this.childScore(c.romans, c.huns, c.scorched, c.side, alpha, beta, 0);
  }

  /** Every legal move (all scorches, no pruning), as move codes. */
  legalMoves(p: SolverPosition): number[] {
    const free = this.all & ~(p.romans | p.huns | p.scorched);
    if (this.isPlacement(p)) {
      const buf = new Int32Array(32);
      const n = this.placements(p.romans, p.huns, free, buf, 0);
      return Array.from(buf.subarray(0, n));
    }
    const out: number[] = [];
    const me = p.side === 0 ? p.romans : p.huns;
    for (let from = me; from !== 0; from &= from - 1) {
      const f = 31 - Math.clz32(from & -from);
      for (let tos = this.jumps[f] & free; tos !== 0; tos &= tos - 1) {
        const t = 31 - Math.clz32(tos & -tos);
        const free2 = (free & ~(1 << t)) | (1 << f);
        for (let sc = free2; sc !== 0; sc &= sc - 1)
          out.push(f | (t << 5) | ((31 - Math.clz32(sc & -sc)) << 10));
      }
    }
    return out;
  }

  /** Score of a position within a window (full window by default). Sets `rootMove`. */
  score(p: SolverPosition, alpha = -MATE - 1, beta = MATE + 1): number {
    this.rootMove = -1;
    return this.search(p.romans, p.huns, p.scorched, p.side, alpha, beta, 0);
  }
}

/** The position after a move (trusted to be legal). */
export function childOf(p: SolverPosition, move: number): SolverPosition {
  const side = p.side === 0 ? 1 : 0;
  if (move & PLACE) {
    const b = 1 << (move & 31);
    return p.side === 0 ? { ...p, romans: p.romans | b, side } : { ...p, huns: p.huns | b, side };
  }
  const fb = 1 << (move & 31);
  const tb = 1 << ((move >>> 5) & 31);
  const sb = 1 << ((move >>> 10) & 31);
  const scorched = p.scorched | sb;
  return p.side === 0
    ? { romans: (p.romans & ~fb) | tb, huns: p.huns, scorched, side }
    : { romans: p.romans, huns: (p.huns & ~fb) | tb, scorched, side };
}
