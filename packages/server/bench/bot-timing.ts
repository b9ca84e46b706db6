/**
 * Does a bot's answer time tell whether its move was forced? Plays Tribes games between bots through the
 * server's bot pool (worker threads, as `attila serve` runs them) and reports, per bot, the distribution of
 * the time from question to answer for forced decisions (one legal move, e.g. `commit -` with no card of the
 * tribes in conflict) and for real ones (several legal moves), and how well a timing threshold tells them
 * apart (balanced accuracy of the best threshold: 50% = timing tells nothing).
 *
 *   npx tsx packages/server/bench/bot-timing.ts [--bot medium] [--games 4] [--min-think 1500] [--players 3]
 */
import { parseArgs } from 'node:util';
import { formatRecordedMove, Rng } from '@attila/core';
import { tribesGame } from '@attila/tribes';
import { botNames } from '../src/bots/catalog.js';
import { botModule } from '../src/bots/default-bots.js';
import { BotPool } from '../src/bots/pool.js';

const { values } = parseArgs({
  options: {
    bot: { type: 'string', default: 'medium' },
    games: { type: 'string', default: '4' },
    'min-think': { type: 'string', default: '0' },
    players: { type: 'string', default: '3' },
  },
});
const minThink = Number(values['min-think']);
const players = Number(values.players);

const pool = new BotPool({
  catalog: botNames(botModule),
  botModule: new URL('../src/bots/default-bots.ts', import.meta.url).href,
  threads: 1,
  minThinkMs: { tribes: minThink },
});

const forced: number[] = [];
const real: number[] = [];
for (let g = 0; g < Number(values.games); g++) {
  const settings = tribesGame.parseSettings({ players });
  if (!settings.ok) throw new Error(settings.error.message);
  const seed = `bot-timing-${g}`;
  const setup = tribesGame.setup(settings.value, seed);
  if (!setup.ok) throw new Error(setup.error.message);
  let state = setup.value;
  const moves: string[] = [];
  const rng = Rng.fromSeed(seed);
  while (tribesGame.result(state) === null) {
    const toAct = tribesGame.toAct(state);
    const seat = rng.pick([...toAct]);
    const legal = tribesGame.legalMoves(state, seat);
    const t0 = performance.now();
    const move = await pool.choose({
      table: `timing-${g}`,
      game: 'tribes',
      settings: tribesGame.settingsToJson(settings.value),
      seed,
      moves,
      seat,
      bot: values.bot,
    });
    const ms = performance.now() - t0;
    (legal.length === 1 ? forced : real).push(ms);
    const played = tribesGame.play(state, seat, move);
    if (!played.ok) throw new Error(played.error.message);
    state = played.value.state;
    moves.push(formatRecordedMove(seat, move, toAct));
  }
}
await pool.close();

const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
};
const describe = (xs: number[]) =>
  `n=${xs.length} min ${q(xs, 0).toFixed(0)} p10 ${q(xs, 0.1).toFixed(0)} p50 ${q(xs, 0.5).toFixed(0)} ` +
  `p90 ${q(xs, 0.9).toFixed(0)} max ${q(xs, 1).toFixed(0)} ms`;
/** The best "faster than t means forced" rule, scored as the mean of the two recalls. */
function separability(f: readonly number[], r: readonly number[]): number {
  const fs = [...f].sort((a, b) => a - b);
  const rs = [...r].sort((a, b) => a - b);
  let best = 0.5;
  let i = 0;
  let j = 0;
  for (const t of [...fs, ...rs].sort((a, b) => a - b)) {
    while (i < fs.length && fs[i] <= t) i++;
    while (j < rs.length && rs[j] <= t) j++;
    best = Math.max(best, (i / (fs.length || 1) + (rs.length - j) / (rs.length || 1)) / 2);
  }
  return best;
}
/** The same score with the labels shuffled: what the best threshold finds by chance with this few samples. */
function chance(): number {
  const all = [...forced, ...real];
  const rng = Rng.fromSeed('chance');
  let sum = 0;
  const rounds = 200;
  for (let k = 0; k < rounds; k++) {
    const shuffled = rng.shuffle([...all]);
    sum += separability(shuffled.slice(0, forced.length), shuffled.slice(forced.length));
  }
  return sum / rounds;
}
console.log(`tribes ${players} players, bot ${values.bot}, min think ${minThink} ms, ${values.games} games`);
console.log(`  forced: ${describe(forced)}`);
console.log(`  real:   ${describe(real)}`);
console.log(
  `  best timing threshold tells forced from real with ${(separability(forced, real) * 100).toFixed(1)}% ` +
    `balanced accuracy (by chance with these sample sizes: ${(chance() * 100).toFixed(1)}%)`,
);
