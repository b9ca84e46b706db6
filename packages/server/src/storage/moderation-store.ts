/**
 * Reports and moderators' actions in either database (through `Sql`, migration 17). Every action is a row
 * (who, whom, what, why, until when): the log moderators read and the notices the player sees are the same
 * rows, and a sanction in force (a chat mute, a bar from rated play, a closed account) is read from them.
 * Taking a game out of the ratings (`unrate`) undoes its rating changes and logs the action in one
 * transaction.
 */
import type { ModerationAction, ReportReason, ReportSource } from '@attila/protocol/community';
import type { Sql } from './sql.js';

export interface StoredReport {
  readonly id: string;
  readonly reporterId: string;
  readonly reporter: string;
  readonly reportedId: string;
  readonly reported: string;
  readonly reason: ReportReason;
  readonly note: string;
  readonly source: ReportSource;
  readonly tableId: string | null;
  readonly createdAt: number;
  readonly status: 'open' | 'closed';
}

/** An action as stored: `leaver` is the server's own (the leaver rule), with no moderator. */
export interface StoredAction {
  readonly id: string;
  readonly playerId: string;
  readonly moderator: string | null;
  readonly action: ModerationAction | 'leaver';
  readonly reason: string;
  readonly reportId: string | null;
  readonly tableId: string | null;
  readonly until: number | null;
  readonly createdAt: number;
}

export type NewAction = Omit<StoredAction, 'moderator'> & { readonly moderatorId: string | null };

const REPORT_COLUMNS = `r.id, r.reporter_id, a.display_name AS reporter, r.reported_id, b.display_name AS reported,
  r.reason, r.note, r.source, r.table_id, r.created_at, r.status`;
const REPORT_FROM = `reports r JOIN players a ON a.id = r.reporter_id JOIN players b ON b.id = r.reported_id`;

interface ReportRow {
  id: string;
  reporter_id: string;
  reporter: string;
  reported_id: string;
  reported: string;
  reason: string;
  note: string;
  source: string;
  table_id: string | null;
  created_at: number | string;
  status: string;
}

const reportFrom = (r: ReportRow): StoredReport => ({
  id: r.id,
  reporterId: r.reporter_id,
  reporter: r.reporter,
  reportedId: r.reported_id,
  reported: r.reported,
  reason: r.reason as ReportReason,
  note: r.note,
  source: r.source as ReportSource,
  tableId: r.table_id,
  createdAt: Number(r.created_at),
  status: r.status === 'closed' ? 'closed' : 'open',
});

interface ActionRow {
  id: string;
  player_id: string;
  moderator: string | null;
  action: string;
  reason: string;
  report_id: string | null;
  table_id: string | null;
  until: number | string | null;
  created_at: number | string;
}

const actionFrom = (r: ActionRow): StoredAction => ({
  id: r.id,
  playerId: r.player_id,
  moderator: r.moderator,
  action: r.action as StoredAction['action'],
  reason: r.reason,
  reportId: r.report_id,
  tableId: r.table_id,
  until: r.until === null ? null : Number(r.until),
  createdAt: Number(r.created_at),
});

/**
 * Why signing in to this account is refused (a moderator closed it: who, when and their reason, told only to
 * whoever proved they hold the account), or null when it is open.
 */
export async function closedByModerator(sql: Sql, playerId: string): Promise<string | null> {
  const rows = await sql.all<{ moderator: string | null; reason: string; created_at: number | string }>(
    `SELECT p.display_name AS moderator, m.reason, m.created_at
       FROM moderation_actions m LEFT JOIN players p ON p.id = m.moderator_id
      WHERE m.player_id = ? AND m.action = 'close' ORDER BY m.created_at DESC LIMIT 1`,
    [playerId],
  );
  const row = rows[0];
  if (!row) return null;
  const on = new Date(Number(row.created_at)).toISOString().slice(0, 10);
  return (
    `a moderator (${row.moderator ?? 'the server'}) closed this account on ${on}: "${row.reason}"; ` +
    'it can no longer sign in'
  );
}

export class ModerationStore {
  constructor(readonly sql: Sql) {}

  async addReport(r: Omit<StoredReport, 'reporter' | 'reported' | 'status'>): Promise<void> {
    await this.sql.run(
      `INSERT INTO reports (id, reporter_id, reported_id, reason, note, source, table_id, created_at, status)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open')`,
      [r.id, r.reporterId, r.reportedId, r.reason, r.note, r.source, r.tableId, r.createdAt],
    );
  }

