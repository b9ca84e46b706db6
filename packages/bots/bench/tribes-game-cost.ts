/**
 * What a game costs the search bot: decisions per game (and how many are forced, a single candidate move,
 * which costs no search), iterations actually spent (early termination stops a search whose choice can no
 * longer change), and CPU seconds per game.
 *   npx tsx packages/bots/bench/tribes-game-cost.ts [players, default 2] [games, default 4] [budget, default 35000it]
 * The search bot sits in seat (g mod players) of game g against `greedy` in the other seats.
 */
import { Rng, unwrap } from '@attila/core';
import { applyInPlace, createGame, parseSettings } from '@attila/tribes';
import { parseBudget } from '../src/tribes/arena/budget.js';
import { greedyBot, honestMove, ismctsBot, type SearchStats } from '../src/tribes/index.js';

const players = Number(process.argv[2] ?? 2);
const games = Number(process.argv[3] ?? 4);
const budget = unwrap(parseBudget(process.argv[4] ?? '35000it'));

let decisions = 0;
let searched = 0;
let early = 0;
let iterations = 0;
let cpuSearch = 0;
let cpuAll = 0;
const last: { stats: SearchStats | null } = { stats: null };
const bot = ismctsBot('ismcts', budget, (st) => (last.stats = st));

for (let g = 0; g < games; g++) {
  const s = createGame(unwrap(parseSettings({ players })), `cost-${players}-${g}`);
  const seat = g % players;
  const all0 = process.cpuUsage();
  for (let k = 0; !s.over; k++) {
    const rng = Rng.fromSeed(`cost/${g}/${k}`);
    if (s.toAct !== seat) {
      applyInPlace(s, honestMove(greedyBot, s, s.toAct, rng));
      continue;
    }
    last.stats = null;
    const c0 = process.cpuUsage();
    applyInPlace(s, honestMove(bot, s, seat, rng));
    const used = process.cpuUsage(c0);
    cpuSearch += (used.user + used.system) / 1e6;
    decisions++;
    const st = last.stats as SearchStats | null;
    if (st && st.iterations > 0) {
      searched++;
      iterations += st.iterations;
      if (st.stoppedEarly) early++;
    }
  }
  const all = process.cpuUsage(all0);
  cpuAll += (all.user + all.system) / 1e6;
}

const per = (x: number) => (x / games).toFixed(1);
console.log(`${players} players, ${games} games, search budget ${process.argv[4] ?? '35000it'}`);
console.log(
  `search-bot decisions per game: ${per(decisions)}, of which searched (not forced): ${per(searched)}`,
);
console.log(
  `searches stopped early: ${early} of ${searched}; iterations per searched decision: ${(iterations / Math.max(1, searched)).toFixed(0)}`,
);
console.log(
  `CPU s per game: search bot ${per(cpuSearch)}, whole game ${per(cpuAll)}; search iterations per CPU s ${(iterations / cpuSearch).toFixed(0)}`,
);
