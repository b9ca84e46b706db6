import { describe, expect, it } from 'vitest';
import { knightsGame, moveToString, Position, STANDARD_LAYOUT } from '@attila/knights';
import { KNIGHTS_LEVELS } from '@attila/bots';
import { easyKnightsBot } from '@attila/bots/knights-plain';
import { solveExact, solverFor, solverPosition } from '@attila/bots/knights-solver';
import { KNIGHTS_LESSONS, knightsLesson, type KnightsLesson } from './knights-lessons.js';
import {
  hintMove,
  playLessonMove,
  seatOf,
  startLesson,
  winnerOf,
  type LessonGame,
} from './knights-lesson-play.js';
import { REFUSAL_TEXT } from './refusals.js';

function lesson(id: string): KnightsLesson {
  const found = knightsLesson(id);
  if (!found) throw new Error(`no lesson ${id}`);
  return found;
}

/** Follows the hints to the lesson's end; every hinted move must be accepted and meet its task's goal. */
function followHints(l: KnightsLesson): LessonGame {
  let game = startLesson(l);
  for (let guard = 0; game.task < l.tasks.length; guard++) {
    expect(guard, `${l.id}: too many moves`).toBeLessThan(40);
    const hint = hintMove(l, game);
    expect(hint, `${l.id}: a hint at task ${game.task}`).not.toBeNull();
    const out = playLessonMove(l, game, hint ?? '');
    expect(out.kind, `${l.id}: the hinted ${hint} in ${game.state.position.toString()}`).toBe('done');
    if (out.kind === 'done') game = out.game;
  }
  return game;
}

/** Every legal move that keeps the win, by the solver (the value of the position it leaves is negative or 0). */
function winningMoves(text: string): string[] {
  const parsed = Position.parse(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const p = parsed.value;
  const solver = solverFor(p.layout, 18);
  return p
    .legalMoveCodes()
    .filter((c) => {
      const child = p.playCode(c);
      return child.legalMoveCodes().length === 0 || solveExact(solver, solverPosition(child)).value < 0;
    })
    .map((c) => moveToString(p.layout, c))
    .sort();
}

describe('Knights lessons', () => {
  it('every lesson starts from a position the engine accepts, and the player is to move', () => {
    for (const l of KNIGHTS_LESSONS) {
      const game = startLesson(l);
      expect(knightsGame.toAct(game.state), l.id).toEqual([seatOf(game.player)]);
      expect(winnerOf(game.state), l.id).toBeNull();
    }
  });

  it("every lesson's hints, followed, take it to its end, won by the player", () => {
    for (const l of KNIGHTS_LESSONS) {
      const end = followHints(l);
      if (l.tasks.some((t) => t.untilOver || t.goal === 'trap'))
        expect(winnerOf(end.state), l.id).toBe(end.player);
    }
  });

  it('each wrong move is refused by the rule the lesson names (or allowed but missing the goal)', () => {
    for (const l of KNIGHTS_LESSONS) {
      const game = startLesson(l);
      expect(l.wrong.length, l.id).toBeGreaterThan(0);
      for (const w of l.wrong) {
        const out = playLessonMove(l, game, w.move);
        if (w.refusal === 'missed') expect(out.kind, `${l.id} ${w.move}`).toBe('missed');
        else expect(out, `${l.id} ${w.move}`).toEqual({ kind: 'refused', code: w.refusal });
      }
    }
  });

  it('every refusal a lesson names has a player-facing explanation', () => {
    for (const l of KNIGHTS_LESSONS)
      for (const w of l.wrong)
        if (w.refusal !== 'missed') expect(REFUSAL_TEXT[w.refusal], w.refusal).toBeDefined();
  });

  it('placement: the no-trap rule refuses a knight with no jump, and one that takes another knight’s last jump', () => {
    const l = lesson('knights-place');
    const game = startLesson(l);
    expect(playLessonMove(l, game, 'a1')).toEqual({ kind: 'refused', code: 'knights.move.trap' });
    expect(playLessonMove(l, game, 'd2')).toEqual({ kind: 'refused', code: 'knights.move.trap-other' });
    // After both third knights are placed, the first player (the Romans) moves.
    const placed = playLessonMove(l, game, 'd4');
    expect(placed.kind).toBe('done');
    if (placed.kind === 'done') expect(placed.game.state.position.toBoard().inPlacement()).toBe(false);
  });

  it('trap: exactly the moves that scorch c2 leave the Huns without a move', () => {
    const l = lesson('knights-trap');
    const game = startLesson(l);
    const seat = seatOf(game.player);
    const trapping = knightsGame
      .legalMoves(game.state, seat)
      .filter((m) => playLessonMove(l, game, m).kind === 'done');
    expect(trapping.length).toBeGreaterThan(0);
    expect(trapping.every((m) => m.endsWith(',c2'))).toBe(true);
  });

  it('count: of the seven legal moves only scorching d2 wins (solver)', () => {
    const start = lesson('knights-count').start;
    expect(winningMoves(start)).toEqual(['a1-c2,d2']);
  });

  it('puzzle: a position from a solved line where only one jump wins (solver)', () => {
    const l = lesson('knights-puzzle');
    // The real line (the Huns first): greedy placement and four greedy turns, then the solver's; ply 15 is the puzzle.
    let p = Position.empty(STANDARD_LAYOUT, 'H');
    const line =
      'c2 c3 b2 c4 c1 b3 b2-d1,d2 c4-b2,e3 c1-d3,a4 b3-c1,e1 d3-b4,e4 c1-a2,d4 c2-a1,b1 b2-d3,c2 a1-b3,e2';
    for (const m of line.split(' ')) {
      const next = p.play(m);
      if (!next.ok) throw new Error(next.error.message);
      p = next.value;
    }
    expect(p.toString()).toBe(l.start);
    const wins = winningMoves(l.start);
    expect(new Set(wins.map((m) => m.split(',')[0]))).toEqual(new Set(['a2-c1']));
    expect(p.legalMoves().length).toBeGreaterThan(wins.length * 4);
    // The bot lesson starts from the same line, four plies earlier, won by the side to move.
    const bot = startLesson(lesson('knights-bot')).state.position;
    expect(solveExact(solverFor(bot.layout, 18), solverPosition(bot)).value).toBeGreaterThan(0);
  });

  it('the game against the easy bot is the same for the same moves (the bot has a fixed seed)', () => {
    const l = lesson('knights-bot');
    const a = followHints(l);
    const b = followHints(l);
    expect(a.moves).toEqual(b.moves);
    expect(winnerOf(a.state)).toBe(a.player);
    // It is the easy level people meet at a table (the browser takes it from the book-free module).
    expect(KNIGHTS_LEVELS.find((level) => level.name === 'easy')?.bot).toBe(easyKnightsBot);
  });
});
