/**
 * The tables both stores keep (SQLite embedded, PostgreSQL shared), written once: the dialects differ only in
 * a few column types, and in how a row comes back (JSON as text or parsed, a flag as 0/1 or a boolean).
 */
import type { ClockState } from '../clock.js';
import type { SeatPlayer, StoredPlay, StoredSeat, StoredTable, TablePatch } from './types.js';

export type Dialect = 'sqlite' | 'postgres';

const TYPES: Record<Dialect, Record<'json' | 'flag' | 'bigint' | 'serialKey' | 'keyed', string>> = {
  sqlite: {
    json: 'TEXT',
    flag: 'INTEGER',
    bigint: 'INTEGER',
    serialKey: 'INTEGER PRIMARY KEY AUTOINCREMENT',
    keyed: ' WITHOUT ROWID',
  },
  postgres: {
    json: 'JSONB',
    flag: 'BOOLEAN',
    bigint: 'BIGINT',
    serialKey: 'BIGSERIAL PRIMARY KEY',
    keyed: '',
  },
};

export function schemaSql(dialect: Dialect): string {
  const t = TYPES[dialect];
  return `
CREATE TABLE IF NOT EXISTS tables (
  id TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  settings ${t.json} NOT NULL,
  seed TEXT NOT NULL,
  rules_version TEXT NOT NULL,
  listed ${t.flag} NOT NULL,
  clock_settings ${t.json},
  takeover TEXT,
  status TEXT NOT NULL,
  created_at TEXT NOT NULL,
  started_at TEXT,
  finished_at TEXT,
  result ${t.json},
  clock ${t.json}
);
CREATE INDEX IF NOT EXISTS tables_status ON tables (status, listed, created_at);
CREATE TABLE IF NOT EXISTS seats (
  table_id TEXT NOT NULL REFERENCES tables (id),
  seat INTEGER NOT NULL,
  name TEXT,
  kind TEXT NOT NULL,
  bot TEXT,
  token_hash TEXT,
  controller TEXT NOT NULL,
  PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
  table_id TEXT NOT NULL REFERENCES tables (id),
  seq INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  move TEXT NOT NULL,
  at ${t.bigint} NOT NULL,
  PRIMARY KEY (table_id, seq)
)${t.keyed};
CREATE TABLE IF NOT EXISTS chat (
  id ${t.serialKey},
  table_id TEXT NOT NULL REFERENCES tables (id),
  seat INTEGER NOT NULL,
  name TEXT NOT NULL,
  text TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_table ON chat (table_id, id);
CREATE TABLE IF NOT EXISTS leases (
  table_id TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  until_ms ${t.bigint} NOT NULL
);
`;
}

/** A `tables` row as either driver returns it. */
export interface TableRow {
  id: string;
  game: string;
  settings: unknown;
  seed: string;
  rules_version: string;
  listed: number | boolean;
  clock_settings: unknown;
  takeover: string | null;
  status: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  result: unknown;
  clock: unknown;
  /** Takebacks, resignations, rematch offers (schema version 4). */
  play?: unknown;
  /** Schema version 5. */
  rated?: number | boolean;
  /** Schema version 18. */
  event_id?: string | null;
}

export interface SeatRow {
  seat: number;
  name: string | null;
  kind: string;
  bot: string | null;
  token_hash: string | null;
  controller: string;
  /** Read with the seat's player (`SEAT_COLUMNS`); absent from older queries. */
  player_id?: string | null;
  player_account?: number | boolean | null;
  player_bot?: number | boolean | null;
}

/**
 * The columns of a seat with its player's kind (a left join on players, aliased `s` and `p`): what the
 * seat-holder checks (seating.ts) and the seat marks (wire.ts) read.
 */
export const SEAT_COLUMNS = `s.seat, s.name, s.kind, s.bot, s.token_hash, s.controller, s.player_id,
  (p.name_key IS NOT NULL) AS player_account, (p.bot_since IS NOT NULL) AS player_bot`;
