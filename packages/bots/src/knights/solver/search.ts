/**
 * Longer than 400 lines, on purpose: `search` is one recursive routine of about 240 lines with its pruning
 * rules, table probes and move ordering interleaved in its hot loop, and splitting them apart costs calls per
 * node. (The layered tablebase, tablebase/, now answers the standard board's move phase; this solver serves
 * the other layouts, the placement search and the verify command's independent check.)
 *
 * Exact solver for Knights positions on any layout: fail-soft alpha-beta over bitboards, to the end of the game
 * (scores: see score.ts).
 *
 * Pruning that cannot change a value (each is checked against plain minimax by the tests):
 * - win in 1: a jump after which the opponent has at most one target square wins (scorch that square);
 * - loss in 2, in bulk: for each jump, the scorches after which the opponent has a win in 1 are found from the
 *   opponent's jumps alone (refutations.ts), and are never expanded;
 * - loss in 4 at worst: a move the opponent cannot answer with a win in 1 answers any window that asks no
 *   more than a loss in 4, without a table probe;
 * - win in 3 and loss in 4, in bulk (bulk.ts): where the window asks only whether there is a win in 3, or
 *   whether the loss in 4 can be avoided, the moves are tested with the closed form above, no child searched;
 * - dead squares: a free square no knight can reach by a path of jumps over free squares can only ever be
 *   scorched, and all of them are interchangeable; a position is keyed by its live squares plus the number of
 *   dead ones, and only one dead square is tried as a scorch;
 * - positions equal up to a symmetry of the layout share one table entry (canonical.ts).
 */
import { generateTurns, MAX_MOVES, popcount } from '@attila/knights';
import type { SolverGeometry } from './geometry.js';
import { CanonicalKeys, NO_SQUARE, realMove } from './canonical.js';
import { refineOrder, sortMoves, sortScratch } from './ordering.js';
import { placements, searchPlacement, type PlacementSearcher } from './placement.js';
import { TableProbe } from './probe.js';
import { survivingMove, winIn3Move } from './bulk.js';
import { reach1, refutedOf } from './refutations.js';
import { childOf, MATE, sign, type SolverPosition } from './score.js';
import { TranspositionTable } from './table.js';

export { childOf, MATE, scoreToValue, valueToScore, type SolverPosition } from './score.js';

const MAX_PLY = 48;
const MOVES_PER_PLY = 512;
/** Nodes with at least this many free squares re-sort their best moves by the opponent's escapes. */
const ORDER_FREE_MIN = 6;
/** How many of the moves first by mobility are re-sorted. */
const ORDER_TOP = 16;

export class KnightsSolver implements PlacementSearcher {
  readonly geometry: SolverGeometry;
  readonly all: number;
  readonly jumps: Int32Array;
  readonly keys: CanonicalKeys;
  readonly table: TranspositionTable;
  readonly probe: TableProbe;
  nodes = 0;
  /** Nodes with at least this many free squares re-sort their best moves by the opponent's escapes. */
  orderFreeMin = ORDER_FREE_MIN;
  /** How many of the moves first by mobility are re-sorted. */
  orderTop = ORDER_TOP;
  /** The best move found at ply 0 by the last search (a move keeping the returned bound), or -1. */
  rootMove = -1;
  /** Per ply, MOVES_PER_PLY move codes and their order keys (shared with the placement search). */
  readonly movesPerPly = MOVES_PER_PLY;
  readonly moveBuf = new Int32Array(MAX_PLY * MOVES_PER_PLY);
  readonly orderBuf = new Int32Array(MAX_PLY * MOVES_PER_PLY);
  private readonly jumpBuf = new Int32Array(MAX_PLY * 32);
  private readonly refutedBuf = new Int32Array(MAX_PLY * 32);
  private readonly scratch = sortScratch(MOVES_PER_PLY);
  /** Two killer moves per ply: the last moves that caused a cutoff there. */
  private readonly killers = new Int32Array(MAX_PLY * 2).fill(-1);
  /** Per square, its twins below it and its neighbours among the unscorched squares (`twinsOf`). */
  private readonly twinLow = new Int32Array(32);
  private readonly twinOpen = new Int32Array(32);

