import { parseRecord, Rng, serializeRecord, unwrap } from '@attila/core';
import { describe, expect, it } from 'vitest';
import { tribesGame } from './game.js';
import { replayTribesRecord, tribesRecord } from './record.js';
import { TRIBES } from './tribes.js';

function playedGame(players: number, seed: string, settingsJson: Record<string, unknown> = {}) {
  const settings = unwrap(tribesGame.parseSettings({ players, ...settingsJson }));
  let state = unwrap(tribesGame.setup(settings, seed));
  const rng = Rng.fromSeed(seed);
  const moves: string[] = [];
  while (!state.over) {
    const seat = tribesGame.toAct(state)[0];
    const move = rng.pick(tribesGame.legalMoves(state, seat));
    state = unwrap(tribesGame.play(state, seat, move)).state;
    moves.push(move);
  }
  const record = tribesRecord({
    id: `g-${seed}`,
    settings,
    seed,
    players: [...Array(players).keys()].map((i) => ({ name: `p${i}`, kind: 'human' as const })),
    moves,
    result: tribesGame.result(state),
  });
  return { record, state };
}

describe('game records', () => {
  it('a record round-trips through its text and replays to the same result, options and deck included', () => {
    const deck = [...Array(54).keys()].map((i) => TRIBES[(i * 5) % 6]);
    const { record, state } = playedGame(3, 'rec', {
      options: { tieRounding: 'up', conflictBluffCards: true },
      firstPlayer: 2,
      deck,
    });
    const text = serializeRecord(record);
    const back = unwrap(parseRecord(text));
    expect(back.settings).toMatchObject({ firstPlayer: 2, deck, options: { tieRounding: 'up' } });
    const replayed = unwrap(replayTribesRecord(back));
    expect(replayed.result).toEqual(tribesGame.result(state));
    expect(replayed.states.length).toBe(record.moves.length + 1);
    expect(tribesGame.view(replayed.states.at(-1)!, { seat: 1 })).toEqual(
      tribesGame.view(state, { seat: 1 }),
    );
  });

  it('replay refuses a record whose result does not follow from its moves, or of another game', () => {
    const { record } = playedGame(2, 'liar');
    const lying = { ...record, result: { ...record.result!, winners: [9] } };
    const r = replayTribesRecord(lying);
    expect(!r.ok && r.error.code).toBe('replay.result');
    const knights = replayTribesRecord({ ...record, game: 'knights' });
    expect(!knights.ok && knights.error.message).toMatch(/knights record, not a tribes one/);
    const cut = replayTribesRecord({ ...record, moves: record.moves.slice(0, 10) });
    expect(!cut.ok && cut.error.message).toMatch(/an unfinished game/);
  });
});
