/**
 * Information-set Monte Carlo tree search, single observer (Cowling, Powley and Whitehouse 2012,
 * "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2)). One tree, seen from the searching seat.
 * Every iteration
 *   1. samples a determinization: a full state consistent with everything the seat has seen (its hand,
 *      the discard pile, cards revealed in conflicts, hand sizes, how many cards each player laid);
 *   2. descends the tree along moves legal in that sample, picking by UCB with availability counts
 *      (a move's exploration term counts the iterations in which it was legal, not its parent's visits);
 *   3. adds one new move, plays the sample to the end with fast playouts (rollout.ts), and
 *   4. credits each move on the path with the reward of the seat that made it.
 * Cards laid face down in a conflict are hidden simultaneous choices: an edge keeps statistics for the
 * exact cards laid (the layer learns which cards are worth laying), but the node it leads to depends only
 * on how many were laid, which is all that the later players of the conflict can see. So nobody in the
 * tree can react to cards that were laid face down before them.
 * Search moves leave out the Trade tile, and use Double Turn only in step 2; Two Influence only at the root.
 */
import type { Rng } from '@attila/core';
import {
  MAX_MOVES,
  MoveKind,
  Phase,
  applyInPlace,
  legalMoveCodes,
  moveCardTotal,
  moveKind,
  type MoveCode,
  type TribesState,
} from '@attila/tribes';
import type { Budget } from './bot.js';
import { estimatedRewards, rewards, rollout } from './rollout.js';

interface Edge {
  readonly move: MoveCode;
  visits: number;
  available: number;
  reward: number;
  /** Progressive bias: a prior in reward units, worth less the more the move is visited (root only). */
  bias: number;
  child: Node | null;
}

class Node {
  readonly edges = new Map<MoveCode, Edge>();
  /** Children by `childKey`. */
  readonly children = new Map<number, Node>();
}

/** The node a move leads to: face-down commitments are told apart only by their size. */
function childKey(move: MoveCode): number {
  return moveKind(move) === MoveKind.Commit ? -1 - moveCardTotal(move) : move;
}

function childOf(node: Node, edge: Edge): Node {
  if (edge.child) return edge.child;
  const key = childKey(edge.move);
  let child = node.children.get(key);
  if (!child) {
    child = new Node();
    node.children.set(key, child);
  }
  edge.child = child;
  return child;
}

const raw = new Int32Array(MAX_MOVES);

/** The moves the search considers, written to `out`. */
export function searchMoves(s: TribesState, out: Int32Array): number {
  const n = legalMoveCodes(s, raw);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const m = raw[i];
    const kind = moveKind(m);
    let keep: boolean;
    switch (s.phase) {
      case Phase.Play:
        keep = kind === MoveKind.Play || kind === MoveKind.Discard;
        break;
      case Phase.Influence:
        // Two Influence has 21 forms: below the root they would swamp the tree (it is offered at the root).
        keep = kind !== MoveKind.Trade && kind !== MoveKind.TwoInfluence;
        break;
      default:
        keep = kind === MoveKind.Commit;
    }
    if (keep) out[k++] = m;
  }
  return k;
}

export const DEFAULT_EXPLORATION = 0.35;
/**
 * Playout moves before the position is judged instead of played out: 8 with 2 players, 16 with more.
 * With 3 players the longer look was worth more (against two `greedy` bots at 500 iterations, 51.6% with 8 and
 * 56.6% with 16). With 2 players the length trades strength against `greedy` for strength against `cheating`,
 * whose playouts run on the true hands and deck and so gain more from a longer look (2000 iterations, 400 games
 * each): 8 moves 37.9% vs cheating and 77.3% vs greedy; 4 moves 43.9% and 75.9%; 2 moves 45.1% and 71.6%;
 * 0 moves 47.4% and 67.0%. At 35,000 iterations 4 moves showed no gain against `cheating` (34.1% over 132
 * games, 34.7% over 95 with 8), so 8 stays, the length whose 500-game figure against `greedy` is measured.
 * 4 and 5 players were not measured; they take the 3-player value.
 */
export function defaultCutoff(players: number): number {
  return players === 2 ? 8 : 16;
}
/** 3 rather than 5 (measured: 2-player arenas at 500 iterations, scales 2, 3, 5 and 10; see the README). */
export const DEFAULT_SCALE = 3;