  constructor(geometry: SolverGeometry, tableBits = 22) {
    this.geometry = geometry;
    this.all = geometry.size >= 32 ? -1 : (1 << geometry.size) - 1;
    this.jumps = Int32Array.from(geometry.jumps);
    this.keys = new CanonicalKeys(geometry);
    this.table = new TranspositionTable(tableBits);
    this.probe = new TableProbe(this.table, this.keys);
  }

  /** Union of the jump targets of every knight in `knights`, restricted to `free`. */
  private targets(knights: number, free: number): number {
    return reach1(this.jumps, knights) & free;
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

  isPlacement(p: SolverPosition): boolean {
    return popcount(p.romans) < 3 || popcount(p.huns) < 3;
  }

  /** Score of the position for the side to move: exact if inside (alpha, beta), else a bound on that side. */
  search(r: number, h: number, s: number, side: number, alpha: number, beta: number, ply: number): number {
    this.nodes++;
    if (popcount(r) < 3 || popcount(h) < 3) return searchPlacement(this, r, h, s, side, alpha, beta, ply);
    const jumps = this.jumps;
    const keys = this.keys;
    const table = this.table;
    const free = this.all & ~(r | h | s);
    const me = side === 0 ? r : h;
    const opp = side === 0 ? h : r;
    const jbase = ply * 32;
    const jbuf = this.jumpBuf;

    // Jumps, with an immediate win when the opponent is left at most one target square.
    const oppAll = reach1(jumps, opp);
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
      const refuted = refutedOf(jumps, jump, me, opp, free);
      rbuf[jbase + done++] = refuted;
      const free2 = (free & ~(1 << (jump >>> 5))) | (1 << (jump & 31));
      const live = free2 & ~refuted;
      if (live !== 0) {
        // A move the opponent cannot answer with a win in 1: a loss in 4 at worst. When the window asks no
        // more than that, it is the answer (most nodes whose parent tests for a win in 3 end here).
        if (beta <= -(MATE - 4)) {
          if (ply === 0) this.rootMove = jump | ((31 - Math.clz32(live & -live)) << 10);
          return -(MATE - 4);
        }
        break;
      }
    }

    const reach = this.reachable(r | h, free);
    const dead = free & ~reach;
    keys.set(r, h, s | dead, side, popcount(dead));
    const ka = keys.keyA;
    const kb = keys.keyB;
    const kc = keys.keyC;
    const sym = keys.keySym;
    const probe = this.probe;
    if (probe.probe(alpha, beta)) {
      if (ply === 0) this.rootMove = realMove(probe.cutMove, dead);
      return probe.score;
    }
    alpha = probe.alpha;
    beta = probe.beta;
    const ttMove = probe.move;
    const deadBit = dead & -dead;
    for (; done < nj; done++) rbuf[jbase + done] = refutedOf(jumps, jbuf[jbase + done], me, opp, free);
    if (alpha >= MATE - 5 || beta <= -(MATE - 6)) {
      // Bulk nodes (bulk.ts). Wins are odd, so above alpha >= MATE - 5 lies only a win in 3 (a win in 1 is
      // excluded above). Losses are even and a loss in 4 is the worst here, so with beta <= -(MATE - 6) the
      // node is decided by whether that loss in 4 can be avoided (a loss in 6 at worst then).
      const win = alpha >= MATE - 5;
      this.twinsOf(free | r | h);
      const found = (win ? winIn3Move : survivingMove)(
        jumps,
        me,
        opp,
        free,
        reach,
        dead,
        jbuf,
        rbuf,
        jbase,
        nj,
        this.twinLow,
      );
      // win: exactly a win in 3, or at best a win in 5 (and a loss in 4 at worst: a live move exists);
      // loss: a loss in 6 at worst, or exactly the loss in 4.
      const lo = win ? (found >= 0 ? MATE - 3 : -(MATE - 4)) : found >= 0 ? -(MATE - 6) : -(MATE - 4);
      const hi = win ? (found >= 0 ? MATE - 3 : MATE - 5) : found >= 0 ? MATE : -(MATE - 4);
      let move = found;
      if (found < 0 && !win) move = this.liveMove(jbuf, rbuf, jbase, nj, free, reach, dead);
      if (ply === 0) this.rootMove = move;
      const sb = move < 0 ? 0 : 1 << ((move >>> 10) & 31);
      const stored = move < 0 ? -1 : (dead & sb) !== 0 ? (move & 1023) | (NO_SQUARE << 10) : move;
      table.store(ka, kb, kc, lo, hi, keys.mapMove(stored, sym, false), 1);
      return win && found < 0 ? hi : lo;
    }

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
    const twinLow = this.twinLow;
    this.twinsOf(free | r | h);
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
      // A jump to the twin of a lower target of the same knight leads to the same game (see twinsOf).
      if ((twinLow[t] & jumps[f] & free) !== 0) continue;
      const code = f | (t << 5);
      for (let sc = cand & ~refuted; sc !== 0; sc &= sc - 1) {
        const q = 31 - Math.clz32(sc & -sc);
        if ((twinLow[q] & cand) !== 0) continue;
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
      table.store(ka, kb, kc, best, best, -1, 1);
      return best;
    }
    if (best >= beta) return best; // unreachable: beta > -(MATE - 2) here
    if (best > alpha) alpha = best;
    // The table move first; this ply's killers (moves that refuted a sibling position) lead the rest.
    let keep = 0;
    const want = ttMove >= 0 ? realMove(ttMove, dead) : -1;
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
        if (!deep || m > top) sortMoves(moves, order, i, base + m, this.scratch);
        if (deep) refineOrder(moves, order, jumps, this.all, base, top, r, h, s, side, keep);
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
      stored = keys.mapMove(
        (dead & (1 << sq)) !== 0 ? (bestMove & 1023) | (NO_SQUARE << 10) : bestMove,
        sym,
        false,
      );
    }
    table.store(
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

  /**
   * Twins: two squares with the same neighbours among the squares not scorched (`alive`), themselves
   * neighbours or not. The game depends only on the knight graph over the unscorched squares, and swapping
   * twins maps that graph onto itself, so when neither holds a knight, jumping to one or the other (by the
   * same knight) and scorching one or the other lead to positions of equal value: only the lowest twin of
   * each set of candidates is tried. Sets `twinLow[q]` to the twins of q below q (for squares of `alive`).
   */
  private twinsOf(alive: number): void {
    const jumps = this.jumps;
    const twinLow = this.twinLow;
    const open = this.twinOpen;
    for (let a = alive; a !== 0; a &= a - 1) {
      const q = 31 - Math.clz32(a & -a);
      const qb = 1 << q;
      const oq = jumps[q] & alive;
      open[q] = oq;
      let low = 0;
      for (let b = alive & (qb - 1); b !== 0; b &= b - 1) {
        const p = 31 - Math.clz32(b & -b);
        const op = open[p];
        if (op === oq || (op | (1 << p)) === (oq | qb)) low |= 1 << p;
      }
      twinLow[q] = low;
    }
  }

  /** A move (jump | scorch << 10) the opponent cannot answer with a win in 1 (one exists here). */
  private liveMove(
    jbuf: Int32Array,
    rbuf: Int32Array,
    base: number,
    nj: number,
    free: number,
    reach: number,
    dead: number,
  ): number {
    for (let i = base; i < base + nj; i++) {
      const fb = 1 << (jbuf[i] & 31);
      const free2 = (free & ~(1 << (jbuf[i] >>> 5))) | fb;
      const sc = ((free2 & reach) | fb | (dead & -dead)) & ~rbuf[i];
      if (sc !== 0) return jbuf[i] | ((31 - Math.clz32(sc & -sc)) << 10);
    }
    return -1;
  }

  /** The parent's score from searching a child with the window transformed accordingly (placement.ts too). */
  childScore(
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
      const n = placements(this.jumps, p.romans, p.huns, free, buf, 0);
      return Array.from(buf.subarray(0, n));
    }
    const buf = new Int32Array(MAX_MOVES);
    const n = generateTurns(this.jumps, p.side === 0 ? p.romans : p.huns, free, buf);
    return Array.from(buf.subarray(0, n));
  }

  /** Score of a position within a window (full window by default). Sets `rootMove`. */
  score(p: SolverPosition, alpha = -MATE - 1, beta = MATE + 1): number {
    this.rootMove = -1;
    return this.search(p.romans, p.huns, p.scorched, p.side, alpha, beta, 0);
  }
}
