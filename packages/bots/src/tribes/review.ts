/**
 * The review of a finished Tribes game: each player's chance to win at the start of every turn, the turns
 * that moved the chances most, and, for one player's decisions, what the search bot would have chosen from
 * that player's view and how it valued both moves.
 *
 * Chances look at every hand (the game is over, nothing is secret any more) but never at the order of the
 * draw pile, which each playout shuffles anew: "what could still happen, given everything on the table and
 * in the hands". A chance is the share of playouts a seat wins (ties split), played to the end from peeking
 * samples (`peekingSampler`) by the search's playout policy. They are taken at turn starts only: within a
 * turn (a card, then influence or a second marker, conflicts) the playout policy would finish the turn its
 * own way, which measures the policy rather than the position. Playouts use no action tiles, so a tile still
 * in hand counts for nothing and a tile played shows as a gain in its turn.
 *
 * The bot's alternative is the search's own judgement (`searchDecision`) from the player's view alone, as in
 * play: its mean reward (about a chance to win; see `rewards`) for its choice and for the move played.
 * Deterministic: the review seed decides every sample.
 */
import { Rng, err, ok, replayMoves, type Result } from '@attila/core';
import {
  Phase,
  formatMove,
  parseMove,
  tribesGame,
  viewOf,
  type TribesSettings,
  type TribesState,
} from '@attila/tribes';
import type { Budget } from './bot.js';
import { rollout } from './rollout.js';
import { peekingSampler, searchDecision } from './search-bots.js';

export interface ReviewOptions {
  /** Playouts per turn start (each chance has a standard error of at most 0.5 / sqrt(playouts)). */
  readonly playouts: number;
  /** Whose decisions get the bot's alternative (null: nobody's). */
  readonly seat: number | null;
  /** The search's budget for each of those decisions. */
  readonly botBudget: Budget;
  readonly seed: string;
  /** Told after each step: steps done, steps in all. */
  readonly onProgress?: (done: number, total: number) => void;
}

export interface ReviewedTurn {
  /** The engine's turn number (1 is the first), and whose turn it was. */
  readonly turn: number;
  readonly seat: number;
  /** The indices in the game's move list of the turn's moves (conflict commitments of others included). */
  readonly from: number;
  readonly to: number;
  /** Each seat's chance to win at the turn's start and after it. */
  readonly before: readonly number[];
  readonly after: readonly number[];
}

export interface BotAlternative {
  /** The move's index in the game's move list, and the move. */
  readonly index: number;
  readonly played: string;
  /** The search's choice from the player's view, where it differs from the move played. */
  readonly bot: string;
  /** The search's value (mean reward, 0..1) of its move and of the move played. */
  readonly botValue: number;
  readonly playedValue: number;
}

export interface Swing {
  /** Index into `turns`. */
  readonly turn: number;
  /** The seat whose chance moved most in that turn, and by how much (−1..1). */
  readonly seat: number;
  readonly delta: number;
}

export interface GameReview {
  readonly players: number;
  readonly turns: readonly ReviewedTurn[];
  /** The turns whose chances moved most, biggest first (at most `SWINGS`). */
  readonly swings: readonly Swing[];
  /** The reviewed seat's decisions where the search preferred another move, the biggest difference first. */
  readonly alternatives: readonly BotAlternative[];
}

export const SWINGS = 5;

export type ReviewErrorCode = 'review.unfinished' | 'review.replay';

/** Each seat's share of wins over `playouts` playouts from `state` (exact when the game is over). */
export function winChances(state: TribesState, playouts: number, rng: Rng): number[] {
  const n = state.players;
  if (state.phase === Phase.Over) return shares(state.scores, n);
  const chances = new Array<number>(n).fill(0);
  const sample = peekingSampler(state, rng);
  for (let k = 0; k < playouts; k++) {
    const s = sample();
    rollout(s, rng);
    const won = shares(s.scores, n);
    for (let i = 0; i < n; i++) chances[i] += won[i];
  }
  return chances.map((c) => c / playouts);
}

