import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP, TRIBES_RULE_CODES, tribesGame } from '@attila/tribes';
import { everyTribesMove } from './every-province.js';
import { REFUSAL_TEXT } from './refusals.js';
import { TRIBES_LESSONS } from './tribes-lessons.js';
import { honestTribesBot, tribesSearchers } from '@attila/bots/tribes-levels';
import { botAnswer } from '../local/bot-answers.js';
import {
  opponentToAct,
  PLAYER,
  playOpponentMove,
  TRIBES_LESSON_SEED,
  tribesLessonSettings,
  playTribesLessonMove,
  replayTribesLesson,
  startTribesLesson,
  tribesHintMove,
  type TribesLessonGame,
} from './tribes-lesson-play.js';
import type { TribesLesson } from './tribes-lessons.js';

const PROVINCE_IDS = DEFAULT_MAP.json.provinces.map((p) => p.id);

function followHints(l: TribesLesson, upTo = l.tasks.length): TribesLessonGame {
  let game = startTribesLesson(l);
  while (game.task < upTo) {
    const hint = tribesHintMove(l, game);
    expect(hint, `${l.id}: a hint at task ${game.task}`).not.toBeNull();
    const out = playTribesLessonMove(l, game, hint ?? '');
    expect(out.kind, `${l.id}: the hinted ${hint}`).toBe('done');
    if (out.kind === 'done') game = out.game;
  }
  return game;
}

