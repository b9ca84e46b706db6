import { replayMoves, unwrap } from '@attila/core';
import { describe, expect, it } from 'vitest';
import { takeChoices, takeMove } from './client.js';
import { nimGame } from './game.js';

describe('nim', () => {
  it('players take 1 to maxTake stones in turn; whoever takes the last stone wins', () => {
    const settings = unwrap(nimGame.parseSettings({ stones: 5, maxTake: 3 }));
    let state = unwrap(nimGame.setup(settings, 'unused'));
    expect(nimGame.legalMoves(state, 0)).toEqual(['take 1', 'take 2', 'take 3']);
    expect(nimGame.legalMoves(state, 1)).toEqual([]);
    state = unwrap(nimGame.play(state, 0, 'take 3')).state;
    expect(nimGame.toAct(state)).toEqual([1]);
    expect(takeChoices(nimGame.legalMoves(state, 1))).toEqual([1, 2]);
    const last = unwrap(nimGame.play(state, 1, takeMove(2)));
    expect(last.events).toEqual([
      { type: 'took', seat: 1, count: 2, left: 0 },
      { type: 'game-over', winner: 1, reason: 'took the last stone' },
    ]);
    expect(nimGame.result(last.state)?.winners).toEqual([1]);
    expect(nimGame.toAct(last.state)).toEqual([]);
  });

  it('refuses bad settings and moves with what is allowed, changing nothing', () => {
    expect(nimGame.parseSettings({ stones: 0 }).ok).toBe(false);
    const r = nimGame.parseSettings({ stones: 10, colour: 'red' });
    expect(!r.ok && r.error.message).toMatch(/unknown setting "colour"/);
    const state = unwrap(nimGame.setup(unwrap(nimGame.parseSettings({ stones: 2 })), ''));
    const tooMany = nimGame.play(state, 0, 'take 3');
    expect(!tooMany.ok && tooMany.error.message).toMatch(/take 1 to 2/);
    expect(!nimGame.play(state, 1, 'take 1').ok && nimGame.play(state, 1, 'take 1')).toMatchObject({
      error: { code: 'nim.turn' },
    });
    expect(nimGame.play(state, 0, 'grab 1')).toMatchObject({ ok: false, error: { code: 'nim.move' } });
    expect(state.stones).toBe(2);
  });

  it('replays a record move by move through the core replay loop', () => {
    const settings = unwrap(nimGame.parseSettings({}));
    const replayed = unwrap(
      replayMoves(nimGame, settings, '', ['take 3', 'take 3', 'take 3', 'take 3', 'take 3']),
    );
    expect(nimGame.result(replayed.states[5])?.winners).toEqual([0]);
    expect(replayed.events[4][0]).toEqual({ type: 'took', seat: 0, count: 3, left: 0 });
  });
});
