/**
 * A Tribes lesson in play, as pure functions over the engine (`tribesGame`): the start from the lesson's deck,
 * what the player's move does (refused with the engine's code, allowed but off the task, or done), the
 * scripted other seat, and the hint.
 */
import {
  readMove,
  tribesGame,
  type TribesEvent,
  type TribesSettings,
  type TribesState,
} from '@attila/tribes';
import type { TribesGoal, TribesLesson, TribesTask } from './tribes-lessons.js';

/** The player's seat (first to play); the other seat is scripted. */
export const PLAYER = 0;
/** Any seed: with the deck fixed and the first player given, it decides nothing. */
const SEED = 'attila-lesson';

export interface TribesLessonGame {
  readonly state: TribesState;
  readonly task: number;
  /** Every move since the start with its seat, and the events it caused (the screen's log). */
  readonly moves: readonly { readonly seat: number; readonly move: string }[];
  readonly events: readonly (readonly TribesEvent[])[];
}

export type TribesMoveOutcome =
  | { readonly kind: 'refused'; readonly code: string }
  | { readonly kind: 'missed' }
  | { readonly kind: 'done'; readonly game: TribesLessonGame };

/** The lesson's game settings as a bot worker is sent them (it parses them again). */
export function tribesLessonSettings(lesson: TribesLesson): Record<string, unknown> {
  return {
    players: 2,
    firstPlayer: PLAYER,
    deck: lesson.deck,
    ...(lesson.options ? { options: lesson.options } : {}),
  };
}

export const TRIBES_LESSON_SEED = SEED;

function settingsOf(lesson: TribesLesson): TribesSettings {
  const parsed = tribesGame.parseSettings(tribesLessonSettings(lesson));
  if (!parsed.ok) throw new Error(`lesson ${lesson.id}: ${parsed.error.message}`);
  return parsed.value;
}

export function startTribesLesson(lesson: TribesLesson): TribesLessonGame {
  const state = tribesGame.setup(settingsOf(lesson), SEED);
  if (!state.ok) throw new Error(`lesson ${lesson.id}: ${state.error.message}`);
  let game: TribesLessonGame = { state: state.value, task: 0, moves: [], events: [] };
  for (const text of lesson.prelude ?? []) {
    const [seat, move] = [Number(text.slice(0, text.indexOf(':'))), text.slice(text.indexOf(':') + 1)];
    const next = played(game, seat, move);
    if (typeof next === 'string')
      throw new Error(`lesson ${lesson.id}: the prelude's ${text} is refused: ${next}`);
    game = next;
  }
  // The prelude is where the lesson starts: not the player's moves (nor stored with them), and no pop-ups.
  return { ...game, moves: [], events: [] };
}

export function currentTribesTask(lesson: TribesLesson, game: TribesLessonGame): TribesTask | null {
  return lesson.tasks[game.task] ?? null;
}

export function meetsTribesGoal(goal: TribesGoal, move: string): boolean {
  if (goal === 'any') return true;
  const read = readMove(move);
  return read.ok && read.value.kind === goal;
}

function played(game: TribesLessonGame, seat: number, move: string): TribesLessonGame | string {
  const out = tribesGame.play(game.state, seat, move);
  if (!out.ok) return out.error.code;
  return {
    ...game,
    state: out.value.state,
    moves: [...game.moves, { seat, move }],
    events: [...game.events, out.value.events],
  };
}

/** The scripted seat's moves until the player is to act again (or the game is over). */
function scriptedUntilPlayer(lesson: TribesLesson, game: TribesLessonGame): TribesLessonGame {
  let g = game;
  for (;;) {
    const seat = tribesGame.toAct(g.state)[0];
    if (seat === undefined || seat === PLAYER) return g;
    const next = played(g, seat, tribesGame.legalMoves(g.state, seat)[0]);
    if (typeof next === 'string')
      throw new Error(`lesson ${lesson.id}: the scripted move is refused: ${next}`);
    g = next;
  }
}

/** The player's move: the engine's verdict, then the task's goal; then the scripted seat answers. */
export function playTribesLessonMove(
  lesson: TribesLesson,
  game: TribesLessonGame,
  move: string,
): TribesMoveOutcome {
  const task = currentTribesTask(lesson, game);
  const next = played(game, PLAYER, move);
  if (typeof next === 'string') return { kind: 'refused', code: next };
  if (task && !meetsTribesGoal(task.goal, move)) return { kind: 'missed' };
  // Against the bot the screen asks the worker for the answers (opponentToAct); a whole-game task ends with it.
  if (lesson.opponent === 'easy-bot') return { kind: 'done', game: afterMove(task, next) };
  // The other seat answers also after the last task: a conflict is revealed only once everyone has laid.
  return { kind: 'done', game: scriptedUntilPlayer(lesson, { ...next, task: game.task + 1 }) };
}

/** The task after a move: the same one while a whole-game task's game goes on. */
function afterMove(task: TribesTask | null, game: TribesLessonGame): TribesLessonGame {
  if (task?.untilOver && !game.state.over) return game;
  return { ...game, task: game.task + 1 };
}

/** The bot's seat when it must act now (a lesson against the bot), else null. */
export function opponentToAct(lesson: TribesLesson, game: TribesLessonGame): number | null {
  if (lesson.opponent !== 'easy-bot') return null;
  const seat = tribesGame.toAct(game.state)[0];
  return seat === undefined || seat === PLAYER ? null : seat;
}

/** The bot's move, played through the engine (null if refused: the answer came for another position). */
export function playOpponentMove(
  lesson: TribesLesson,
  game: TribesLessonGame,
  seat: number,
  move: string,
): TribesLessonGame | null {
  const next = played(game, seat, move);
  return typeof next === 'string' ? null : afterMove(currentTribesTask(lesson, game), next);
}

/** The hinted move: the task's own when the engine allows it, else the first allowed move meeting the goal. */
export function tribesHintMove(lesson: TribesLesson, game: TribesLessonGame): string | null {
  const task = currentTribesTask(lesson, game);
  // Against the bot the hint is the greedy bot's choice, asked from the worker by the screen.
  if (!task || lesson.opponent === 'easy-bot') return null;
  const legal = tribesGame.legalMoves(game.state, PLAYER);
  if (task.hint && legal.includes(task.hint)) return task.hint;
  return legal.find((m) => meetsTribesGoal(task.goal, m)) ?? null;
}

/** A stored lesson's moves replayed through the engine, or null when the engine refuses one. */
export function replayTribesLesson(
  lesson: TribesLesson,
  task: number,
  moves: readonly { seat: number; move: string }[],
): TribesLessonGame | null {
  let g = startTribesLesson(lesson);
  for (const m of moves) {
    const next = played(g, m.seat, m.move);
    if (typeof next === 'string') return null;
    g = next;
  }
  return task > lesson.tasks.length ? null : { ...g, task };
}
