/**
 * How long the review of a finished Tribes game takes: `npx tsx packages/bots/bench/tribes-review.ts
 * [players=3] [playouts=200] [bot iterations=300] [games=3]` — games between the easy and random bots, each
 * reviewed with the chances at every decision and the bot's alternative for seat 0.
 */
import { Rng, askBot, unwrap } from '@attila/core';
import { tribesGame } from '@attila/tribes';
import { findBot } from '../src/registry.js';
import { reviewGame } from '../src/tribes/review.js';

const [players = 3, playouts = 200, iterations = 300, games = 3] = process.argv.slice(2).map(Number);
const settings = unwrap(tribesGame.parseSettings({ players, firstPlayer: 0 }));
const bots = ['easy', 'random'].map((name) => findBot('tribes', name)!.make());
for (let g = 0; g < games; g++) {
  const seed = `review-bench/${g}`;
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
  const started = performance.now();
  const review = unwrap(
    reviewGame(settings, seed, moves, { playouts, seat: 0, botBudget: { iterations }, seed }),
  );
  const ms = performance.now() - started;
  const swing = review.swings[0];
  console.log(
    `game ${g}: ${moves.length} moves, ${review.turns.length} turns, ${players} players: review ` +
      `${(ms / 1000).toFixed(1)} s, ${review.alternatives.length} bot alternatives for seat 0, biggest swing ` +
      `${(100 * Math.abs(swing?.delta ?? 0)).toFixed(0)} points in turn ${swing ? review.turns[swing.turn].turn : '-'}`,
  );
}
