/**
 * A whole event played by bots, for `attila tournament simulate`: the server's own pairing and standings
 * (imported, never copied), every game played through its engine with real bots. Deterministic from the
 * seed: game g of the event is dealt from `<seed>/<g>` and each bot's move from `<seed>/<g>/<move>`.
 */
import {
  Rng,
  askBot,
  err,
  ok,
  unwrap,
  type GameEvent,
  type GameModule,
  type HonestBot,
  type Result,
} from '@attila/core';
import { knightsGame } from '@attila/knights';
import { tribesGame, parseSettings as tribesSettings } from '@attila/tribes';
import { findBot } from '@attila/bots';
import { finalRanking } from '@attila/ratings';
import {
  arenaStandings,
  pairArena,
  pairSwissRound,
  seatTribesRound,
  swissStandings,
  tribesStandings,
  twoSeatWinner,
  type ArenaGame,
  type SwissGame,
  type TribesTable,
} from '@attila/server/events/pairing';

export type Format = 'swiss' | 'arena' | 'tribes-rounds';

export interface SimConfig {
  readonly format: Format;
  readonly players: number;
  /** Swiss, Tribes rounds. */
  readonly rounds: number;
  /** Arena: the event's length in simulated minutes. */
  readonly minutes: number;
  /** Tribes rounds: the preferred table size. */
  readonly tableSize: number;
  /** Bot names (of the format's game), given to the entrants in turn. */
  readonly bots: readonly string[];
  readonly seed: string;
}

/**
 * Arena time is simulated: a game lasts this many simulated seconds per move played (a Knights game of 40
 * moves: 6 min 40 s), so games end at different times and players are paired again as they come free.
 */
export const ARENA_SECONDS_PER_MOVE = 10;

export interface SimStanding {
  readonly rank: number;
  readonly player: string;
  readonly bot: string;
  readonly score: number;
  /** The tie-breaks as the server computes them, in the order they are applied. */
  readonly tieBreaks: Readonly<Record<string, number | null>>;
}

export interface SimReport {
  readonly format: Format;
  readonly players: number;
  readonly seed: string;
  /** Each round's (Arena: each simulated minute's) progress line. */
  readonly progress: readonly string[];
  readonly standings: readonly SimStanding[];
  /** Every game's players, in play order (a Swiss bye: one player). */
  readonly games: readonly (readonly (string | null)[])[];
  readonly gamesPlayed: number;
  readonly moves: number;
}

const ids = (n: number) =>
  Array.from({ length: n }, (_, i) => `p${String(i + 1).padStart(String(n).length, '0')}`);

/** One game played to its end by `players` (seat order); its seats' places (0 best) and its move count. */
function playOut<Settings, State, View, Event extends GameEvent>(
  module: GameModule<Settings, State, View, Event>,
  settings: Settings,
  players: readonly HonestBot<Settings, View>[],
  names: readonly string[],
  seed: string,
): Result<{ places: number[] | null; moves: number }> {
  let state = unwrap(module.setup(settings, seed));
  for (let moves = 0; ; moves++) {
    const result = module.result(state);
    if (result) {
      const places = finalRanking(result, players.length);
      return ok({ places: places.ok ? places.value : null, moves });
    }
    const seat = module.toAct(state)[0];
    const move = askBot(module, players[seat], settings, state, seat, Rng.fromSeed(`${seed}/${moves}`));
    if (!move.ok) return err('tournament.failed', `bot ${names[seat]}: ${move.error.message}`);
    const played = module.play(state, seat, move.value);
    if (!played.ok) return err('tournament.failed', `bot ${names[seat]}: ${played.error.message}`);
    state = played.value.state;
  }
}

function playGame(
  game: 'knights' | 'tribes',
  bots: readonly string[],
  seed: string,
): Result<{ places: number[] | null; moves: number }> {
  return game === 'knights'
    ? playOut(
        knightsGame,
        unwrap(knightsGame.parseSettings({})),
        bots.map((b) => findBot('knights', b)!.make()),
        bots,
        seed,
      )
    : playOut(
        tribesGame,
        unwrap(tribesSettings({ players: bots.length, firstPlayer: 0 })),
        bots.map((b) => findBot('tribes', b)!.make()),
        bots,
        seed,
      );
}

