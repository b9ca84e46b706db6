/**
 * The Tribes game review: chances at every turn start that sum to one and end at the result, turns that
 * cover the game, the search's alternatives for one player's decisions, reproducible from the seed, and no
 * review of a game still being played (it would show the hands).
 */
import { Rng, askBot, unwrap, type HonestBot } from '@attila/core';
import { parseMove, tribesGame, type TribesSettings, type TribesView } from '@attila/tribes';
import { describe, expect, it } from 'vitest';
import { findBot } from '../registry.js';
import { reviewGame, type ReviewOptions } from './review.js';

function playedGame(players: number, seed: string): { settings: TribesSettings; moves: string[] } {
  const settings = unwrap(tribesGame.parseSettings({ players, firstPlayer: 0 }));
  const bots: HonestBot<TribesSettings, TribesView>[] = ['easy', 'random'].map((n) =>
    findBot('tribes', n)!.make(),
  );
  let state = unwrap(tribesGame.setup(settings, seed));
  const moves: string[] = [];
  while (!tribesGame.result(state)) {
    const seat = tribesGame.toAct(state)[0];
    const move = unwrap(
      askBot(tribesGame, bots[seat % 2], settings, state, seat, Rng.fromSeed(`${seed}/${moves.length}`)),
    );
    state = unwrap(tribesGame.play(state, seat, move)).state;
    moves.push(move);
  }
  return { settings, moves };
}

const options: ReviewOptions = { playouts: 40, seat: 0, botBudget: { iterations: 60 }, seed: 'test' };

describe('Tribes game review', () => {
  const game = playedGame(3, 'review-test');
  const review = unwrap(reviewGame(game.settings, 'review-test', game.moves, options));

  it('gives every seat a chance at every turn start; the chances sum to 1', () => {
    expect(review.players).toBe(3);
    for (const t of review.turns) {
      for (const c of [t.before, t.after]) {
        expect(c).toHaveLength(3);
        expect(c.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
        for (const x of c) expect(x).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('the turns cover every move in order, and the last one ends at the result exactly', () => {
    expect(review.turns[0].from).toBe(0);
    for (let k = 1; k < review.turns.length; k++) {
      expect(review.turns[k].from).toBe(review.turns[k - 1].to + 1);
      expect(review.turns[k].before).toEqual(review.turns[k - 1].after);
      expect(review.turns[k].turn).toBeGreaterThan(review.turns[k - 1].turn);
    }
    const last = review.turns[review.turns.length - 1];
    expect(last.to).toBe(game.moves.length - 1);
    const replayed = unwrap(tribesGame.setup(game.settings, 'review-test'));
    let state = replayed;
    for (const m of game.moves) state = unwrap(tribesGame.play(state, tribesGame.toAct(state)[0], m)).state;
    const winners = tribesGame.result(state)!.winners;
    expect(last.after).toEqual([0, 1, 2].map((i) => (winners.includes(i) ? 1 / winners.length : 0)));
  });

  it('the swings are the turns with the largest change of one seat, biggest first', () => {
    expect(review.swings.length).toBeGreaterThan(0);
    const change = (s: (typeof review.swings)[number]) =>
      review.turns[s.turn].after[s.seat] - review.turns[s.turn].before[s.seat];
    for (const s of review.swings) expect(change(s)).toBeCloseTo(s.delta, 12);
    const sizes = review.swings.map((s) => Math.abs(s.delta));
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    const largest = Math.max(
      ...review.turns.flatMap((t) => t.after.map((a, i) => Math.abs(a - t.before[i]))),
    );
    expect(sizes[0]).toBeCloseTo(largest, 12);
  });

  it("the search's alternatives are for the reviewed seat only, legal there, and differ from the move played", () => {
    expect(review.alternatives.length).toBeGreaterThan(0);
    let state = unwrap(tribesGame.setup(game.settings, 'review-test'));
    const states = [state];
    for (const m of game.moves)
      states.push((state = unwrap(tribesGame.play(state, tribesGame.toAct(state)[0], m)).state));
    for (const a of review.alternatives) {
      const at = states[a.index];
      expect(tribesGame.toAct(at)).toEqual([0]);
      expect(a.played).toBe(game.moves[a.index]);
      expect(a.bot).not.toBe(a.played);
      expect(unwrap(parseMove(at.map, a.bot))).toBeGreaterThanOrEqual(0);
      expect(tribesGame.play(at, 0, a.bot).ok).toBe(true);
      for (const v of [a.botValue, a.playedValue]) expect(v).toBeGreaterThanOrEqual(0);
    }
    const gaps = review.alternatives.map((a) => a.botValue - a.playedValue);
    expect(gaps).toEqual([...gaps].sort((a, b) => b - a));
  });

  it('is reproducible from its seed, and another seed samples anew', () => {
    expect(unwrap(reviewGame(game.settings, 'review-test', game.moves, options))).toEqual(review);
    const other = unwrap(reviewGame(game.settings, 'review-test', game.moves, { ...options, seed: 'other' }));
    expect(other.turns.map((t) => t.before)).not.toEqual(review.turns.map((t) => t.before));
  });

  it('refuses a game that is not over (its chances would show the hands) and moves that do not replay', () => {
    const unfinished = reviewGame(game.settings, 'review-test', game.moves.slice(0, 30), options);
    expect(unfinished).toMatchObject({ ok: false, error: { code: 'review.unfinished' } });
    const broken = reviewGame(game.settings, 'review-test', ['play Nobody nowhere'], options);
    expect(broken).toMatchObject({ ok: false, error: { code: 'review.replay' } });
  });

  // Two whole games played and reviewed: 32 s once beside other test files at load 13-25.
  it('works for 2 and 5 players', { timeout: 90_000, tags: ['slow'] }, () => {
    for (const players of [2, 5]) {
      const g = playedGame(players, `review-${players}`);
      const r = unwrap(reviewGame(g.settings, `review-${players}`, g.moves, { ...options, seat: null }));
      expect(r.players).toBe(players);
      expect(r.alternatives).toEqual([]);
      expect(r.turns.at(-1)!.to).toBe(g.moves.length - 1);
    }
  });
});
