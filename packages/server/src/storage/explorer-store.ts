/**
 * The Knights opening explorer's counts in either database (through `Sql`): per position up to symmetry,
 * each placement played from it with how many games played it and how many of them its side won; and which
 * finished games are counted already. A game is counted in one transaction that first claims it in
 * `knights_explorer_games` (its primary key decides, so two processes never count a game twice).
 */
import type { Sql } from './sql.js';

export interface ExplorerPlacement {
  readonly position: string;
  readonly placed: string;
  readonly won: boolean;
}

export class ExplorerStore {
  constructor(private readonly sql: Sql) {}

  /** Up to `limit` finished Knights games not counted yet (oldest first). */
  async uncounted(limit: number): Promise<string[]> {
    const rows = await this.sql.all<{ id: string }>(
      `SELECT t.id FROM tables t
       WHERE t.game = 'knights' AND t.status = 'finished'
         AND NOT EXISTS (SELECT 1 FROM knights_explorer_games g WHERE g.table_id = t.id)
       ORDER BY t.finished_at, t.id LIMIT ?`,
      [limit],
    );
    return rows.map((r) => r.id);
  }

  /** Counts a game's placements once: false when it was counted already (nothing changes then). */
  async count(tableId: string, placements: readonly ExplorerPlacement[], at: number): Promise<boolean> {
    return this.sql.tx(async (sql) => {
      const claimed = await sql.run(
        `INSERT INTO knights_explorer_games (table_id, placements, indexed_at) VALUES (?, ?, ?)
         ON CONFLICT (table_id) DO NOTHING`,
        [tableId, placements.length, at],
      );
      if (claimed === 0) return false;
      for (const p of placements) {
        await sql.run(
          `INSERT INTO knights_explorer_counts (position, placed, games, wins) VALUES (?, ?, 1, ?)
           ON CONFLICT (position, placed) DO UPDATE SET games = knights_explorer_counts.games + 1,
             wins = knights_explorer_counts.wins + excluded.wins`,
          [p.position, p.placed, p.won ? 1 : 0],
        );
      }
      return true;
    });
  }

  /** The placements played from a position (its key), each with its games and wins. */
  async counts(position: string): Promise<Map<string, { games: number; wins: number }>> {
    const rows = await this.sql.all<{ placed: string; games: number | string; wins: number | string }>(
      'SELECT placed, games, wins FROM knights_explorer_counts WHERE position = ?',
      [position],
    );
    return new Map(rows.map((r) => [r.placed, { games: Number(r.games), wins: Number(r.wins) }]));
  }
}
