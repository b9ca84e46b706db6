/**
 * The arena: plays K games between the given bots with the seats rotated (game g gives seat i to bot
 * (i + g) mod N, and seat 0 always starts), checks every move with the engine, and reports each bot's win
 * rate (a shared victory counts as a share) and average score with 95% confidence intervals. Game g's seed is
 * `<seed>/<g>` and each decision's randomness comes from `<game seed>/<move number>/<seat>`, so a run with
 * iteration budgets is reproducible move for move, in one thread or several.
 */
import { Worker } from 'node:worker_threads';
import { Rng, err, newRecord, ok, unwrap, type GameRecord, type Result } from '@attila/core';
import {
  END_REASON_TEXT,
  RULES_VERSION,
  applyInPlace,
  createGame,
  formatMove,
  isLegal,
  parseMove,
  parseSettings,
  settingsToJson,
  type TribesSettings,
} from '@attila/tribes';
import type { Budget } from '../bot.js';
import { makePlayer, playedSpec, type ArenaPlayer } from './players.js';
import { meanInterval, rateInterval, type Interval } from './stats.js';

export interface ArenaConfig {
  readonly players: number;
  /** One spec per seat (see players.ts). */
  readonly bots: readonly string[];
  readonly games: number;
  /**
   * The first game's index (default 0): a shard plays games `firstGame` .. `firstGame + games - 1` of the run,
   * exactly as the whole run would (same game seeds, seat rotation and decision seeds).
   */
  readonly firstGame?: number;
  readonly seed: string;
  /** For search bots given no budget of their own. */
  readonly budget?: Budget;
  /** Extra Tribes settings (options, map); players and first player are set by the arena. */
  readonly settings?: Record<string, unknown>;
}

export interface GameOutcome {
  readonly index: number;
  readonly seed: string;
  /** The bot (index into `bots`) in each seat. */
  readonly seats: number[];
  readonly scores: number[];
  readonly winners: number[];
  readonly reason: string;
  readonly moves: string[];
  /** Thinking time of each bot (index into `bots`) in this game, ms, and its number of decisions. */
  readonly thinkMs: number[];
  readonly decisions: number[];
}

export interface BotReport {
  readonly bot: string;
  readonly entry: number;
  readonly games: number;
  readonly winRate: Interval;
  readonly averageScore: Interval;
  /** Thinking time per decision; null when summarizing records, which do not keep it. */
  readonly msPerMove: number | null;
}

export interface ArenaReport {
  readonly game: 'tribes';
  readonly players: number;
  readonly games: number;
  readonly seed: string;
  readonly bots: BotReport[];
}

export function arenaSettings(config: ArenaConfig): Result<TribesSettings> {
  return parseSettings({ ...config.settings, players: config.players, firstPlayer: 0 });
}

export function checkConfig(config: ArenaConfig): Result<ArenaPlayer[]> {
  if (!Number.isInteger(config.players) || config.players < 2 || config.players > 5) {
    return err('arena.players', `--players must be 2, 3, 4 or 5, not ${config.players}`);
  }
  if (config.bots.length !== config.players) {
    return err(
      'arena.bots',
      `give one bot per seat: ${config.players} players but ${config.bots.length} bots (${config.bots.join(',')})`,
    );
  }
  if (!Number.isInteger(config.games) || config.games < 1) {
    return err('arena.games', `--games must be a whole number of at least 1, not ${config.games}`);
  }
  const first = config.firstGame ?? 0;
  if (!Number.isInteger(first) || first < 0) {
    return err('arena.first-game', `--first-game must be a whole number of at least 0, not ${first}`);
  }
  const settings = arenaSettings(config);
  if (!settings.ok) return settings;
  const players: ArenaPlayer[] = [];
  for (const spec of config.bots) {
    const p = makePlayer(spec, config.budget, settings.value);
    if (!p.ok) return p;
    players.push(p.value);
  }
  return ok(players);
}