export function simulate(config: SimConfig): Result<SimReport> {
  const names = ids(config.players);
  const botOf = new Map(names.map((id, i) => [id, config.bots[i % config.bots.length]]));
  const entrants = names.map((id) => ({ id, rating: 1500, fromRound: 1, withdrawn: false }));
  const progress: string[] = [];
  const played: (string | null)[][] = [];
  let moves = 0;
  let failure: string | null = null;
  const play = (game: 'knights' | 'tribes', seats: readonly string[]) => {
    const r = playGame(
      game,
      seats.map((s) => botOf.get(s)!),
      `${config.seed}/${played.length}`,
    );
    played.push([...seats]);
    if (!r.ok) {
      failure ??= `game ${played.length}: ${r.error.message}`;
      return { places: null, moves: 0 };
    }
    moves += r.value.moves;
    return r.value;
  };
  const leader = (rows: readonly { id: string; score: number }[]) =>
    rows.length ? `leader ${rows[0].id} (${botOf.get(rows[0].id)}) ${rows[0].score}` : 'no leader';
  let standings: SimStanding[];

  if (config.format === 'swiss') {
    const games: SwissGame[] = [];
    for (let round = 1; round <= config.rounds && failure === null; round++) {
      const r = pairSwissRound(entrants, games, round, config.seed);
      for (const p of r.pairings) {
        const { places } = play('knights', [p.first, p.second]);
        games.push({ round, ...p, winner: twoSeatWinner([p.first, p.second], places), over: true });
      }
      if (r.bye) {
        played.push([r.bye]);
        games.push({ round, first: r.bye, second: null, winner: null, over: true });
      }
      const rows = swissStandings(entrants, games);
      progress.push(
        `round ${round}/${config.rounds}: ${r.pairings.length} games${r.bye ? `, bye ${r.bye}` : ''}, ${leader(rows)}`,
      );
    }
    standings = swissStandings(entrants, games).map((s) => ({
      rank: s.rank,
      player: s.id,
      bot: botOf.get(s.id)!,
      score: s.score,
      tieBreaks: { buchholz: s.buchholz, sonnebornBerger: s.sonnebornBerger },
    }));
  } else if (config.format === 'arena') {
    const games: ArenaGame[] = [];
    const end = config.minutes * 60;
    // Games in progress: their index in `games` and the simulated second they end.
    let running: { index: number; at: number; game: ArenaGame }[] = [];
    let now = 0;
    let minute = 0;
    while (failure === null) {
      if (now < end) {
        const busy = new Set(running.flatMap((r) => [r.game.first, r.game.second]));
        for (const p of pairArena(entrants, games, busy, config.seed, games.length)) {
          const r = play('knights', [p.first, p.second]);
          const game = {
            ordinal: games.length,
            ...p,
            winner: twoSeatWinner([p.first, p.second], r.places),
            over: true,
          };
          // The game is played now but counts from its simulated end: pairings until then see it running.
          games.push({ ...game, winner: null, over: false });
          running.push({
            index: games.length - 1,
            at: now + Math.max(1, r.moves) * ARENA_SECONDS_PER_MOVE,
            game,
          });
        }
      }
      if (running.length === 0) break;
      // The next game to end (the earlier paired first on a tie); every game begun before the end counts.
      now = Math.min(...running.map((r) => r.at));
      for (const r of running.filter((r) => r.at === now)) games[r.index] = r.game;
      running = running.filter((r) => r.at !== now);
      // A progress line a simulated minute, at most about 30 in all.
      const step = Math.ceil(config.minutes / 30);
      for (; minute < Math.min(config.minutes, Math.floor(now / 60)); minute++) {
        if ((minute + 1) % step !== 0 && minute + 1 !== config.minutes) continue;
        const rows = arenaStandings(entrants, games);
        const done = games.filter((g) => g.over).length;
        progress.push(`minute ${minute + 1}/${config.minutes}: ${done} games over, ${leader(rows)}`);
      }
    }
    standings = arenaStandings(entrants, games).map((s) => ({
      rank: s.rank,
      player: s.id,
      bot: botOf.get(s.id)!,
      score: s.score,
      tieBreaks: { performance: s.performance, games: s.games, streak: s.streak },
    }));
  } else {
    const tables: TribesTable[] = [];
    const shape = { size: config.tableSize, min: Math.min(3, config.tableSize), max: 5, bots: false };
    for (let round = 1; round <= config.rounds && failure === null; round++) {
      const r = seatTribesRound(entrants, tables, round, shape);
      for (const seats of r.tables) {
        const people = seats.filter((s): s is string => s !== null);
        const { places } = play('tribes', people);
        tables.push({ round, seats: people, places, over: true });
      }
      const rows = tribesStandings(entrants, tables).map((s) => ({ id: s.id, score: s.points }));
      progress.push(
        `round ${round}/${config.rounds}: ${r.tables.length} tables of ${r.tables.map((t) => t.length).join('+')}, ${leader(rows)}`,
      );
    }
    standings = tribesStandings(entrants, tables).map((s) => ({
      rank: s.rank,
      player: s.id,
      bot: botOf.get(s.id)!,
      score: s.points,
      tieBreaks: { average: Math.round(s.average * 100) / 100, tables: s.tables },
    }));
  }
  if (failure !== null) return err('tournament.failed', failure);
  return ok({
    format: config.format,
    players: config.players,
    seed: config.seed,
    progress,
    standings,
    games: played,
    gamesPlayed: played.filter((g) => g.length > 1).length,
    moves,
  });
}