export interface SearchStats {
  iterations: number;
  /** Whether the search stopped before its budget because the choice could no longer change. */
  stoppedEarly: boolean;
  elapsedMs: number;
  /** Root moves with their visits and mean reward, most visited first. */
  root: { move: MoveCode; visits: number; mean: number }[];
}

export interface SearchOptions {
  readonly budget: Budget;
  readonly exploration?: number;
  /** Playout moves before the position is judged by its standing instead of played out (default `defaultCutoff`; Infinity plays to the end). */
  readonly cutoff?: number;
  /** Points of standing that make a logistic reward of about 0.73 (for cut-off playouts). */
  readonly scale?: number;
  /** The only moves to consider at the root (all legal there); by default every search move. */
  readonly rootMoves?: readonly MoveCode[];
  /** A prior for some root moves, in reward units (progressive bias: it fades as 1 / (visits + 1)). */
  readonly rootBias?: ReadonlyMap<MoveCode, number>;
  /** Stop once the most visited root move can no longer be overtaken (default true; see `decided`). */
  readonly earlyStop?: boolean;
  /** Called with the statistics when the search ends (for tests and tools). */
  readonly onStats?: (stats: SearchStats) => void;
  /**
   * Samples drawn from public information alone (the searching seat's own hand and face-down cards hidden too),
   * as the other seats see the game. When given, every second iteration plays one of these and teaches only the
   * other seats' decisions, and the searcher's own samples teach only its own: so the opponents in the tree
   * choose without knowing the searcher's hand (see `search`).
   */
  readonly publicSample?: () => TribesState;
}

const moves = new Int32Array(MAX_MOVES);
const untried = new Int32Array(MAX_MOVES);
const edges: (Edge | undefined)[] = new Array<Edge | undefined>(MAX_MOVES);
const MAX_DEPTH = 4096;

/**
 * Early termination: the most visited root move is the answer, and each iteration adds one visit to one root
 * move, so once its lead over the runner-up exceeds the iterations left, no further search can change the
 * choice. With an iteration budget the move is exactly the one the full budget would give (deterministic);
 * with a time budget the iterations left are estimated from the rate so far.
 */
function decided(
  root: Node,
  iterations: number,
  maxIterations: number,
  now: number,
  started: number,
  deadline: number,
): boolean {
  let left = maxIterations - iterations;
  if (deadline !== Infinity) left = Math.min(left, ((deadline - now) * iterations) / (now - started || 1));
  let first = 0;
  let second = 0;
  for (const e of root.edges.values()) {
    if (e.visits > first) {
      second = first;
      first = e.visits;
    } else if (e.visits > second) second = e.visits;
  }
  return first - second > left;
}

/**
 * Searches from the seat to act in the samples `sample()` returns and gives the most visited move.
 * `sample` must draw only from what that seat may know; all chance comes from `rng`. It may return the same
 * state object every time (a `Determinizer` does): each sample is played out in place, and none is used
 * after the next call.
 */
