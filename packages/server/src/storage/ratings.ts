/**
 * Ratings written with a rated game's result, in the same transaction (both stores). The stores read the
 * table, its seats' players and their ratings inside the transaction that writes the result, hand them to
 * `ratingWrites` (pure: `rateGame` of @attila/ratings) and write what it returns before they commit, so a
 * result without its ratings (or ratings without their result) cannot exist, whatever fails or crashes.
 * A table's result is rated once: only the patch that finishes a table not yet finished is rated.
 */
import type { GameResult, TableStatus } from '@attila/protocol';
import {
  RATING_SYSTEM,
  parseRating,
  rateGame,
  speedClassOf,
  type Rating,
  type SpeedClass,
} from '@attila/ratings';
import type { GameKind } from '@attila/core';

/**
 * What rating reads of a table's patch (types.ts `TablePatch` has these fields; named here so that the
 * storage contract, which names the rating store, and this module do not import each other).
 */
export interface FinishingPatch {
  readonly status?: TableStatus;
  readonly finishedAt?: string;
  readonly result?: GameResult | null;
}

/** What a store reads, inside the transaction, before it applies the patch. */
export interface RatingInput {
  readonly tableId: string;
  readonly game: string;
  readonly rated: boolean;
  /** The table's status before the patch. */
  readonly status: string;
  readonly clockSettings: unknown;
  /** Each seat's player (null: nobody's), in seat order. */
  readonly players: readonly (string | null)[];
}

export interface RatingRow {
  readonly playerId: string;
  readonly game: GameKind;
  readonly speed: SpeedClass;
  readonly before: number;
  readonly after: Rating;
}

export interface RatingWrites {
  readonly tableId: string;
  readonly at: number;
  readonly rows: readonly RatingRow[];
}

/** Whether this patch finishes a rated table (then its seats' ratings must be read and rated). */
export function finishesRated(input: RatingInput, patch: FinishingPatch): boolean {
  return (
    input.rated &&
    input.status !== 'finished' &&
    patch.status === 'finished' &&
    patch.result !== undefined &&
    patch.result !== null
  );
}

function json(value: unknown): unknown {
  return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
}

/**
 * The rating rows to write for a rated table's result, given each seat's stored rating (null: a newcomer).
 * Nothing to write for an aborted game (no winners), a game without ratings (Nim) or a seat of nobody's.
 * Throws on a stored rating out of bounds: the transaction then writes nothing, not even the result.
 */
export function ratingWrites(
  input: RatingInput,
  result: GameResult,
  stored: readonly (Rating | null)[],
  at: number,
): RatingWrites {
  const game = input.game as GameKind;
  const speed = speedClassOf(json(input.clockSettings) as Parameters<typeof speedClassOf>[0]);
  const rated = rateGame({ game, speed, result, seats: stored, at });
  if (!rated.ok) throw new Error(`table ${input.tableId}: cannot rate the game: ${rated.error.message}`);
  // A seat that belongs to nobody (the server stopped between a join and recording its player) is not
  // rated, nor are the others: a rating against nobody's seat would mean nothing, and the game must end.
  if (!rated.value.rated || input.players.some((p) => p === null))
    return { tableId: input.tableId, at, rows: [] };
  // One player in two seats (a table from before seating.ts refused it) is not rated: it would rate them
  // against themselves, and write their history row twice.
  if (new Set(input.players).size !== input.players.length) return { tableId: input.tableId, at, rows: [] };
  const rows = rated.value.seats.map((s, seat) => ({
    playerId: input.players[seat] as string,
    game,
    speed,
    before: s.before.rating,
    after: s.after,
  }));
  return { tableId: input.tableId, at, rows };
}

/** When the game ended: the patch's `finishedAt`, else now. */
export function endedAt(patch: FinishingPatch, now = Date.now()): number {
  const t = patch.finishedAt ? Date.parse(patch.finishedAt) : NaN;
  return Number.isFinite(t) ? t : now;
}

// ---------------------------------------------------------------- the statements, `?` placeholders

export const SELECT_TABLE = `SELECT game, rated, status, clock_settings FROM tables WHERE id = ?`;
export const SELECT_SEAT_PLAYERS = `SELECT seat, player_id FROM seats WHERE table_id = ? ORDER BY seat`;
export const SELECT_RATING = `SELECT rating, deviation, volatility, games, last_game_at FROM ratings
  WHERE player_id = ? AND game = ? AND speed = ?`;
