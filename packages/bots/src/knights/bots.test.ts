import { randomBot, Rng, unwrap } from '@attila/core';
import { Position } from '@attila/knights';
import { describe, expect, it } from 'vitest';
import { findBot } from '../registry.js';
import { knightsBotMove } from './levels.js';

const randomKnightsBot = (p: Position, rng: Rng) => knightsBotMove(randomBot, p, rng);

describe('the random Knights bot', () => {
  it('plays only legal moves, whole games, reproducibly from the seed', () => {
    const play = (seed: string) => {
      const rng = Rng.fromSeed(seed);
      let p = unwrap(Position.parse('__..__/__..__/....../....../__..__/__..__ H'));
      const moves: string[] = [];
      while (p.winner() === null) {
        const m = randomKnightsBot(p, rng);
        expect(p.legalMoves()).toContain(m);
        moves.push(m);
        p = unwrap(p.play(m));
      }
      return moves;
    };
    expect(play('a')).toEqual(play('a'));
    expect(findBot('knights', 'random')?.make()).toBe(randomBot);
  });

  it('picks every legal move with equal chance', () => {
    const p = unwrap(Position.parse('R..H./..H../...R./.R..H R'));
    const legal = p.legalMoves();
    const counts = new Map(legal.map((m) => [m, 0]));
    const rng = Rng.fromSeed('uniform');
    const draws = legal.length * 200;
    for (let i = 0; i < draws; i++) {
      const m = randomKnightsBot(p, rng);
      counts.set(m, counts.get(m)! + 1);
    }
    for (const c of counts.values()) {
      expect(c).toBeGreaterThan(200 * 0.5);
      expect(c).toBeLessThan(200 * 1.6);
    }
  });
});
