/**
 * Measures the published ratings of the bot levels: plays every pairing of each game's levels (2-player
 * games, seats rotated, seeded), rates all the games with `ratePool` (the server's `rateGame`, every bot a
 * newcomer at the start, over seeded shuffles of the order) and writes `data/bot-games.json` (every game's
 * players and result) and `data/bot-ratings.json` (level → rating, deviation, games; and each pairing's
 * observed score next to the score the ratings predict).
 *
 *   nice -n 10 npx tsx packages/ratings/bench/bot-ratings.ts [--knights-games 30] [--tribes-games 40]
 *        [--seed bot-ratings-1] [--round 4] [--play knights|tribes|both|none] [--replay LEVEL] [--threads 1]
 *
 * `--play knights` (or `tribes`) plays only that game's pairings, so the two can run side by side on two
 * cores; `--play none` only rates the games already in data/bot-games-<game>.json. Either way the ratings
 * are computed from both games' files. `--replay LEVEL` (with `--play knights|tribes`) plays that level's pairings
 * again with the same seeds and puts the new games in place of its old ones: after a change to one level, the
 * games a whole new run would give, for the cost of that level's pairings only (stopped, it carries on when run
 * again).
 */
import { existsSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { expectedScoreAgainst } from '../src/glicko2.js';
import { ratePool, type PoolRating } from '../src/pool.js';
import { WENG_LIN } from '../src/rating.js';
import { winChance } from '../src/weng-lin.js';
import {
  KNIGHTS_LEVELS,
  TRIBES_LEVELS,
  pairings,
  playKnights,
  playTribes,
  type PlayedGame,
} from './bot-games.js';

const { values: args } = parseArgs({
  options: {
    'knights-games': { type: 'string', default: '30' },
    'tribes-games': { type: 'string', default: '40' },
    seed: { type: 'string', default: 'bot-ratings-1' },
    round: { type: 'string', default: '4' },
    shuffles: { type: 'string', default: '32' },
    play: { type: 'string', default: 'both' },
    replay: { type: 'string' },
    threads: { type: 'string', default: '1' },
  },
});
const dataDir = new URL('../data/', import.meta.url);
const gamesFile = (game: Game) => new URL(`bot-games-${game}.json`, dataDir);
const ratingsFile = new URL('bot-ratings.json', dataDir);

type Game = 'knights' | 'tribes';

interface GamesFile {
  readonly seed: string;
  /** The games played in every pairing so far. */
  readonly gamesPerPairing: number;
  readonly cpuSeconds: number;
  readonly games: PlayedGame[];
  /** Levels whose pairings were played again (`--replay`), with the CPU seconds each replay took. */
  readonly replayed?: { level: string; at: string; cpuSeconds: number }[];
}

function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/** The games of the rounds every pairing finished (a stopped run may have played part of a round). */
function completeRounds(saved: GamesFile): GamesFile {
  const index = (g: PlayedGame) => Number(g.seed.slice(g.seed.lastIndexOf('/') + 1));
  return { ...saved, games: saved.games.filter((g) => index(g) < saved.gamesPerPairing) };
}

/**
 * Plays in rounds of `--round` games per pairing, every pairing in each round, and saves after each
 * pairing's share of a round: a run that is stopped keeps a balanced set of games, and a new run with the
 * same seed carries on from there.
 */
async function play(game: Game): Promise<void> {
  const seed = args.seed!;
  const target = Number(args[`${game}-games`]);
  const round = Number(args.round);
  const file = gamesFile(game);
  const saved: GamesFile | null = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  if (saved && saved.seed !== seed) throw new Error(`${file.pathname} holds the games of seed ${saved.seed}`);
  const games = saved ? completeRounds(saved).games : [];
  const start = cpuSeconds() - (saved?.cpuSeconds ?? 0);
  for (let done = saved?.gamesPerPairing ?? 0; done < target; done += round) {
    const count = Math.min(round, target - done);
    const list = pairings(game === 'knights' ? KNIGHTS_LEVELS : TRIBES_LEVELS);
    for (const [k, [a, b]] of list.entries()) {
      const pairingSeed = `${seed}/${game}/${a}-${b}`;
      games.push(
        ...(game === 'knights'
          ? playKnights(a, b, done, count, pairingSeed)
          : await playTribes(a, b, done, count, pairingSeed, Number(args.threads))),
      );
      const cpu = Math.round(cpuSeconds() - start);
      process.stderr.write(
        `${game} ${a} vs ${b}: games ${done} to ${done + count - 1}, ${cpu} s CPU in all\n`,
      );
      const perPairing = k === list.length - 1 ? done + count : done;
      writeFileSync(
        file,
        JSON.stringify({
          seed,
          gamesPerPairing: perPairing,
          cpuSeconds: cpu,
          games,
          replayed: saved?.replayed,
        }) + '\n',
      );
    }
  }
}

/** A replay under way: the games played so far for `level`, kept apart until every pairing is done. */
interface ReplayFile {
  readonly seed: string;
  readonly level: string;
  readonly gamesPerPairing: number;
  readonly cpuSeconds: number;
  readonly games: PlayedGame[];
}

const replayFile = (game: Game, level: string) => new URL(`bot-games-${game}.replay-${level}.json`, dataDir);

/**
 * `--replay LEVEL`: plays every pairing of `level` again in rounds, as `play` does. The new games are saved
 * after each pairing's share of a round in a file of their own (a stopped replay carries on from there when
 * run again); once every pairing is done they replace the level's old games in the games file, so the
 * ratings are never computed from a half-replayed level.
 */
async function replay(game: Game, level: string): Promise<void> {
  const file = gamesFile(game);
  if (!existsSync(file)) throw new Error(`--replay ${level}: no ${file.pathname} to replay in`);
  const saved = completeRounds(JSON.parse(readFileSync(file, 'utf8')) as GamesFile);
  if (saved.seed !== args.seed) throw new Error(`${file.pathname} holds the games of seed ${saved.seed}`);
  const levels = game === 'knights' ? KNIGHTS_LEVELS : TRIBES_LEVELS;
  if (!levels.includes(level))
    throw new Error(`--replay: ${game} has no level "${level}" (${levels.join(', ')})`);
  const progressFile = replayFile(game, level);
  const progress: ReplayFile | null = existsSync(progressFile)
    ? JSON.parse(readFileSync(progressFile, 'utf8'))
    : null;
  const index = (g: PlayedGame) => Number(g.seed.slice(g.seed.lastIndexOf('/') + 1));
  const fresh = progress ? progress.games.filter((g) => index(g) < progress.gamesPerPairing) : [];
  const target = saved.gamesPerPairing;
  const round = Number(args.round);
  const start = cpuSeconds() - (progress?.cpuSeconds ?? 0);
  const list = pairings(levels).filter(([a, b]) => a === level || b === level);
  for (let done = progress?.gamesPerPairing ?? 0; done < target; done += round) {
    const count = Math.min(round, target - done);
    for (const [k, [a, b]] of list.entries()) {
      const pairingSeed = `${saved.seed}/${game}/${a}-${b}`;
      fresh.push(
        ...(game === 'knights'
          ? playKnights(a, b, done, count, pairingSeed)
          : await playTribes(a, b, done, count, pairingSeed, Number(args.threads))),
      );
      const cpu = Math.round(cpuSeconds() - start);
      process.stderr.write(
        `${game} ${a} vs ${b} (replay): games ${done} to ${done + count - 1}, ${cpu} s CPU in all\n`,
      );
      const perPairing = k === list.length - 1 ? done + count : done;
      const kept: ReplayFile = {
        seed: saved.seed,
        level,
        gamesPerPairing: perPairing,
        cpuSeconds: cpu,
        games: fresh,
      };
      writeFileSync(progressFile, JSON.stringify(kept) + '\n');
    }
  }
  const bySeed = new Map(fresh.map((g) => [g.seed, g]));
  const entry = {
    level,
    at: new Date().toISOString().slice(0, 10),
    cpuSeconds: Math.round(cpuSeconds() - start),
  };
  const out: GamesFile = {
    ...saved,
    // Each new game takes its old one's place (same seed): the ratings rate the games in file order.
    games: saved.games.map((g) => bySeed.get(g.seed) ?? g),
    replayed: [...(saved.replayed ?? []), entry],
  };
  writeFileSync(file, JSON.stringify(out) + '\n');
  unlinkSync(progressFile);
}

const round1 = (x: number) => Number(x.toFixed(1));
const round3 = (x: number) => Number(x.toFixed(3));

/** Each pairing: the first level's share of the points, observed and as the ratings predict it. */
function pairingTable(
  game: 'knights' | 'tribes',
  levels: readonly string[],
  games: readonly PlayedGame[],
  ratings: Map<string, PoolRating>,
) {
  return pairings(levels).map(([a, b]) => {
    const played = games.filter((g) => g.players.includes(a) && g.players.includes(b));
    const points = played.reduce((s, g) => {
      const seat = g.players.indexOf(a);
      const won = g.result.winners.includes(seat);
      return s + (won ? 1 / g.result.winners.length : 0);
    }, 0);
    const ra = ratings.get(a)!;
    const rb = ratings.get(b)!;
    const expected =
      game === 'knights'
        ? expectedScoreAgainst(
            { rating: ra.rating, deviation: ra.deviation, volatility: 0 },
            { rating: rb.rating, deviation: rb.deviation, volatility: 0 },
          )
        : winChance(
            { mu: ra.rating, sigma: ra.deviation },
            { mu: rb.rating, sigma: rb.deviation },
            WENG_LIN.beta,
          );
    return {
      a,
      b,
      games: played.length,
      scoreA: round3(points / played.length),
      expectedA: round3(expected),
    };
  });
}

function levelTable(levels: readonly string[], ratings: Map<string, PoolRating>) {
  return Object.fromEntries(
    levels.map((l) => {
      const r = ratings.get(l)!;
      return [
        l,
        {
          rating: Math.round(r.rating),
          deviation: Math.round(r.deviation),
          games: r.games,
          spread: round1(r.spread),
        },
      ];
    }),
  );
}

const toPlay =
  args.play === 'both' ? (['knights', 'tribes'] as const) : args.play === 'none' ? [] : [args.play as Game];
if (args.replay !== undefined && toPlay.length !== 1)
  throw new Error('--replay LEVEL needs --play knights or --play tribes (the game whose level it is)');
for (const game of toPlay) await (args.replay !== undefined ? replay(game, args.replay) : play(game));
const missing = (['knights', 'tribes'] as const).filter((g) => !existsSync(gamesFile(g)));
if (missing.length > 0) {
  console.log(`played; rate with --play none once data/bot-games-${missing.join(', ')}.json exists`);
  process.exit(0);
}
const played = {
  knights: completeRounds(JSON.parse(readFileSync(gamesFile('knights'), 'utf8'))),
  tribes: completeRounds(JSON.parse(readFileSync(gamesFile('tribes'), 'utf8'))),
};
const shuffles = Number(args.shuffles);
const knights = ratePool('knights', played.knights.games, { shuffles, seed: `${played.knights.seed}/order` });
const tribes = ratePool('tribes', played.tribes.games, { shuffles, seed: `${played.tribes.seed}/order` });
const out = {
  format: 'attila-bot-ratings',
  version: 1,
  measuredAt: new Date().toISOString().slice(0, 10),
  command: `npx tsx packages/ratings/bench/bot-ratings.ts --knights-games ${played.knights.gamesPerPairing} --tribes-games ${played.tribes.gamesPerPairing} --seed ${played.knights.seed} --shuffles ${shuffles}`,
  note: '2-player games between the levels offered at tables; ratings on the scale where a newcomer starts at 1500, so the levels average about 1500',
  cpuSeconds: { knights: played.knights.cpuSeconds, tribes: played.tribes.cpuSeconds },
  // Levels whose pairings were played again after a change to them (`--replay`), with that replay's CPU.
  replayed: { knights: played.knights.replayed ?? [], tribes: played.tribes.replayed ?? [] },
  knights: {
    system: 'glicko2',
    levels: levelTable(KNIGHTS_LEVELS, knights),
    pairings: pairingTable('knights', KNIGHTS_LEVELS, played.knights.games, knights),
  },
  tribes: {
    system: 'weng-lin',
    levels: levelTable(TRIBES_LEVELS, tribes),
    pairings: pairingTable('tribes', TRIBES_LEVELS, played.tribes.games, tribes),
  },
};
writeFileSync(ratingsFile, JSON.stringify(out, null, 2) + '\n');
for (const game of ['knights', 'tribes'] as const) {
  console.log(game);
  for (const [level, r] of Object.entries(out[game].levels)) {
    console.log(
      `  ${level.padEnd(8)} ${String(r.rating).padStart(5)}  RD ${String(r.deviation).padStart(3)}  spread ${r.spread}  games ${r.games}`,
    );
  }
}