/** Plays game `index` of the run. A bot's illegal or unreadable move stops the run with an error. */
export async function playGame(
  config: ArenaConfig,
  settings: TribesSettings,
  players: readonly ArenaPlayer[],
  index: number,
): Promise<GameOutcome> {
  const n = config.players;
  const seed = `${config.seed}/${index}`;
  const seats = Array.from({ length: n }, (_, i) => (i + index) % n);
  const state = createGame(settings, seed);
  const id = `arena-${config.seed}-${index}`;
  const settingsJson = settingsToJson(settings);
  seats.forEach((bot, seat) => players[bot].gameStarted?.({ id, seat, players: n, settings: settingsJson }));
  const moves: string[] = [];
  const thinkMs = new Array<number>(n).fill(0);
  const decisions = new Array<number>(n).fill(0);
  while (!state.over) {
    const seat = state.toAct;
    const bot = seats[seat];
    const rng = Rng.fromSeed(`${seed}/${moves.length}/${seat}`);
    const started = performance.now();
    const answer = await players[bot].choose(state, seat, rng);
    thinkMs[bot] += performance.now() - started;
    decisions[bot]++;
    const parsed = parseMove(state.map, answer);
    if (!parsed.ok)
      throw new Error(`bot ${config.bots[bot]} (seat ${seat}, game ${index}): ${parsed.error.message}`);
    const code = parsed.value;
    if (!isLegal(state, code)) {
      throw new Error(
        `bot ${config.bots[bot]} (seat ${seat}, game ${index}, move ${moves.length + 1}) made the illegal move "${formatMove(state.map, code)}"`,
      );
    }
    moves.push(formatMove(state.map, code));
    applyInPlace(state, code);
  }
  const scores = Array.from(state.scores);
  const best = Math.max(...scores);
  const winners = scores.flatMap((v, i) => (v === best ? [i] : []));
  seats.forEach((bot, seat) => players[bot].gameEnded?.({ id, seat, scores, winners }));
  return {
    index,
    seed,
    seats,
    scores,
    winners,
    reason: END_REASON_TEXT[state.endReason],
    moves,
    thinkMs,
    decisions,
  };
}

export function summarize(config: ArenaConfig, outcomes: readonly GameOutcome[]): ArenaReport {
  const bots: BotReport[] = config.bots.map((bot, entry) => {
    const wins: number[] = [];
    const scores: number[] = [];
    let ms = 0;
    let decisions = 0;
    for (const g of outcomes) {
      const seat = g.seats.indexOf(entry);
      wins.push(g.winners.includes(seat) ? 1 / g.winners.length : 0);
      scores.push(g.scores[seat]);
      ms += g.thinkMs[entry];
      decisions += g.decisions[entry];
    }
    return {
      bot,
      entry,
      games: outcomes.length,
      winRate: rateInterval(wins),
      averageScore: meanInterval(scores),
      msPerMove: decisions ? ms / decisions : 0,
    };
  });
  return { game: 'tribes', players: config.players, games: outcomes.length, seed: config.seed, bots };
}

/**
 * Game g's record. Each player entry names the bot as typed (`name`, e.g. `ismcts`) and as it played (`bot`,
 * with its budget resolved, e.g. `ismcts@500it`); with the seed `<run seed>/<g>` and the result, the records
 * of a run are enough to summarize it again (summary.ts), also from several shards.
 */
export function outcomeRecord(config: ArenaConfig, settings: TribesSettings, g: GameOutcome): GameRecord {
  return newRecord({
    game: 'tribes',
    id: `arena-${config.seed}-${g.index}`,
    rulesVersion: RULES_VERSION,
    settings: settingsToJson(settings),
    seed: g.seed,
    players: g.seats.map((bot) => ({
      name: config.bots[bot].trim().slice(0, 64),
      kind: 'bot' as const,
      bot: playedSpec(config.bots[bot], config.budget).slice(0, 64),
    })),
    moves: g.moves,
    result: { winners: g.winners, scores: g.scores, reason: g.reason },
  });
}

export interface RunOptions {
  /** Worker threads playing games in parallel (1: play in this thread). */
  readonly threads?: number;
  readonly onGame?: (g: GameOutcome, done: number) => void;
}

/** Plays the whole run; the outcomes come back in game order whatever the number of threads. */
export async function runArena(
  config: ArenaConfig,
  options: RunOptions = {},
): Promise<Result<GameOutcome[]>> {
  const checked = checkConfig(config);
  if (!checked.ok) return checked;
  const players = checked.value;
  const settings = unwrap(arenaSettings(config));
  const threads = Math.max(1, Math.min(options.threads ?? 1, config.games));
  const first = config.firstGame ?? 0;
  const outcomes: GameOutcome[] = [];
  try {
    if (threads === 1) {
      for (let g = first; g < first + config.games; g++) {
        outcomes.push(await playGame(config, settings, players, g));
        options.onGame?.(outcomes[outcomes.length - 1], outcomes.length);
      }
    } else {
      await Promise.all(
        Array.from({ length: threads }, (_, w) =>
          runWorker(config, w, threads, (g) => {
            outcomes.push(g);
            options.onGame?.(g, outcomes.length);
          }),
        ),
      );
    }
  } catch (e) {
    return err('arena.failed', (e as Error).message);
  } finally {
    await Promise.all(players.map((p) => p.close?.()));
  }
  return ok(outcomes.sort((a, b) => a.index - b.index));
}

function runWorker(
  config: ArenaConfig,
  worker: number,
  threads: number,
  onGame: (g: GameOutcome) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./worker-boot.js', import.meta.url), {
      workerData: { entry: new URL('./worker.ts', import.meta.url).href, config, worker, threads },
    });
    w.on('message', (m: { game?: GameOutcome; error?: string; done?: true }) => {
      if (m.game) onGame(m.game);
      else if (m.error) reject(new Error(m.error));
      else if (m.done) resolve();
    });
    w.on('error', reject);
    w.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`arena worker exited with code ${code}`)),
    );
  });
}
