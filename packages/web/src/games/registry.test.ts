import { GAME_KINDS, unwrap } from '@attila/core';
import { knightsGame } from '@attila/knights';
import { tribesGame } from '@attila/tribes';
import { describe, expect, it } from 'vitest';
import { localRecord, playLocal, startLocal } from '../local/local-game.js';
import { clientGame } from './registry.js';

const echo = (key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key;

describe('the registry of client games', () => {
  it('has an entry for every game the record format knows, under its own name', () => {
    for (const kind of GAME_KINDS) expect(clientGame(kind).kind).toBe(kind);
  });

  it('labels seats from the engines: Knights seat 0 plays the Romans, Tribes seats are numbered', () => {
    expect(clientGame('knights').seatLabel(echo, 0)).toBe('sides.R');
    expect(clientGame('knights').seatLabel(echo, 1)).toBe('sides.H');
    expect(clientGame('tribes').seatLabel(echo, 2)).toBe('common.player {"n":3}');
    expect(clientGame('tribes').defaultChoice.players).toBe(3);
  });

  it('replays a record through its engine, and refuses one the engine refuses, saying why', () => {
    let g = unwrap(startLocal(knightsGame, {}, 'seed'));
    for (let i = 0; i < 3; i++) {
      const state = g.states[g.states.length - 1];
      const seat = knightsGame.toAct(state)[0];
      g = unwrap(playLocal(knightsGame, g, seat, knightsGame.legalMoves(state, seat)[0]));
    }
    const record = localRecord(knightsGame, { layout: 'standard', first: 'R' }, 'seed', ['a', 'b'], g);
    expect(clientGame('knights').replay(record).ok).toBe(true);
    const bad = clientGame('knights').replay({ ...record, moves: [...record.moves.slice(0, 2), 'z9'] });
    expect(!bad.ok && bad.error.message).toMatch(/move 3/);
    const wrongGame = clientGame('tribes').replay(record);
    expect(!wrongGame.ok && wrongGame.error.message).toMatch(/knights record cannot be replayed as tribes/);
  });

  it('a local game is typed by its module: Tribes events come back as the engine union', () => {
    const g = unwrap(startLocal(tribesGame, { players: 2 }, 'x'));
    const state = g.states[0];
    const seat = tribesGame.toAct(state)[0];
    const next = unwrap(playLocal(tribesGame, g, seat, tribesGame.legalMoves(state, seat)[0]));
    expect(next.seats).toEqual([seat]);
    const placed = next.events[0].find((e) => e.type === 'marker-placed');
    expect(placed && placed.type === 'marker-placed' && typeof placed.province).toBe('string');
    expect(playLocal(tribesGame, next, 1 - tribesGame.toAct(next.states[1])[0], 'influence').ok).toBe(false);
  });
});
