/**
 * The players' side of the community in either database (through `Sql`, migration 17): whom a player
 * follows and blocks, the tables whose chat they muted, the games they left or timed out of (the leaver
 * rule, community/leavers.ts), and the address each seat was taken from (hashed: moderators compare
 * seats, they never read an address).
 */
import type { GameResult } from '@attila/protocol';
import type { Sql } from './sql.js';

export interface NamedPlayer {
  readonly id: string;
  readonly name: string;
}

export interface PlayerGameRow {
  readonly table: string;
  readonly game: string;
  readonly status: 'playing' | 'finished';
  readonly rated: boolean;
  readonly seat: number;
  readonly result: GameResult | null;
  readonly finishedAt: string | null;
}

export type DepartureKind = 'left' | 'timeout';

const json = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);
const flag = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 't';

export class CommunityStore {
  constructor(readonly sql: Sql) {}

  /** True when the row is new (following twice changes nothing). */
  async follow(followerId: string, followedId: string, at: number): Promise<boolean> {
    return (
      (await this.sql.run(
        'INSERT INTO follows (follower_id, followed_id, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
        [followerId, followedId, at],
      )) > 0
    );
  }

  async unfollow(followerId: string, followedId: string): Promise<boolean> {
    return (
      (await this.sql.run('DELETE FROM follows WHERE follower_id = ? AND followed_id = ?', [
        followerId,
        followedId,
      ])) > 0
    );
  }

  /** The accounts `followerId` follows (deleted ones left out), by name. */
  async following(followerId: string): Promise<NamedPlayer[]> {
    return this.sql.all<NamedPlayer>(
      `SELECT p.id AS id, p.display_name AS name FROM follows f JOIN players p ON p.id = f.followed_id
        WHERE f.follower_id = ? AND p.deleted_at IS NULL ORDER BY p.display_name`,
      [followerId],
    );
  }

  async block(blockerId: string, blockedId: string, at: number): Promise<boolean> {
    return (
      (await this.sql.run(
        'INSERT INTO blocks (blocker_id, blocked_id, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
        [blockerId, blockedId, at],
      )) > 0
    );
  }

  async unblock(blockerId: string, blockedId: string): Promise<boolean> {
    return (
      (await this.sql.run('DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?', [
        blockerId,
        blockedId,
      ])) > 0
    );
  }

  async blocked(blockerId: string): Promise<NamedPlayer[]> {
    return this.sql.all<NamedPlayer>(
      `SELECT p.id AS id, p.display_name AS name FROM blocks b JOIN players p ON p.id = b.blocked_id
        WHERE b.blocker_id = ? ORDER BY p.display_name`,
      [blockerId],
    );
  }

  /** The ids `blockerId` blocked (their chat lines are not sent to the blocker). */
  async blockedIds(blockerId: string): Promise<Set<string>> {
    const rows = await this.sql.all<{ id: string }>(
      'SELECT blocked_id AS id FROM blocks WHERE blocker_id = ?',
      [blockerId],
    );
    return new Set(rows.map((r) => r.id));
  }

  /** Whether either of the two blocked the other: they are then never put together (challenges, pools). */
  async eitherBlocked(a: string, b: string, sql: Sql = this.sql): Promise<boolean> {
    const rows = await sql.all<{ n: number }>(
      `SELECT 1 AS n FROM blocks WHERE (blocker_id = ? AND blocked_id = ?) OR (blocker_id = ? AND blocked_id = ?)`,
      [a, b, b, a],
    );
    return rows.length > 0;
  }

  /** The blocks among these players, each as "blocker blocked" pairs (a pool's pairing keeps them apart). */
  async blocksAmong(ids: readonly string[], sql: Sql = this.sql): Promise<[string, string][]> {
    if (ids.length < 2) return [];
    const marks = ids.map(() => '?').join(', ');
    const rows = await sql.all<{ a: string; b: string }>(
      `SELECT blocker_id AS a, blocked_id AS b FROM blocks WHERE blocker_id IN (${marks}) AND blocked_id IN (${marks})`,
      [...ids, ...ids],
    );
    return rows.map((r) => [r.a, r.b]);
  }

  async setChatMute(playerId: string, tableId: string, muted: boolean, at: number): Promise<void> {
    if (muted)
      await this.sql.run(
        'INSERT INTO chat_mutes (player_id, table_id, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
        [playerId, tableId, at],
      );
    else
      await this.sql.run('DELETE FROM chat_mutes WHERE player_id = ? AND table_id = ?', [playerId, tableId]);
  }

  async chatMuted(playerId: string, tableId: string): Promise<boolean> {
    const rows = await this.sql.all('SELECT 1 AS n FROM chat_mutes WHERE player_id = ? AND table_id = ?', [
      playerId,
      tableId,
    ]);
    return rows.length > 0;
  }