export function search(sample: () => TribesState, rng: Rng, options: SearchOptions): MoveCode {
  const first = sample();
  const seat = first.toAct;
  if (seat < 0) throw new Error('search: the game is over');
  const rootMoves = options.rootMoves ?? Array.from(moves.subarray(0, searchMoves(first, moves)));
  const rootCount = rootMoves.length;
  if (rootCount === 0) throw new Error('search: no legal move');
  if (rootCount === 1) {
    // A forced move costs no search, whatever the budget.
    options.onStats?.({ iterations: 0, stoppedEarly: true, elapsedMs: 0, root: [] });
    return rootMoves[0];
  }

  const c = options.exploration ?? DEFAULT_EXPLORATION;
  const cutoff = options.cutoff ?? defaultCutoff(first.players);
  const scale = options.scale ?? DEFAULT_SCALE;
  const maxIterations = options.budget.iterations ?? (options.budget.timeMs === undefined ? 1000 : Infinity);
  const deadline = options.budget.timeMs === undefined ? Infinity : performance.now() + options.budget.timeMs;
  const started = performance.now();
  const earlyStop = options.earlyStop ?? true;
  const bias = options.rootBias ?? new Map<MoveCode, number>();
  const root = new Node();
  const pathEdges: Edge[] = new Array<Edge>(MAX_DEPTH);
  const pathMovers = new Int8Array(MAX_DEPTH);
  const pathLearns = new Uint8Array(MAX_DEPTH);
  const reward = new Float64Array(first.players);
  const publicSample = options.publicSample;
  const legal = new Int32Array(MAX_MOVES);
  let iterations = 0;
  let stoppedEarly = false;

  while (iterations < maxIterations) {
    if ((iterations & 15) === 0 && iterations > 0) {
      const now = performance.now();
      if (now >= deadline) break;
      if (
        (iterations & 63) === 0 &&
        earlyStop &&
        decided(root, iterations, maxIterations, now, started, deadline)
      ) {
        stoppedEarly = true;
        break;
      }
    }
    // A public iteration (every second one, when public samples are given) is played in a world drawn as the
    // other seats see it; it teaches their decisions only, and the searcher's own iterations teach only its own.
    const pub = publicSample !== undefined && (iterations & 1) === 1;
    const s = iterations === 0 ? first : pub ? publicSample() : sample();
    let node = root;
    let depth = 0;
    while (s.phase !== Phase.Over && depth < MAX_DEPTH) {
      const mover = s.toAct;
      const learns = publicSample === undefined || (mover === seat) !== pub;
      let n: number;
      if (depth === 0) {
        n = 0;
        if (pub) {
          // The searcher's hand in this world is a guess: only the root moves that it allows.
          const k = legalMoveCodes(s, legal);
          for (let i = 0; i < rootCount; i++)
            for (let j = 0; j < k; j++)
              if (legal[j] === rootMoves[i]) {
                moves[n++] = rootMoves[i];
                break;
              }
        } else for (; n < rootCount; n++) moves[n] = rootMoves[n];
        if (n === 0) break;
      } else n = searchMoves(s, moves);
      let open = 0;
      for (let i = 0; i < n; i++) {
        const e = node.edges.get(moves[i]);
        edges[i] = e;
        if (!e) untried[open++] = moves[i];
      }
      let edge: Edge;
      // A decision this iteration does not teach is neither expanded nor counted: the tree ends here for it.
      if (open > 0 && !learns) break;
      if (open > 0) {
        const move = untried[open === 1 ? 0 : rng.int(open)];
        edge = {
          move,
          visits: 0,
          available: 1,
          reward: 0,
          bias: depth === 0 ? (bias.get(move) ?? 0) : 0,
          child: null,
        };
        node.edges.set(move, edge);
      } else {
        let best = -Infinity;
        edge = edges[0]!;
        for (let i = 0; i < n; i++) {
          const e = edges[i]!;
          if (learns) e.available++;
          const score =
            e.reward / e.visits + c * Math.sqrt(Math.log(e.available) / e.visits) + e.bias / (e.visits + 1);
          if (score > best) {
            best = score;
            edge = e;
          }
        }
      }
      applyInPlace(s, edge.move);
      pathEdges[depth] = edge;
      pathLearns[depth] = learns ? 1 : 0;
      pathMovers[depth++] = mover;
      if (open > 0) break;
      node = childOf(node, edge);
    }
    if (s.phase !== Phase.Over) rollout(s, rng, cutoff);
    if (s.phase === Phase.Over) rewards(s, reward);
    else estimatedRewards(s, reward, scale);
    for (let i = 0; i < depth; i++) {
      if (pathLearns[i] === 0) continue;
      const e = pathEdges[i];
      e.visits++;
      e.reward += reward[pathMovers[i]];
    }
    iterations++;
  }

  let chosen: Edge | null = null;
  for (const e of root.edges.values()) {
    if (!chosen || e.visits > chosen.visits || (e.visits === chosen.visits && e.reward > chosen.reward)) {
      chosen = e;
    }
  }
  if (options.onStats) {
    options.onStats({
      iterations,
      stoppedEarly,
      elapsedMs: performance.now() - started,
      root: [...root.edges.values()]
        .sort((a, b) => b.visits - a.visits)
        .map((e) => ({ move: e.move, visits: e.visits, mean: e.visits ? e.reward / e.visits : 0 })),
    });
  }
  return chosen!.move;
}