describe('Tribes lessons', () => {
  it('the fixed deck deals the lesson its hands, and the player (seat 0) plays first', () => {
    for (const l of TRIBES_LESSONS) {
      const game = startTribesLesson(l);
      expect(tribesGame.toAct(game.state)).toEqual([PLAYER]);
      // Per tribe in the engine's order (Franks, Huns, Goths, Saxons, Teutons, Vandals).
      const hands: Record<string, number[]> = {
        'tribes-conflict': [1, 1, 4, 0, 0, 0],
        'tribes-tie': [4, 1, 0, 1, 0, 0],
        'tribes-peace': [3, 1, 0, 0, 1, 1],
      };
      expect(tribesGame.view(game.state, { seat: PLAYER }).hand).toEqual(hands[l.id] ?? [2, 1, 2, 1, 0, 0]);
    }
  });

  it('conflict: the fifth marker in Dacia starts a conflict; the Huns, weakest, lose theirs; peace; the 4th century is scored', () => {
    const l = TRIBES_LESSONS.find((x) => x.id === 'tribes-conflict')!;
    const end = followHints(l);
    const events = end.events.flat();
    const revealed = events.find((e) => e.type === 'cards-revealed');
    expect(revealed && revealed.province).toBe('dacia');
    expect(events.find((e) => e.type === 'tribe-removed')).toMatchObject({
      province: 'dacia',
      tribe: 'Huns',
    });
    const scored = events.find((e) => e.type === 'century-scored');
    expect(scored && scored.century).toBe(4);
    const dacia = tribesGame.view(end.state, { seat: PLAYER }).provinces.find((p) => p.id === 'dacia');
    expect(dacia).toMatchObject({ markers: [0, 0, 4, 0, 0, 0], peace: 4 });
    // The Goths' leader (alone on the track) scores first and second place: 4 markers + 1 province.
    expect(tribesGame.view(end.state, { seat: PLAYER }).scores[PLAYER]).toBe(5);
  });

  it("every scripted lesson's own hints are allowed by the engine and lead to its end", () => {
    for (const l of TRIBES_LESSONS.filter((x) => x.opponent !== 'easy-bot')) {
      let game = startTribesLesson(l);
      for (const task of l.tasks) {
        expect(tribesHintMove(l, game), `${l.id}: the lesson's own hint`).toBe(
          task.hint ?? tribesHintMove(l, game),
        );
        const out = playTribesLessonMove(l, game, tribesHintMove(l, game)!);
        expect(out.kind).toBe('done');
        if (out.kind === 'done') game = out.game;
      }
      expect(game.task).toBe(l.tasks.length);
    }
  });

  it('a first marker goes into a start province only; a tribe on the board may go next door (Germania → Belgica)', () => {
    const l = TRIBES_LESSONS[0];
    const game = startTribesLesson(l);
    expect(playTribesLessonMove(l, game, 'play Franks belgica')).toEqual({
      kind: 'refused',
      code: 'move.first-marker',
    });
    const after = followHints(l, 2);
    expect(tribesGame.legalMoves(after.state, PLAYER)).toContain('play Franks belgica');
    expect(tribesGame.legalMoves(after.state, PLAYER)).not.toContain('play Franks italia');
  });

  it('each missed move is allowed by the engine but misses its task (taken back)', () => {
    for (const l of TRIBES_LESSONS) {
      for (const w of l.wrong.filter((x) => x.refusal === 'missed')) {
        const game = followHints(l, w.task);
        expect(tribesGame.legalMoves(game.state, PLAYER)).toContain(w.move);
        expect(playTribesLessonMove(l, game, w.move)).toEqual({ kind: 'missed' });
      }
    }
  });

  it('each lesson has a wrong move the engine refuses by the rule it names, a move the screen offers', () => {
    for (const l of TRIBES_LESSONS) {
      const refused = l.wrong.filter((x) => x.refusal !== 'missed');
      expect(refused.length, l.id).toBeGreaterThan(0);
      for (const w of refused) {
        const game = followHints(l, w.task);
        const view = tribesGame.view(game.state, { seat: PLAYER });
        expect(
          everyTribesMove(view, PROVINCE_IDS, tribesGame.legalMoves(game.state, PLAYER)),
          `${l.id}: ${w.move} offered`,
        ).toContain(w.move);
        expect(playTribesLessonMove(l, game, w.move), `${l.id}: ${w.move}`).toEqual({
          kind: 'refused',
          code: w.refusal,
        });
        expect(REFUSAL_TEXT[w.refusal]).toMatch(/^lessons\.refusal\.tribes\./);
      }
    }
  });

  it('every rule a Tribes move can break has a text of its own', () => {
    for (const code of TRIBES_RULE_CODES)
      expect(REFUSAL_TEXT[code], code).toMatch(/^lessons\.refusal\.tribes\./);
  });

  it('the second marker instead of influence leaves the track where it was', () => {
    const l = TRIBES_LESSONS[1];
    const game = followHints(l, 2);
    const view = tribesGame.view(game.state, { seat: PLAYER });
    const goths = 2; // Franks, Huns, Goths, … : the engine's tribe order
    expect(view.provinces.find((p) => p.id === 'moesia')?.markers[goths]).toBe(1);
    expect(view.provinces.find((p) => p.id === 'dacia')?.markers[goths]).toBe(1);
    expect(view.influence[PLAYER][goths]).toBe(0);
  });

  it('action tiles: Two Influence gives +2 whatever the century, one tile a turn, Trade on the next turn', () => {
    const l = TRIBES_LESSONS.find((x) => x.id === 'tribes-tiles')!;
    const afterTile = followHints(l, 1);
    const view = tribesGame.view(afterTile.state, { seat: PLAYER });
    expect(view.influence[PLAYER][2]).toBe(2);
    expect(tribesGame.legalMoves(afterTile.state, PLAYER).some((m) => m.startsWith('tile'))).toBe(false);
    const end = followHints(l);
    expect(tribesGame.view(end.state, { seat: PLAYER }).tiles[PLAYER]).toEqual({
      double: true,
      trade: false,
      influence: false,
    });
  });

  it('tie: both lead the Franks with 2; first and second place (6 markers + 3 provinces) are shared, 4 each rounded down', () => {
    const l = TRIBES_LESSONS.find((x) => x.id === 'tribes-tie')!;
    const events = followHints(l).events.flat();
    const scored = events.find((e) => e.type === 'century-scored');
    if (!scored || scored.type !== 'century-scored') throw new Error('no scoring');
    const franks = scored.breakdown.find((b) => b.tribe === 'Franks');
    expect(franks).toMatchObject({
      markers: 6,
      provinces: 3,
      influence: [2, 2],
      places: ['tied-first', 'tied-first'],
    });
    expect(franks?.points).toEqual([4, 4]);
  });

  it('end: influence at the top of a track ends the game when the turn is over; the final scoring decides', () => {
    const l = TRIBES_LESSONS.find((x) => x.id === 'tribes-end')!;
    const before = followHints(l, 4);
    expect(tribesGame.result(before.state)).toBeNull();
    const end = followHints(l);
    const result = tribesGame.result(end.state);
    expect(result?.winners).toEqual([PLAYER]);
    const final = end.events.flat().find((e) => e.type === 'century-scored');
    expect(final && final.type === 'century-scored' && final.final).toBe(true);
    // The Goths, alone at the top: 2 markers (first place) + 2 provinces (second place).
    expect(tribesGame.view(end.state, { seat: PLAYER }).scores).toEqual([4, 0]);
  });

  it('peace: no marker may enter peaceful Dacia; its four Goths stay there and count, the Huns go next door', () => {
    const l = TRIBES_LESSONS.find((x) => x.id === 'tribes-peace')!;
    const start = startTribesLesson(l);
    expect(start.moves).toEqual([]);
    const dacia = () =>
      tribesGame.view(start.state, { seat: PLAYER }).provinces.find((p) => p.id === 'dacia');
    expect(dacia()).toMatchObject({ markers: [0, 0, 4, 0, 0, 0], peace: 4 });
    expect(tribesGame.legalMoves(start.state, PLAYER).some((m) => m.endsWith(' dacia'))).toBe(false);
    const end = followHints(l);
    expect(tribesGame.view(end.state, { seat: PLAYER }).provinces.find((p) => p.id === 'dacia')).toEqual(
      dacia(),
    );
    const back = replayTribesLesson(l, end.task, end.moves);
    expect(back?.state).toEqual(end.state);
  });

  it('a lesson begun comes back from its stored moves', () => {
    const l = TRIBES_LESSONS[0];
    const game = followHints(l, 3);
    const back = replayTribesLesson(l, game.task, game.moves);
    expect(back?.state).toEqual(game.state);
    expect(replayTribesLesson(l, 0, [{ seat: 1, move: 'influence' }])).toBeNull();
  });
});