function shares(scores: ArrayLike<number>, n: number): number[] {
  let best = -Infinity;
  for (let i = 0; i < n; i++) best = Math.max(best, scores[i]);
  let winners = 0;
  for (let i = 0; i < n; i++) if (scores[i] === best) winners++;
  return Array.from({ length: n }, (_, i) => (scores[i] === best ? 1 / winners : 0));
}

/** Reviews a finished game from its settings, seed and moves (a record's). */
export function reviewGame(
  settings: TribesSettings,
  seed: string,
  recorded: readonly string[],
  options: ReviewOptions,
): Result<GameReview, ReviewErrorCode> {
  const replayed = replayMoves(tribesGame, settings, seed, recorded);
  if (!replayed.ok) return err('review.replay', replayed.error.message);
  const states = replayed.value.states;
  const last = states[states.length - 1];
  if (!tribesGame.result(last)) {
    return err('review.unfinished', 'only a finished game is reviewed (a review would show hidden cards)');
  }
  // Tribes has one seat to act at a time, so its records carry no `<seat>:` prefix; strip one if present.
  const moves = recorded.map((m) => m.replace(/^\d+:/, ''));
  const starts = states.flatMap((s, i) => (i === 0 || s.turn !== states[i - 1].turn ? [i] : []));
  const decisions =
    options.seat === null
      ? []
      : states.flatMap((s, i) =>
          i < moves.length && s.toAct === options.seat && tribesGame.legalMoves(s, s.toAct).length > 1
            ? [i]
            : [],
        );
  const total = starts.length + 1 + decisions.length;
  let done = 0;
  const step = () => options.onProgress?.(++done, total);
  const rng = Rng.fromSeed(`review/${options.seed}`);
  const bounds = [...starts, states.length - 1];
  const chances = bounds.map((i) => {
    const c = winChances(states[i], options.playouts, rng);
    step();
    return c;
  });
  const turns: ReviewedTurn[] = starts.map((from, k) => ({
    turn: states[from].turn,
    seat: states[from].active,
    from,
    to: bounds[k + 1] - 1,
    before: chances[k],
    after: chances[k + 1],
  }));
  const alternatives: BotAlternative[] = [];
  for (const i of decisions) {
    const alternative = botAlternative(states[i], i, moves[i], options.botBudget, rng);
    if (alternative) alternatives.push(alternative);
    step();
  }
  alternatives.sort((a, b) => b.botValue - b.playedValue - (a.botValue - a.playedValue) || a.index - b.index);
  return ok({ players: last.players, turns, swings: biggestSwings(turns), alternatives });
}

function botAlternative(
  state: TribesState,
  index: number,
  played: string,
  budget: Budget,
  rng: Rng,
): BotAlternative | null {
  const playedCode = parseMove(state.map, played);
  if (!playedCode.ok) throw new Error(`review: a replayed move does not parse: ${playedCode.error.message}`);
  const stats = searchDecision(viewOf(state, { seat: state.toAct }), state.map, rng, budget, [
    playedCode.value,
  ]);
  const best = stats.root[0];
  if (best.move === playedCode.value) return null;
  const mine = stats.root.find((r) => r.move === playedCode.value)!;
  return {
    index,
    played: formatMove(state.map, playedCode.value),
    bot: formatMove(state.map, best.move),
    botValue: best.mean,
    playedValue: mine.mean,
  };
}

function biggestSwings(turns: readonly ReviewedTurn[]): Swing[] {
  const swings = turns.map((t, turn) => {
    let seat = 0;
    let delta = 0;
    for (let i = 0; i < t.before.length; i++) {
      const change = t.after[i] - t.before[i];
      if (Math.abs(change) > Math.abs(delta)) [seat, delta] = [i, change];
    }
    return { turn, seat, delta };
  });
  return swings
    .filter((s) => s.delta !== 0)
    .sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta) || a.turn - b.turn)
    .slice(0, SWINGS);
}
