/**
 * Events' storage, in either database (through `Sql`, like ladder-store.ts): the event, its entries (the
 * primary key (event, player) makes "once per event" the database's rule, so two joins at once cannot both
 * land), and every pairing it made. A pairing's row is written in the same transaction as its table
 * (`NewTable.write`), so after a crash or a restart each row has its table and each event table its row:
 * the director reads what it made, never guesses.
 *
 * Every write to an event (an entry, a withdrawal, a pairing, a result, its round or status) also counts
 * one more in the event's `changes`, after the row it changed (or in the same statement or transaction):
 * so a view built from rows read after reading `changes` is at least as new as that count, and any
 * process that cached an event's view under an older count sees it is stale (event-view-cache.ts).
 */
import type { ClockSettings } from '@attila/protocol';
import type { EventFormat, EventStatus } from '@attila/protocol/events';
import type { Sql } from '../storage/sql.js';

/** What an event is, as created (stored as JSON: it never changes after creation). */
export interface EventBody {
  readonly name: string;
  readonly format: EventFormat;
  readonly game: 'knights' | 'tribes';
  readonly startsAt: number;
  readonly endsAt: number | null;
  readonly rounds: number | null;
  /**
   * Correspondence Swiss and Tribes: the days each round stays open (round-deadline.ts); null (or absent,
   * in events made before it existed): a round lasts until its last game ends.
   */
  readonly roundDays?: number | null;
  readonly clock: ClockSettings;
  readonly rated: boolean;
  readonly private: boolean;
  readonly minRating: number | null;
  readonly maxRating: number | null;
  readonly tableSize: number;
  readonly minTable: number;
  readonly bots: boolean;
  /** Seeds the coin tosses and the games: a finished event can be replayed from its rows. */
  readonly seed: string;
  /** The schedule entry that made it, if the server did. */
  readonly schedule: string | null;
}

export interface StoredEvent {
  readonly id: string;
  readonly body: EventBody;
  readonly status: EventStatus;
  readonly createdBy: string | null;
  readonly code: string | null;
  /** The round under way (Swiss, Tribes); 0 before the start. */
  readonly round: number;
  readonly createdAt: number;
  readonly finishedAt: number | null;
  /** How many times the event, its entries or its games were written: its views' version. */
  readonly changes: number;
}

export interface StoredEntry {
  readonly playerId: string;
  readonly name: string;
  readonly rating: number;
  readonly joinedAt: number;
  readonly fromRound: number;
  readonly withdrawnAt: number | null;
}

export interface StoredEventGame {
  readonly ordinal: number;
  readonly round: number;
  /** Null: a bye. */
  readonly tableId: string | null;
  /** Seat order; null: a bot. */
  readonly players: readonly (string | null)[];
  /** Each seat's place once over (0 best); null while played, for a bye, or without a result. */
  readonly places: readonly number[] | null;
  readonly over: boolean;
  readonly createdAt: number;
}

interface EventRow {
  id: string;
  body: string;
  status: string;
  created_by: string | null;
  code: string | null;
  round: number | string;
  created_at: number | string;
  finished_at: number | string | null;
  changes: number | string;
}

const eventFrom = (r: EventRow): StoredEvent => ({
  id: r.id,
  body: JSON.parse(r.body) as EventBody,
  status: r.status as EventStatus,
  createdBy: r.created_by,
  code: r.code,
  round: Number(r.round),
  createdAt: Number(r.created_at),
  finishedAt: r.finished_at === null ? null : Number(r.finished_at),
  changes: Number(r.changes),
});

interface GameRow {
  ordinal: number | string;
  round: number | string;
  table_id: string | null;
  players: string;
  places: string | null;
  over: number | string;
  created_at: number | string;
}

const gameFrom = (r: GameRow): StoredEventGame => ({
  ordinal: Number(r.ordinal),
  round: Number(r.round),
  tableId: r.table_id,
  players: JSON.parse(r.players) as (string | null)[],
  places: r.places === null ? null : (JSON.parse(r.places) as number[]),
  over: Number(r.over) === 1,
  createdAt: Number(r.created_at),
});

export class EventStore {
  constructor(readonly sql: Sql) {}

