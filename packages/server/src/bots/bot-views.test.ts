/**
 * A bot thread shows a bot only its own seat's view (core `askBot`): asked for seats 1, 2 and 3 of a
 * 4-player Tribes game, the bot sees that seat's hand and legal moves, never seat 0's (or any other's).
 * Through the real pool and worker thread, with a bot that answers with what it saw.
 */
import { formatRecordedMove, Rng, unwrap } from '@attila/core';
import { tribesGame } from '@attila/tribes';
import { afterAll, describe, expect, it } from 'vitest';
import { botNames } from './catalog.js';
import { BotPool } from './pool.js';
import { botModule } from '../test-support/mirror-bots.js';

const pool = new BotPool({
  catalog: botNames(botModule),
  botModule: new URL('../test-support/mirror-bots.ts', import.meta.url).href,
  threads: 1,
});
afterAll(() => pool.close());

const settings = unwrap(tribesGame.parseSettings({ players: 4 }));
const SEED = 'bot-views';

/** The first position (random play from the start) where `seat` is to act, and the recorded moves to it. */
function whereToAct(seat: number) {
  const rng = Rng.fromSeed(`to-act-${seat}`);
  let state = unwrap(tribesGame.setup(settings, SEED));
  const moves: string[] = [];
  while (!tribesGame.toAct(state).includes(seat)) {
    const toAct = tribesGame.toAct(state);
    const mover = toAct[0];
    const move = rng.pick([...tribesGame.legalMoves(state, mover)]);
    moves.push(formatRecordedMove(mover, move, toAct));
    state = unwrap(tribesGame.play(state, mover, move)).state;
  }
  return { state, moves };
}

describe('a bot is shown its own seat, not seat 0', () => {
  for (const seat of [1, 2, 3]) {
    it(`seat ${seat} of 4: its own hand and legal moves`, async () => {
      const { state, moves } = whereToAct(seat);
      const own = tribesGame.view(state, { seat });
      const seatZero = tribesGame.view(state, { seat: 0 });
      // The hands differ here, so seeing seat 0's would show.
      expect(own.hand).not.toEqual(seatZero.hand);
      const answer = await pool.choose({
        table: `views-${seat}`,
        game: 'tribes',
        settings: tribesGame.settingsToJson(settings),
        seed: SEED,
        moves,
        seat,
        bot: 'mirror',
      });
      expect(JSON.parse(answer)).toEqual({
        seat,
        hand: own.hand,
        legal: tribesGame.legalMoves(state, seat),
      });
    });
  }
});
