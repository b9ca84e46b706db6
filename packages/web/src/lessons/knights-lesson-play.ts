/**
 * A Knights lesson in play, as pure functions over the engine's state: the lesson's start, what the player's
 * move does (refused by the engine with its code, allowed but off the task's goal, or done), the answer
 * between tasks and the hint. Everything goes through `knightsGame` (the rules) and the solver (who wins).
 */
import { Rng } from '@attila/core';
import {
  knightsGame,
  moveToString,
  Position,
  readMove,
  SIDE_LETTERS,
  type KnightsSettings,
  type KnightsState,
  type Side,
} from '@attila/knights';
import { easyKnightsBot, knightsBotMove } from '@attila/bots/knights-plain';
import { solveExact, solverFor, solverPosition } from '@attila/bots/knights-solver';
import type { KnightsGoal, KnightsLesson, KnightsTask } from './knights-lessons.js';

/** The seed of the lessons' bot, so a lesson replays the same for the same moves. */
const BOT_SEED = 'attila-lesson';
/** A 2^18-entry table: the lessons' endings need little, and a phone has little to spare. */
const TABLE_BITS = 18;

export interface LessonGame {
  readonly state: KnightsState;
  /** The side the player plays: the side to move at the start. */
  readonly player: Side;
  /** Index of the current task; `tasks.length` once the lesson is done. */
  readonly task: number;
  /** Moves played since the start (the player's and the answers). */
  readonly moves: readonly string[];
}

export type MoveOutcome =
  /** The engine refuses the move: the code says which rule it breaks. */
  | { readonly kind: 'refused'; readonly code: string }
  /** Allowed, but not what the task asks: the move is taken back. */
  | { readonly kind: 'missed' }
  /** The task is done: the game after the move (and the answer, when another task follows). */
  | { readonly kind: 'done'; readonly game: LessonGame; readonly answer: string | null };

/** The start of a lesson; throws on a lesson whose position the engine refuses (its tests catch that). */
export function startLesson(lesson: KnightsLesson): LessonGame {
  const parsed = Position.parse(lesson.start);
  if (!parsed.ok) throw new Error(`lesson ${lesson.id}: ${parsed.error.message}`);
  const position = parsed.value;
  const player = SIDE_LETTERS[position.side];
  const settings: KnightsSettings = {
    layout: position.layout,
    layoutName: position.layout.shape,
    first: player,
  };
  return { state: { settings, position, lastMove: null, plies: 0 }, player, task: 0, moves: [] };
}

export function seatOf(side: Side): number {
  return SIDE_LETTERS.indexOf(side);
}

/** The task the player is on, or null when the lesson is done. */
export function currentTask(lesson: KnightsLesson, game: LessonGame): KnightsTask | null {
  return lesson.tasks[game.task] ?? null;
}

/** The winner, or null while the game goes on. */
export function winnerOf(state: KnightsState): Side | null {
  const r = knightsGame.result(state);
  return r ? SIDE_LETTERS[r.winners[0]] : null;
}

/** The value of the position for the side to move (+N wins in N plies, -N loses), from the solver. */
function solvedValue(position: Position): number {
  return solveExact(solverFor(position.layout, TABLE_BITS), solverPosition(position)).value;
}

/** Whether a move is what the goal asks; `after` is the state the engine returned for it. */
export function meetsGoal(goal: KnightsGoal, move: string, after: KnightsState, player: Side): boolean {
  switch (goal) {
    case 'any':
      return true;
    case 'scorch-left': {
      const m = readMove(move);
      return m?.kind === 'move' && m.scorch === m.from;
    }
    case 'trap':
      return winnerOf(after) === player;
    case 'best':
      // The opponent, to move after it, has lost (0: cannot move at all; negative: loses with best play).
      return winnerOf(after) === player || solvedValue(after.position) < 0;
  }
}

/** The player's move: what the engine says, then the goal, then the answer if another task follows. */
export function playLessonMove(lesson: KnightsLesson, game: LessonGame, move: string): MoveOutcome {
  const task = currentTask(lesson, game);
  const seat = seatOf(game.player);
  const played = knightsGame.play(game.state, seat, move);
  if (!played.ok) return { kind: 'refused', code: played.error.code };
  const after = played.value.state;
  if (task && !meetsGoal(task.goal, move, after, game.player)) return { kind: 'missed' };
  const over = winnerOf(after) !== null;
  const nextTask = task?.untilOver && !over ? game.task : over ? lesson.tasks.length : game.task + 1;
  const moves = [...game.moves, move];
  if (over || nextTask >= lesson.tasks.length) {
    return { kind: 'done', game: { ...game, state: after, task: nextTask, moves }, answer: null };
  }
  const answer = answerMove(lesson, after, moves.length);
  const answered = knightsGame.play(after, 1 - seat, answer);
  if (!answered.ok) throw new Error(`lesson ${lesson.id}: its answer ${answer} is refused`);
  const state = answered.value.state;
  // An answer that wins ends the lesson (the player may try again).
  const task2 = winnerOf(state) ? lesson.tasks.length : nextTask;
  return { kind: 'done', game: { ...game, state, task: task2, moves: [...moves, answer] }, answer };
}

/** The opponent's answer in `state` (the opponent is to move). */
export function answerMove(lesson: KnightsLesson, state: KnightsState, ply: number): string {
  const seat = state.position.side;
  const legal = knightsGame.legalMoves(state, seat);
  const reply = lesson.reply;
  if (reply.kind === 'scripted') {
    return reply.moves.find((m) => knightsGame.play(state, seat, m).ok) ?? legal[0];
  }
  if (reply.kind === 'easy-bot') {
    return knightsBotMove(easyKnightsBot, state.position, Rng.fromSeed(`${BOT_SEED}-${ply}`));
  }
  return bestMove(state.position);
}

/** The solver's best move: the quickest win, or the longest loss (the first of the best, as strings sort). */
export function bestMove(position: Position): string {
  const answer = solveExact(solverFor(position.layout, TABLE_BITS), solverPosition(position));
  return answer.best.map((code) => moveToString(position.layout, code)).sort()[0];
}

/** The move the current task's hint suggests, or null when the lesson is done. */
export function hintMove(lesson: KnightsLesson, game: LessonGame): string | null {
  const task = currentTask(lesson, game);
  if (!task || winnerOf(game.state)) return null;
  if (task.hint) return task.hint;
  if (task.goal === 'best' || task.solverHint) return bestMove(game.state.position);
  const seat = seatOf(game.player);
  return (
    knightsGame.legalMoves(game.state, seat).find((m) => {
      const played = knightsGame.play(game.state, seat, m);
      return played.ok && meetsGoal(task.goal, m, played.value.state, game.player);
    }) ?? null
  );
}