  /** False when the id is taken (a scheduled event made already, by this process or another). */
  async create(e: StoredEvent): Promise<boolean> {
    const changed = await this.sql.run(
      `INSERT INTO events (id, body, status, starts_at, created_by, code, round, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
      [e.id, JSON.stringify(e.body), e.status, e.body.startsAt, e.createdBy, e.code, e.round, e.createdAt],
    );
    return changed === 1;
  }

  async get(id: string): Promise<StoredEvent | null> {
    const rows = await this.sql.all<EventRow>('SELECT * FROM events WHERE id = ?', [id]);
    return rows.length ? eventFrom(rows[0]) : null;
  }

  /** Events not finished, and those finished since `since`, soonest first. */
  async listed(since: number): Promise<StoredEvent[]> {
    const rows = await this.sql.all<EventRow>(
      `SELECT * FROM events WHERE status <> 'finished' OR finished_at >= ? ORDER BY starts_at, id`,
      [since],
    );
    return rows.map(eventFrom);
  }

  async unfinished(): Promise<StoredEvent[]> {
    const rows = await this.sql.all<EventRow>(
      `SELECT * FROM events WHERE status <> 'finished' ORDER BY starts_at, id`,
    );
    return rows.map(eventFrom);
  }

  /** Moves the event on, if it is still where the caller saw it (false: another writer moved it). */
  async advance(
    id: string,
    from: { status: EventStatus; round: number },
    to: { status: EventStatus; round: number; finishedAt?: number },
    sql: Sql = this.sql,
  ): Promise<boolean> {
    const changed = await sql.run(
      `UPDATE events SET status = ?, round = ?, finished_at = ?, changes = changes + 1
       WHERE id = ? AND status = ? AND round = ?`,
      [to.status, to.round, to.finishedAt ?? null, id, from.status, from.round],
    );
    return changed === 1;
  }

  async entries(eventId: string): Promise<StoredEntry[]> {
    const rows = await this.sql.all<{
      player_id: string;
      name: string;
      rating: number | string;
      joined_at: number | string;
      from_round: number | string;
      withdrawn_at: number | string | null;
    }>('SELECT * FROM event_entries WHERE event_id = ? ORDER BY joined_at, player_id', [eventId]);
    return rows.map((r) => ({
      playerId: r.player_id,
      name: r.name,
      rating: Number(r.rating),
      joinedAt: Number(r.joined_at),
      fromRound: Number(r.from_round),
      withdrawnAt: r.withdrawn_at === null ? null : Number(r.withdrawn_at),
    }));
  }

  async entryCounts(): Promise<Map<string, number>> {
    const rows = await this.sql.all<{ event_id: string; n: number | string }>(
      'SELECT event_id, COUNT(*) AS n FROM event_entries WHERE withdrawn_at IS NULL GROUP BY event_id',
    );
    return new Map(rows.map((r) => [r.event_id, Number(r.n)]));
  }

  /** The events a player entered (to list private ones to them). */
  async eventsOf(playerId: string): Promise<Set<string>> {
    const rows = await this.sql.all<{ event_id: string }>(
      'SELECT event_id FROM event_entries WHERE player_id = ?',
      [playerId],
    );
    return new Set(rows.map((r) => r.event_id));
  }

  /** The events a player entered, the latest start first (their profile's list). */
  async enteredBy(playerId: string, limit: number): Promise<StoredEvent[]> {
    const rows = await this.sql.all<EventRow>(
      `SELECT e.* FROM events e JOIN event_entries x ON x.event_id = e.id
       WHERE x.player_id = ? ORDER BY e.starts_at DESC, e.id LIMIT ?`,
      [playerId, limit],
    );
    return rows.map(eventFrom);
  }

  /** Adds the entry; throws `UniqueViolation` when the player is in already. */
  async join(eventId: string, e: StoredEntry): Promise<void> {
    await this.sql.run(
      `INSERT INTO event_entries (event_id, player_id, name, rating, joined_at, from_round)
       VALUES (?, ?, ?, ?, ?, ?)`,
      [eventId, e.playerId, e.name, e.rating, e.joinedAt, e.fromRound],
    );
    // Not one transaction with the insert: a refused insert (the key) must stay a single statement
    // (sql.ts). Counted after it, so no reader caches the old entries under the new count.
    await this.changed(eventId);
  }

  /** Withdraws the entry once (false: not in, or withdrawn already). */
  async withdraw(eventId: string, playerId: string, at: number, sql: Sql = this.sql): Promise<boolean> {
    const changed = await sql.run(
      'UPDATE event_entries SET withdrawn_at = ? WHERE event_id = ? AND player_id = ? AND withdrawn_at IS NULL',
      [at, eventId, playerId],
    );
    if (changed === 1) await this.changed(eventId, sql);
    return changed === 1;
  }

  async games(eventId: string): Promise<StoredEventGame[]> {
    const rows = await this.sql.all<GameRow>(
      'SELECT * FROM event_games WHERE event_id = ? ORDER BY ordinal',
      [eventId],
    );
    return rows.map(gameFrom);
  }

  async addGame(eventId: string, g: StoredEventGame, sql: Sql = this.sql): Promise<void> {
    await sql.run(
      `INSERT INTO event_games (event_id, ordinal, round, table_id, players, places, over, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        eventId,
        g.ordinal,
        g.round,
        g.tableId,
        JSON.stringify(g.players),
        g.places === null ? null : JSON.stringify(g.places),
        g.over ? 1 : 0,
        g.createdAt,
      ],
    );
    await this.changed(eventId, sql);
  }

  /** Records a game's end once (false: recorded already). */
  async finishGame(
    eventId: string,
    ordinal: number,
    places: readonly number[] | null,
    sql: Sql = this.sql,
  ): Promise<boolean> {
    const changed = await sql.run(
      'UPDATE event_games SET over = 1, places = ? WHERE event_id = ? AND ordinal = ? AND over = 0',
      [places === null ? null : JSON.stringify(places), eventId, ordinal],
    );
    if (changed === 1) await this.changed(eventId, sql);
    return changed === 1;
  }

  /** Counts one more change of the event (see the top of this file: always after the rows changed). */
  private async changed(eventId: string, sql: Sql = this.sql): Promise<void> {
    await sql.run('UPDATE events SET changes = changes + 1 WHERE id = ?', [eventId]);
  }
}
