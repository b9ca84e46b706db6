/**
 * Versioned schema changes, for both stores. `schema_version` holds the version a database is at; at start a
 * store applies, in order and each in its own transaction, every migration above it. A database made before
 * versioning (the `tables` of version 1, no `schema_version`) is at version 1. A database newer than this
 * server (written by a later release) is refused: an older server would misread or damage what it does not
 * know. Migrations are only ever added at the end; one that shipped is never edited.
 * Longer than 400 lines on purpose: the migrations are one ordered list, each version's SQL beside its
 * number, and the order is the point (a later one reads what an earlier one made).
 */
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { schemaSql, type Dialect } from './schema.js';

export interface Migration {
  readonly version: number;
  readonly description: string;
  sql(dialect: Dialect): string;
}

const TIME: Record<Dialect, string> = { sqlite: 'INTEGER', postgres: 'BIGINT' };

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'tables, seats, moves, chat, leases (the schema from before versioning)',
    // IF NOT EXISTS: a database from before versioning already has these tables.
    sql: schemaSql,
  },
  {
    version: 2,
    description: 'players (guests and accounts), sessions, server secrets; the player holding each seat',
    sql: (d) => `
CREATE TABLE players (
  id TEXT PRIMARY KEY,
  display_name TEXT NOT NULL,
  name_key TEXT UNIQUE,
  password_hash TEXT,
  created_at ${TIME[d]} NOT NULL,
  claimed_at ${TIME[d]},
  deleted_at ${TIME[d]}
);
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  player_id TEXT NOT NULL REFERENCES players (id),
  created_at ${TIME[d]} NOT NULL,
  last_seen_at ${TIME[d]} NOT NULL,
  user_agent TEXT NOT NULL
);
CREATE INDEX sessions_player ON sessions (player_id);
CREATE TABLE server_secrets (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
ALTER TABLE seats ADD COLUMN player_id TEXT;
CREATE INDEX seats_player ON seats (player_id);
`,
  },
  {
    version: 3,
    description: 'passkeys (WebAuthn credentials) of accounts',
    sql: (d) => `
CREATE TABLE passkeys (
  id TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES players (id),
  public_key TEXT NOT NULL,
  counter ${TIME[d]} NOT NULL,
  transports TEXT NOT NULL,
  created_at ${TIME[d]} NOT NULL,
  last_used_at ${TIME[d]}
);
CREATE INDEX passkeys_player ON passkeys (player_id);
`,
  },
  {
    version: 4,
    description:
      "a table's play beyond its moves: takeback requests and refusals, resignations, rematch offers",
    sql: (d) => `ALTER TABLE tables ADD COLUMN play ${d === 'postgres' ? 'JSONB' : 'TEXT'};`,
  },
  {
    version: 5,
    description: 'rated tables; ratings per player, game and speed class, and their history',
    sql: (d) => `
ALTER TABLE tables ADD COLUMN rated ${d === 'postgres' ? 'BOOLEAN NOT NULL DEFAULT FALSE' : 'INTEGER NOT NULL DEFAULT 0'};
CREATE TABLE ratings (
  player_id TEXT NOT NULL REFERENCES players (id),
  game TEXT NOT NULL,
  speed TEXT NOT NULL,
  rating DOUBLE PRECISION NOT NULL,
  deviation DOUBLE PRECISION NOT NULL,
  volatility DOUBLE PRECISION,
  games INTEGER NOT NULL,
  last_game_at ${TIME[d]} NOT NULL,
  PRIMARY KEY (player_id, game, speed)
);
CREATE INDEX ratings_board ON ratings (game, speed, rating);
CREATE TABLE rating_history (
  player_id TEXT NOT NULL REFERENCES players (id),
  game TEXT NOT NULL,
  speed TEXT NOT NULL,
  table_id TEXT NOT NULL REFERENCES tables (id),
  at ${TIME[d]} NOT NULL,
  rating_before DOUBLE PRECISION NOT NULL,
  rating_after DOUBLE PRECISION NOT NULL,
  deviation DOUBLE PRECISION NOT NULL,
  PRIMARY KEY (player_id, table_id)
);
CREATE INDEX rating_history_player ON rating_history (player_id, game, speed, at);
`,
  },
  {
    version: 6,
    description: 'bot accounts (players.bot_since) and their API tokens (bot_tokens, SHA-256 of each token)',
    sql: (d) => `
ALTER TABLE players ADD COLUMN bot_since ${TIME[d]};
CREATE TABLE bot_tokens (
  id TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES players (id),
  token_hash TEXT NOT NULL UNIQUE,
  label TEXT NOT NULL,
  scopes TEXT NOT NULL,
  created_at ${TIME[d]} NOT NULL,
  last_used_at ${TIME[d]},
  revoked_at ${TIME[d]}
);
CREATE INDEX bot_tokens_player ON bot_tokens (player_id);
`,
  },
  {
    version: 7,
    description:
      'Web Push: subscriptions (one per browser, tied to the session that made it), the kinds each account muted, and the notices already sent once',
    sql: (d) => `
CREATE TABLE push_subscriptions (
  endpoint TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES players (id),
  session_id TEXT NOT NULL,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  created_at ${TIME[d]} NOT NULL
);
CREATE INDEX push_subscriptions_player ON push_subscriptions (player_id);
CREATE TABLE push_choices (
  player_id TEXT PRIMARY KEY REFERENCES players (id),
  muted TEXT NOT NULL
);
CREATE TABLE push_sent (
  key TEXT PRIMARY KEY,
  at ${TIME[d]} NOT NULL
);
`,
  },
  {
    version: 8,
    description: 'lesson progress of an account (lesson_progress: the ids of the lessons done, a JSON list)',
    sql: (d) => `
CREATE TABLE lesson_progress (
  player_id TEXT PRIMARY KEY REFERENCES players (id),
  done TEXT NOT NULL,
  updated_at ${TIME[d]} NOT NULL
);
`,
  },
  {
    version: 9,
    description:
      "Knights puzzle ratings: each puzzle's (absent: its seed rating), each account's, and an account's attempts (the first attempt at a puzzle is the rated one)",
    sql: (d) => `
CREATE TABLE puzzle_ratings (
  puzzle_id TEXT PRIMARY KEY,
  rating DOUBLE PRECISION NOT NULL,
  deviation DOUBLE PRECISION NOT NULL,
  volatility DOUBLE PRECISION NOT NULL,
  attempts INTEGER NOT NULL,
  last_attempt_at ${TIME[d]} NOT NULL
);
CREATE TABLE player_puzzle_ratings (
  player_id TEXT PRIMARY KEY REFERENCES players (id),
  rating DOUBLE PRECISION NOT NULL,
  deviation DOUBLE PRECISION NOT NULL,
  volatility DOUBLE PRECISION NOT NULL,
  attempts INTEGER NOT NULL,
  last_attempt_at ${TIME[d]} NOT NULL
);
CREATE TABLE puzzle_attempts (
  player_id TEXT NOT NULL REFERENCES players (id),
  puzzle_id TEXT NOT NULL,
  solved ${d === 'postgres' ? 'BOOLEAN' : 'INTEGER'} NOT NULL,
  at ${TIME[d]} NOT NULL,
  rating_before DOUBLE PRECISION NOT NULL,
  rating_after DOUBLE PRECISION NOT NULL,
  PRIMARY KEY (player_id, puzzle_id)
);
`,
  },
  {
    version: 10,
    description: "challenges: a game offered to named players, and the players of each (to find one's own)",
    sql: (d) => `
CREATE TABLE challenges (
  id TEXT PRIMARY KEY,
  challenger_id TEXT NOT NULL REFERENCES players (id),
  body TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at ${TIME[d]} NOT NULL,
  expires_at ${TIME[d]} NOT NULL,
  table_id TEXT,
  version INTEGER NOT NULL
);
CREATE TABLE challenge_players (
  challenge_id TEXT NOT NULL REFERENCES challenges (id),
  player_id TEXT NOT NULL REFERENCES players (id),
  PRIMARY KEY (challenge_id, player_id)
);
CREATE INDEX challenge_players_player ON challenge_players (player_id);
`,
  },
  {
    version: 11,
    description:
      'quick pairing: the people waiting in each pool (pool_entries, kept alive by their connection) and one lock row per pool',
    sql: (d) => `
CREATE TABLE pool_entries (
  id TEXT PRIMARY KEY,
  pool TEXT NOT NULL,
  player_id TEXT NOT NULL,
  name TEXT NOT NULL,
  rating DOUBLE PRECISION NOT NULL,
  token_hash TEXT NOT NULL,
  bots_after_ms INTEGER,
  joined_at ${TIME[d]} NOT NULL,
  seen_at ${TIME[d]} NOT NULL,
  table_id TEXT,
  seat INTEGER
);
CREATE INDEX pool_entries_pool ON pool_entries (pool, table_id);
CREATE INDEX pool_entries_player ON pool_entries (player_id);
CREATE TABLE pool_locks (
  pool TEXT PRIMARY KEY,
  pairings ${TIME[d]} NOT NULL
);
`,
  },
  {
    version: 12,
    description:
      'the bot ladder: its games (written before the table, so a restart finds what was paired), its ratings per pool, bot accounts that opted in',
    // ladder_games.table_id has no foreign key: the row is written before its table, and a row whose table
    // never came is deleted at the next start (the pairing did not happen).
    sql: (d) => `
ALTER TABLE players ADD COLUMN ladder_since ${TIME[d]};
CREATE TABLE ladder_games (
  table_id TEXT PRIMARY KEY,
  ordinal INTEGER NOT NULL UNIQUE,
  pool TEXT NOT NULL,
  players TEXT NOT NULL,
  created_at ${TIME[d]} NOT NULL,
  rated_at ${TIME[d]},
  places TEXT
);
CREATE INDEX ladder_games_unrated ON ladder_games (rated_at);
CREATE TABLE ladder_ratings (
  pool TEXT NOT NULL,
  player TEXT NOT NULL,
  rating DOUBLE PRECISION NOT NULL,
  deviation DOUBLE PRECISION NOT NULL,
  volatility DOUBLE PRECISION,
  games INTEGER NOT NULL,
  last_game_at ${TIME[d]},
  PRIMARY KEY (pool, player)
);
`,
  },
  {
    version: 13,
    description:
      'the Knights opening explorer: which finished games it has counted, and per position (up to symmetry) how often each placement was played and won',
    sql: (d) => `
CREATE TABLE knights_explorer_games (
  table_id TEXT PRIMARY KEY,
  placements INTEGER NOT NULL,
  indexed_at ${TIME[d]} NOT NULL
);
CREATE TABLE knights_explorer_counts (
  position TEXT NOT NULL,
  placed TEXT NOT NULL,
  games INTEGER NOT NULL,
  wins INTEGER NOT NULL,
  PRIMARY KEY (position, placed)
);
`,
  },
  {
    version: 14,
    description:
      "fair play: sign-in attempts counted in the database (shared by every process), and each account name's confusable skeleton (UTS #39), unique",
    // name_skeleton is filled for existing accounts at start (identity/name-skeletons.ts): SQL cannot compute
    // it. NULLs do not clash, so accounts made before that share a skeleton keep their rows.
    sql: (d) => `
CREATE TABLE login_attempts (
  key TEXT PRIMARY KEY,
  count INTEGER NOT NULL,
  ends_at ${TIME[d]} NOT NULL
);
CREATE INDEX login_attempts_ends ON login_attempts (ends_at);
ALTER TABLE players ADD COLUMN name_skeleton TEXT;
CREATE UNIQUE INDEX players_name_skeleton ON players (name_skeleton);
`,
  },
  {
    version: 15,
    description:
      "accounts' roles (moderator), granted and revoked by the operator (attila admin grant|revoke)",
    sql: (d) => `
CREATE TABLE account_roles (
  player_id TEXT NOT NULL REFERENCES players (id),
  role TEXT NOT NULL,
  granted_at ${TIME[d]} NOT NULL,
  PRIMARY KEY (player_id, role)
);
`,
  },
  {
    version: 16,
    description:
      'events (tournaments): each event, its entries (one per account: the key), and every pairing it made (a game, a Tribes table or a bye), written with its table',
    // event_games.table_id has no foreign key: a bye has no table.
    sql: (d) => `
CREATE TABLE events (
  id TEXT PRIMARY KEY,
  body TEXT NOT NULL,
  status TEXT NOT NULL,
  starts_at ${TIME[d]} NOT NULL,
  created_by TEXT,
  code TEXT,
  round INTEGER NOT NULL,
  created_at ${TIME[d]} NOT NULL,
  finished_at ${TIME[d]}
);
CREATE INDEX events_status ON events (status, starts_at);
CREATE TABLE event_entries (
  event_id TEXT NOT NULL REFERENCES events (id),
  player_id TEXT NOT NULL REFERENCES players (id),
  name TEXT NOT NULL,
  rating DOUBLE PRECISION NOT NULL,
  joined_at ${TIME[d]} NOT NULL,
  from_round INTEGER NOT NULL,
  withdrawn_at ${TIME[d]},
  PRIMARY KEY (event_id, player_id)
);
CREATE INDEX event_entries_player ON event_entries (player_id);
CREATE TABLE event_games (
  event_id TEXT NOT NULL REFERENCES events (id),
  ordinal INTEGER NOT NULL,
  round INTEGER NOT NULL,
  table_id TEXT,
  players TEXT NOT NULL,
  places TEXT,
  over INTEGER NOT NULL,
  created_at ${TIME[d]} NOT NULL,
  PRIMARY KEY (event_id, ordinal)
);
CREATE INDEX event_games_open ON event_games (event_id, over);
`,
  },
  {
    version: 17,
    description:
      "community: follows, blocks, muted table chats, reports, moderators' actions, departures from games (leavers), the addresses seats were taken from",
    sql: (d) => `
CREATE TABLE follows (
  follower_id TEXT NOT NULL REFERENCES players (id),
  followed_id TEXT NOT NULL REFERENCES players (id),
  at ${TIME[d]} NOT NULL,
  PRIMARY KEY (follower_id, followed_id)
);
CREATE INDEX follows_followed ON follows (followed_id);
CREATE TABLE blocks (
  blocker_id TEXT NOT NULL REFERENCES players (id),
  blocked_id TEXT NOT NULL REFERENCES players (id),
  at ${TIME[d]} NOT NULL,
  PRIMARY KEY (blocker_id, blocked_id)
);
CREATE INDEX blocks_blocked ON blocks (blocked_id);
CREATE TABLE chat_mutes (
  player_id TEXT NOT NULL REFERENCES players (id),
  table_id TEXT NOT NULL REFERENCES tables (id),
  at ${TIME[d]} NOT NULL,
  PRIMARY KEY (player_id, table_id)
);
CREATE TABLE reports (
  id TEXT PRIMARY KEY,
  reporter_id TEXT NOT NULL REFERENCES players (id),
  reported_id TEXT NOT NULL REFERENCES players (id),
  reason TEXT NOT NULL,
  note TEXT NOT NULL,
  source TEXT NOT NULL,
  table_id TEXT REFERENCES tables (id),
  created_at ${TIME[d]} NOT NULL,
  status TEXT NOT NULL,
  closed_by TEXT REFERENCES players (id),
  closed_at ${TIME[d]},
  closing_reason TEXT
);
CREATE INDEX reports_status ON reports (status, created_at);
CREATE INDEX reports_reported ON reports (reported_id);
CREATE INDEX reports_reporter ON reports (reporter_id, created_at);
CREATE TABLE moderation_actions (
  id TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES players (id),
  moderator_id TEXT REFERENCES players (id),
  action TEXT NOT NULL,
  reason TEXT NOT NULL,
  report_id TEXT REFERENCES reports (id),
  table_id TEXT REFERENCES tables (id),
  until ${TIME[d]},
  created_at ${TIME[d]} NOT NULL
);
CREATE INDEX moderation_actions_player ON moderation_actions (player_id, created_at);
CREATE TABLE departures (
  player_id TEXT NOT NULL REFERENCES players (id),
  table_id TEXT NOT NULL REFERENCES tables (id),
  kind TEXT NOT NULL,
  rated INTEGER NOT NULL,
  at ${TIME[d]} NOT NULL,
  PRIMARY KEY (player_id, table_id)
);
CREATE INDEX departures_player ON departures (player_id, at);
CREATE TABLE seat_addresses (
  table_id TEXT NOT NULL REFERENCES tables (id),
  seat INTEGER NOT NULL,
  player_id TEXT NOT NULL REFERENCES players (id),
  address_hash TEXT NOT NULL,
  PRIMARY KEY (table_id, seat)
);
CREATE INDEX seat_addresses_player ON seat_addresses (player_id);
`,
  },
  {
    version: 18,
    description:
      'events: a table made for an event names it (an event game cannot be aborted: it counts in the standings)',
    sql: () => `ALTER TABLE tables ADD COLUMN event_id TEXT;`,
  },
  {
    version: 19,
    description:
      "events: a count of the event's changes (entries, withdrawals, pairings, results, its round and status), written with each, so every process's cached view of the event knows when it is stale",
    sql: () => `ALTER TABLE events ADD COLUMN changes INTEGER NOT NULL DEFAULT 0;`,
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;

/** The database was written by a newer server: refused rather than misread. */
export class SchemaTooNewError extends Error {
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(
      `the database is at schema version ${found}, but this server knows versions up to ${known}: ` +
        `it was written by a newer Attila server; run that release (or newer), or restore a backup made ` +
        `before the upgrade`,
    );
  }
}