  /** Reports the player filed since `since` (the per-day limit). */
  async reportsFiledSince(reporterId: string, since: number): Promise<number> {
    const rows = await this.sql.all<{ n: number | string }>(
      'SELECT COUNT(*) AS n FROM reports WHERE reporter_id = ? AND created_at >= ?',
      [reporterId, since],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** Whether this reporter has an open report about this player and game already. */
  async openReportExists(reporterId: string, reportedId: string, tableId: string | null): Promise<boolean> {
    const rows = await this.sql.all(
      `SELECT 1 AS n FROM reports WHERE reporter_id = ? AND reported_id = ? AND status = 'open'
         AND ${tableId === null ? 'table_id IS NULL' : 'table_id = ?'}`,
      tableId === null ? [reporterId, reportedId] : [reporterId, reportedId, tableId],
    );
    return rows.length > 0;
  }

  /** The queue: open reports oldest first (or the latest closed ones, newest first), at most `limit`. */
  async reports(status: 'open' | 'closed', limit: number): Promise<StoredReport[]> {
    const rows = await this.sql.all<ReportRow>(
      `SELECT ${REPORT_COLUMNS} FROM ${REPORT_FROM} WHERE r.status = ?
        ORDER BY r.created_at ${status === 'open' ? 'ASC' : 'DESC'}, r.id LIMIT ?`,
      [status, limit],
    );
    return rows.map(reportFrom);
  }

  async report(id: string): Promise<StoredReport | null> {
    const rows = await this.sql.all<ReportRow>(
      `SELECT ${REPORT_COLUMNS} FROM ${REPORT_FROM} WHERE r.id = ?`,
      [id],
    );
    return rows[0] ? reportFrom(rows[0]) : null;
  }

  async reportsAbout(playerId: string): Promise<number> {
    const rows = await this.sql.all<{ n: number | string }>(
      'SELECT COUNT(*) AS n FROM reports WHERE reported_id = ?',
      [playerId],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** Closes an open report; false when it was closed already (another moderator was first). */
  async closeReport(
    id: string,
    by: string | null,
    at: number,
    reason: string,
    sql: Sql = this.sql,
  ): Promise<boolean> {
    return (
      (await sql.run(
        `UPDATE reports SET status = 'closed', closed_by = ?, closed_at = ?, closing_reason = ?
          WHERE id = ? AND status = 'open'`,
        [by, at, reason, id],
      )) === 1
    );
  }

  async addAction(a: NewAction, sql: Sql = this.sql): Promise<void> {
    await sql.run(
      `INSERT INTO moderation_actions (id, player_id, moderator_id, action, reason, report_id, table_id, until, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [a.id, a.playerId, a.moderatorId, a.action, a.reason, a.reportId, a.tableId, a.until, a.createdAt],
    );
  }

  /** Every action about the player, newest first. */
  async actionsAbout(playerId: string, limit = 100): Promise<StoredAction[]> {
    const rows = await this.sql.all<ActionRow>(
      `SELECT m.id, m.player_id, p.display_name AS moderator, m.action, m.reason, m.report_id, m.table_id, m.until,
              m.created_at
         FROM moderation_actions m LEFT JOIN players p ON p.id = m.moderator_id
        WHERE m.player_id = ? ORDER BY m.created_at DESC, m.id LIMIT ?`,
      [playerId, limit],
    );
    return rows.map(actionFrom);
  }

  /** The latest end of the player's actions of these kinds still in force at `now` (null: none). */
  async inForceUntil(playerId: string, actions: readonly string[], now: number): Promise<number | null> {
    const marks = actions.map(() => '?').join(', ');
    const rows = await this.sql.all<{ u: number | string | null }>(
      `SELECT MAX(until) AS u FROM moderation_actions WHERE player_id = ? AND action IN (${marks}) AND until > ?`,
      [playerId, ...actions, now],
    );
    const u = rows[0]?.u;
    return u === null || u === undefined ? null : Number(u);
  }

  /**
   * Takes a finished rated game out of the ratings, with the action that says so, in one transaction: each
   * seat's rating loses what this game changed (later games' changes stay as they were computed), its
   * games count drops by one, its history forgets the game, and the table is no longer rated. False (and
   * nothing written) when the table is not a rated game.
   */
  async unrate(tableId: string, action: NewAction): Promise<boolean> {
    return this.sql.tx(async (sql) => {
      const table = await sql.all('SELECT 1 AS n FROM tables WHERE id = ? AND rated = TRUE', [tableId]);
      if (table.length === 0) return false;
      const changes = await sql.all<{
        player_id: string;
        game: string;
        speed: string;
        rating_before: number;
        rating_after: number;
      }>(
        'SELECT player_id, game, speed, rating_before, rating_after FROM rating_history WHERE table_id = ?',
        [tableId],
      );
      for (const c of changes) {
        await sql.run(
          `UPDATE ratings SET rating = rating - ?, games = CASE WHEN games > 0 THEN games - 1 ELSE 0 END
            WHERE player_id = ? AND game = ? AND speed = ?`,
          [Number(c.rating_after) - Number(c.rating_before), c.player_id, c.game, c.speed],
        );
      }
      await sql.run('DELETE FROM rating_history WHERE table_id = ?', [tableId]);
      await sql.run('UPDATE tables SET rated = FALSE WHERE id = ?', [tableId]);
      await this.addAction(action, sql);
      if (action.reportId !== null)
        await this.closeReport(action.reportId, action.moderatorId, action.createdAt, action.reason, sql);
      return true;
    });
  }
}