describe('the short game against the easy bot', () => {
  /** The worker's answer, asked the same way (local/bot-answers.ts): the bot sees only its seat. */
  function ask(l: TribesLesson, game: TribesLessonGame, bot: 'easy' | 'greedy', seat: number): string {
    const reply = botAnswer(tribesGame, (name) => honestTribesBot(tribesSearchers[name as typeof bot]), {
      id: 1,
      bot,
      settings: tribesLessonSettings(l),
      seed: TRIBES_LESSON_SEED,
      plays: game.moves.map((m) => [m.seat, m.move] as const),
      seat,
    });
    if (!('move' in reply)) throw new Error(reply.error);
    return reply.move;
  }

  it('following the hints (the greedy bot) against the easy bot, the game ends and the lesson is done', () => {
    const l = TRIBES_LESSONS.find((x) => x.id === 'tribes-bot')!;
    let game = startTribesLesson(l);
    expect(tribesHintMove(l, game)).toBeNull();
    let moves = 0;
    while (!game.state.over) {
      expect(moves++, 'a short game').toBeLessThan(200);
      const seat = opponentToAct(l, game);
      if (seat === null) {
        const out = playTribesLessonMove(l, game, ask(l, game, 'greedy', PLAYER));
        if (out.kind !== 'done') throw new Error(`the hint was ${out.kind}`);
        game = out.game;
        if (!game.state.over) expect(game.task).toBe(0);
      } else {
        game = playOpponentMove(l, game, seat, ask(l, game, 'easy', seat)) ?? game;
      }
    }
    expect(game.task).toBe(l.tasks.length);
    expect(tribesGame.result(game.state)?.reason).toMatch(/top of its track|last marker|peace/);
    console.log(`the short game: ${game.moves.length} moves, result`, tribesGame.result(game.state));
  });
});