const VERSION_TABLE = `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL, applied_at TEXT NOT NULL)`;

/** The migrations a database at `current` still needs; throws when it is newer than this server. */
export function pending(current: number): readonly Migration[] {
  if (current > SCHEMA_VERSION) throw new SchemaTooNewError(current, SCHEMA_VERSION);
  return MIGRATIONS.filter((m) => m.version > current);
}

export function migrateSqlite(db: Database.Database): number[] {
  db.exec(VERSION_TABLE);
  const row = db.prepare('SELECT MAX(version) AS v FROM schema_version').get() as { v: number | null };
  const applied: number[] = [];
  for (const m of pending(row.v ?? 0)) {
    db.transaction(() => {
      db.exec(m.sql('sqlite'));
      db.prepare('INSERT INTO schema_version (version, applied_at) VALUES (?, ?)').run(
        m.version,
        new Date().toISOString(),
      );
    })();
    applied.push(m.version);
  }
  return applied;
}

/** Run under the caller's advisory lock: processes starting together migrate one at a time. */
export async function migratePostgres(client: pg.PoolClient): Promise<number[]> {
  await client.query(VERSION_TABLE);
  const r = await client.query('SELECT MAX(version) AS v FROM schema_version');
  const applied: number[] = [];
  for (const m of pending(r.rows[0].v === null ? 0 : Number(r.rows[0].v))) {
    await client.query('BEGIN');
    try {
      await client.query(m.sql('postgres'));
      await client.query('INSERT INTO schema_version (version, applied_at) VALUES ($1, $2)', [
        m.version,
        new Date().toISOString(),
      ]);
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    }
    applied.push(m.version);
  }
  return applied;
}
