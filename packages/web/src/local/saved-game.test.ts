import { describe, expect, it } from 'vitest';
import { knightsGame } from '@attila/knights';
import { playLocal, startLocal } from './local-game.js';
import { parseSavedGame, restoreSavedGame, type SavedGame } from './saved-game.js';

const settings = { layout: 'standard', first: 'R' };

function savedAfter(plies: number): SavedGame {
  let g = startLocal(knightsGame, settings, 'seed-1');
  for (let i = 0; i < plies && g.ok; i++) {
    const state = g.value.states[g.value.states.length - 1];
    const seat = knightsGame.toAct(state)[0];
    g = playLocal(knightsGame, g.value, seat, knightsGame.legalMoves(state, seat)[0]);
  }
  if (!g.ok) throw new Error(g.error.message);
  return {
    game: 'knights',
    rulesVersion: knightsGame.rulesVersion,
    settings,
    seed: 'seed-1',
    moves: g.value.moves,
    names: [],
  };
}

describe('a saved hotseat game', () => {
  it('comes back move for move, replayed through the engine', () => {
    const saved = savedAfter(7);
    const text = JSON.stringify(saved);
    const parsed = parseSavedGame(text, 'knights');
    expect(parsed.ok).toBe(true);
    const local = restoreSavedGame(knightsGame, saved);
    expect(local.ok && local.value.moves).toEqual(saved.moves);
    expect(local.ok && local.value.states.length).toBe(8);
  });

  it('is refused, saying why, when the stored text is not a saved game of that kind', () => {
    const bad = [
      ['not json', 'not JSON'],
      [JSON.stringify({ ...savedAfter(0), game: 'tribes' }), 'not a knights game'],
      [JSON.stringify({ ...savedAfter(0), moves: [1, 2] }), 'moves are not a list of strings'],
      [JSON.stringify({ ...savedAfter(0), seed: '' }), 'no seed'],
    ];
    for (const [text, reason] of bad) {
      const r = parseSavedGame(text, 'knights');
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toContain(reason);
    }
  });

  it('is refused when a move no longer replays (edited storage) or the rules changed', () => {
    const saved = savedAfter(3);
    const edited = restoreSavedGame(knightsGame, { ...saved, moves: [...saved.moves, 'z9'] });
    expect(edited.ok).toBe(false);
    if (!edited.ok) expect(edited.error.message).toContain('move 4');
    const older = restoreSavedGame(knightsGame, { ...saved, rulesVersion: 'old' });
    expect(older.ok).toBe(false);
  });
});