export const SEAT_JOIN = 'seats s LEFT JOIN players p ON p.id = s.player_id';

function seatPlayerFromRow(r: SeatRow): SeatPlayer | null {
  if (!r.player_id) return null;
  const bot = r.player_bot === true || r.player_bot === 1;
  const account = r.player_account === true || r.player_account === 1;
  return { id: r.player_id, kind: bot ? 'bot-account' : account ? 'account' : 'guest' };
}

/** Every JSON column holds an object or null: SQLite gives it as text, PostgreSQL already parsed. */
function json<T>(value: unknown): T | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export function seatFromRow(r: SeatRow): StoredSeat {
  return {
    seat: r.seat,
    name: r.name,
    kind: r.kind as StoredSeat['kind'],
    bot: r.bot,
    tokenHash: r.token_hash,
    controller: r.controller as StoredSeat['controller'],
    // Only when someone's: a seat nobody holds reads back as it was written.
    ...(r.player_id ? { player: seatPlayerFromRow(r) } : {}),
  };
}

export function tableFromRow(row: TableRow, seats: StoredSeat[]): StoredTable {
  return {
    id: row.id,
    game: row.game as StoredTable['game'],
    settings: json<Record<string, unknown>>(row.settings) ?? {},
    seed: row.seed,
    rulesVersion: row.rules_version,
    listed: row.listed === true || row.listed === 1,
    // Only when rated: a casual table reads back as it was written (no `rated`).
    ...(row.rated === true || row.rated === 1 ? { rated: true } : {}),
    clockSettings: json(row.clock_settings),
    takeover: row.takeover,
    status: row.status as StoredTable['status'],
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    result: json(row.result),
    clock: json<ClockState>(row.clock),
    seats,
    ...(row.play ? { play: json<StoredPlay>(row.play) ?? undefined } : {}),
    ...(row.event_id ? { event: row.event_id } : {}),
  };
}

/** The columns a table row is written with (JSON columns as text: both drivers take that). */
export function tableColumns(t: StoredTable, dialect: Dialect) {
  return {
    id: t.id,
    game: t.game,
    settings: JSON.stringify(t.settings),
    seed: t.seed,
    rules_version: t.rulesVersion,
    listed: dialect === 'sqlite' ? (t.listed ? 1 : 0) : t.listed,
    rated: dialect === 'sqlite' ? (t.rated ? 1 : 0) : (t.rated ?? false),
    clock_settings: t.clockSettings ? JSON.stringify(t.clockSettings) : null,
    takeover: t.takeover,
    status: t.status,
    created_at: t.createdAt,
    started_at: t.startedAt,
    finished_at: t.finishedAt,
    result: t.result ? JSON.stringify(t.result) : null,
    clock: t.clock ? JSON.stringify(t.clock) : null,
    play: t.play ? JSON.stringify(t.play) : null,
    event_id: t.event ?? null,
  };
}

/** The columns a patch changes, in a fixed order (so the few distinct statements can be cached). */
export function patchColumns(patch: TablePatch): Array<[column: string, value: unknown]> {
  const out: Array<[string, unknown]> = [];
  if (patch.status !== undefined) out.push(['status', patch.status]);
  if (patch.startedAt !== undefined) out.push(['started_at', patch.startedAt]);
  if (patch.finishedAt !== undefined) out.push(['finished_at', patch.finishedAt]);
  if (patch.result !== undefined)
    out.push(['result', patch.result === null ? null : JSON.stringify(patch.result)]);
  if (patch.clock !== undefined)
    out.push(['clock', patch.clock === null ? null : JSON.stringify(patch.clock)]);
  if (patch.play !== undefined) out.push(['play', JSON.stringify(patch.play)]);
  // 0 in both stores: SQLite binds no booleans, PostgreSQL reads '0' as false.
  if (patch.rated !== undefined) out.push(['rated', 0]);
  return out;
}