  /** The newest 50 tables whose chat the player muted. */
  async mutedTables(playerId: string): Promise<string[]> {
    const rows = await this.sql.all<{ t: string }>(
      'SELECT table_id AS t FROM chat_mutes WHERE player_id = ? ORDER BY at DESC LIMIT 50',
      [playerId],
    );
    return rows.map((r) => r.t);
  }

  /** The player's games being played and the latest finished ones (newest first), `limit` of each at most. */
  async gamesOf(playerId: string, limit: number): Promise<PlayerGameRow[]> {
    const rows = await this.sql.all<{
      id: string;
      game: string;
      status: string;
      rated: unknown;
      seat: number;
      result: unknown;
      finished_at: string | null;
    }>(
      `SELECT * FROM (SELECT t.id, t.game, t.status, t.rated, s.seat, t.result, t.finished_at FROM seats s
          JOIN tables t ON t.id = s.table_id
         WHERE s.player_id = ? AND t.status = 'playing' ORDER BY t.started_at DESC LIMIT ?) AS playing
       UNION ALL
       SELECT * FROM (SELECT t.id, t.game, t.status, t.rated, s.seat, t.result, t.finished_at FROM seats s
          JOIN tables t ON t.id = s.table_id
         WHERE s.player_id = ? AND t.status = 'finished' AND t.started_at IS NOT NULL
         ORDER BY t.finished_at DESC LIMIT ?) AS finished`,
      [playerId, limit, playerId, limit],
    );
    return rows.map((r) => ({
      table: r.id,
      game: r.game,
      status: r.status === 'playing' ? 'playing' : 'finished',
      rated: flag(r.rated),
      seat: Number(r.seat),
      result: (json(r.result) as GameResult | null) ?? null,
      finishedAt: r.finished_at,
    }));
  }

  /** A game left during play or lost on time; once per player and table. True when it is new. */
  async addDeparture(playerId: string, tableId: string, kind: DepartureKind, rated: boolean, at: number) {
    return (
      (await this.sql.run(
        `INSERT INTO departures (player_id, table_id, kind, rated, at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT DO NOTHING`,
        [playerId, tableId, kind, rated ? 1 : 0, at],
      )) > 0
    );
  }

  /** The player's departures from rated games since `since`, oldest first (their times). */
  async ratedDeparturesSince(playerId: string, since: number): Promise<number[]> {
    const rows = await this.sql.all<{ at: number | string; rated: unknown }>(
      'SELECT at, rated FROM departures WHERE player_id = ? AND at >= ? ORDER BY at',
      [playerId, since],
    );
    return rows.filter((r) => flag(r.rated)).map((r) => Number(r.at));
  }

  async departureCounts(playerId: string): Promise<{ left: number; timeout: number }> {
    const rows = await this.sql.all<{ kind: string; n: number | string }>(
      'SELECT kind, COUNT(*) AS n FROM departures WHERE player_id = ? GROUP BY kind',
      [playerId],
    );
    const n = (k: string) => Number(rows.find((r) => r.kind === k)?.n ?? 0);
    return { left: n('left'), timeout: n('timeout') };
  }

  /** The hashed address a seat was taken from (the first taking counts; a rejoin keeps it). */
  async seatAddress(tableId: string, seat: number, playerId: string, addressHash: string): Promise<void> {
    await this.sql.run(
      `INSERT INTO seat_addresses (table_id, seat, player_id, address_hash) VALUES (?, ?, ?, ?)
       ON CONFLICT DO NOTHING`,
      [tableId, seat, playerId, addressHash],
    );
  }

  /** Rated tables where another player's seat was taken from the same address as this player's. */
  async sameAddressRated(playerId: string, limit = 50): Promise<{ table: string; with: string }[]> {
    return this.sql.all<{ table: string; with: string }>(
      `SELECT a.table_id AS "table", p.display_name AS "with" FROM seat_addresses a
         JOIN seat_addresses b ON b.table_id = a.table_id AND b.seat <> a.seat AND b.address_hash = a.address_hash
         JOIN tables t ON t.id = a.table_id
         JOIN players p ON p.id = b.player_id
        WHERE a.player_id = ? AND b.player_id <> a.player_id AND t.rated = TRUE
        ORDER BY a.table_id LIMIT ?`,
      [playerId, limit],
    );
  }

  async gamesPlayed(playerId: string): Promise<number> {
    const rows = await this.sql.all<{ n: number | string }>(
      `SELECT COUNT(*) AS n FROM seats s JOIN tables t ON t.id = s.table_id
        WHERE s.player_id = ? AND t.started_at IS NOT NULL`,
      [playerId],
    );
    return Number(rows[0]?.n ?? 0);
  }
}