export const UPSERT_RATING = `INSERT INTO ratings
  (player_id, game, speed, rating, deviation, volatility, games, last_game_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (player_id, game, speed) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
  volatility = excluded.volatility, games = excluded.games, last_game_at = excluded.last_game_at`;
export const INSERT_HISTORY = `INSERT INTO rating_history
  (player_id, game, speed, table_id, at, rating_before, rating_after, deviation) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`;

export interface RatingDbRow {
  rating: number | string;
  deviation: number | string;
  volatility: number | string | null;
  games: number | string;
  last_game_at: number | string | null;
}

/** A stored rating read back (checked by `parseRating`: a bad row fails the transaction). */
export function ratingFromRow(game: GameKind, row: RatingDbRow | undefined): Rating | null {
  if (!row) return null;
  const system = RATING_SYSTEM[game];
  if (!system) return null;
  const parsed = parseRating(
    {
      rating: Number(row.rating),
      deviation: Number(row.deviation),
      volatility: row.volatility === null ? null : Number(row.volatility),
      games: Number(row.games),
      lastGameAt: row.last_game_at === null ? null : Number(row.last_game_at),
    },
    system,
  );
  if (!parsed.ok) throw new Error(`a stored ${game} rating is invalid: ${parsed.error.message}`);
  return parsed.value;
}

/** The parameters of the two writes of one row. */
export function rowParams(w: RatingWrites, r: RatingRow): { rating: unknown[]; history: unknown[] } {
  const a = r.after;
  return {
    rating: [r.playerId, r.game, r.speed, a.rating, a.deviation, a.volatility, a.games, a.lastGameAt ?? w.at],
    history: [r.playerId, r.game, r.speed, w.tableId, w.at, r.before, a.rating, a.deviation],
  };
}

export function speedOfTable(clockSettings: unknown): SpeedClass {
  return speedClassOf(json(clockSettings) as Parameters<typeof speedClassOf>[0]);
}

// ---------------------------------------------------------------- the steps either store runs

/** A statement of `rateResult`: a read (its rows are handed back) or a write (nothing is). */
export interface RatingStatement {
  readonly text: string;
  readonly params: readonly unknown[];
  readonly reads: boolean;
}

export type RatingSteps<T = void> = Generator<RatingStatement, T, readonly unknown[] | undefined>;

/** A read among the steps: its rows. */
function* read(text: string, params: readonly unknown[]): RatingSteps<readonly unknown[]> {
  return (yield { text, params, reads: true }) ?? [];
}

/** The table's row as `SELECT_TABLE` reads it (a flag as 0/1 in SQLite, a boolean in PostgreSQL). */
interface TableRatingRow {
  game: string;
  rated: boolean | number;
  status: string;
  clock_settings: unknown;
}

/**
 * Rates the result a patch writes, if it finishes a rated table: the statements to run in order inside the
 * transaction that writes the patch, each read's rows handed back. A generator, so that this is written
 * once: SQLite runs the steps synchronously (its transactions are), PostgreSQL awaits each. `lock` follows
 * the table's read (PostgreSQL's `FOR UPDATE`: two writers finishing one table, a clock and a move, rate it
 * once, the second sees it finished).
 */
export function* rateResult(tableId: string, patch: FinishingPatch, lock = ''): RatingSteps {
  if (patch.status !== 'finished') return;
  const [row] = (yield* read(`${SELECT_TABLE}${lock}`, [tableId])) as TableRatingRow[];
  if (!row) return;
  const seats = (yield* read(SELECT_SEAT_PLAYERS, [tableId])) as { player_id: string | null }[];
  const input: RatingInput = {
    tableId,
    game: row.game,
    rated: row.rated === true || row.rated === 1,
    status: row.status,
    clockSettings: row.clock_settings,
    players: seats.map((s) => s.player_id),
  };
  if (!finishesRated(input, patch) || !patch.result) return;
  const game = row.game as GameKind;
  const speed = speedOfTable(row.clock_settings);
  const stored: (Rating | null)[] = [];
  for (const p of input.players) {
    const rows = p ? ((yield* read(SELECT_RATING, [p, game, speed])) as RatingDbRow[]) : [];
    stored.push(ratingFromRow(game, rows[0]));
  }
  const writes = ratingWrites(input, patch.result, stored, endedAt(patch));
  for (const r of writes.rows) {
    const params = rowParams(writes, r);
    yield { text: UPSERT_RATING, params: params.rating, reads: false };
    yield { text: INSERT_HISTORY, params: params.history, reads: false };
  }
}
