/**
 * Bot accounts and their API tokens, in either database (through `Sql`, like accounts.ts). A bot account is
 * an account (`players`) with `bot_since` set, for good. Its tokens are kept as SHA-256 only (the token itself
 * is shown once, when made); a revoked token keeps its row (listed as revoked) but never authenticates again.
 */
import type { Sql } from '../storage/sql.js';

export type TokenScope = 'play' | 'read';
export const TOKEN_SCOPES: readonly TokenScope[] = ['play', 'read'];

export interface StoredBotToken {
  readonly id: string;
  readonly playerId: string;
  readonly label: string;
  readonly scopes: readonly TokenScope[];
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
  readonly revokedAt: number | null;
}

interface TokenRow {
  id: string;
  player_id: string;
  label: string;
  scopes: string;
  created_at: number | string;
  last_used_at: number | string | null;
  revoked_at: number | string | null;
}

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

function tokenFrom(r: TokenRow): StoredBotToken {
  return {
    id: r.id,
    playerId: r.player_id,
    label: r.label,
    scopes: r.scopes.split(',').filter((s): s is TokenScope => s === 'play' || s === 'read'),
    createdAt: Number(r.created_at),
    lastUsedAt: num(r.last_used_at),
    revokedAt: num(r.revoked_at),
  };
}

export class BotStore {
  constructor(private readonly sql: Sql) {}

  /** When the player became a bot account, or null (a person, a guest, unknown). */
  async botSince(playerId: string): Promise<number | null> {
    const rows = await this.sql.all<{ bot_since: number | string | null }>(
      'SELECT bot_since FROM players WHERE id = ?',
      [playerId],
    );
    return rows.length ? num(rows[0].bot_since) : null;
  }

  /** Seats the player held at games that started (finished or not). */
  async gamesPlayed(playerId: string): Promise<number> {
    const rows = await this.sql.all<{ n: number | string }>(
      `SELECT COUNT(*) AS n FROM seats s JOIN tables t ON t.id = s.table_id
       WHERE s.player_id = ? AND t.started_at IS NOT NULL`,
      [playerId],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** The account becomes a bot account (one statement: only an account, only once). */
  async makeBot(playerId: string, at: number): Promise<boolean> {
    const changed = await this.sql.run(
      `UPDATE players SET bot_since = ?
       WHERE id = ? AND name_key IS NOT NULL AND deleted_at IS NULL AND bot_since IS NULL`,
      [at, playerId],
    );
    return changed === 1;
  }

  async createToken(t: StoredBotToken & { readonly tokenHash: string }): Promise<void> {
    await this.sql.run(
      `INSERT INTO bot_tokens (id, player_id, token_hash, label, scopes, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
      [t.id, t.playerId, t.tokenHash, t.label, t.scopes.join(','), t.createdAt],
    );
  }

  async tokensOf(playerId: string): Promise<StoredBotToken[]> {
    const rows = await this.sql.all<TokenRow>(
      'SELECT * FROM bot_tokens WHERE player_id = ? ORDER BY created_at, id',
      [playerId],
    );
    return rows.map(tokenFrom);
  }

  /** The token with this hash, revoked or not (the caller tells the two apart). */
  async tokenByHash(tokenHash: string): Promise<StoredBotToken | null> {
    const rows = await this.sql.all<TokenRow>('SELECT * FROM bot_tokens WHERE token_hash = ?', [tokenHash]);
    return rows.length ? tokenFrom(rows[0]) : null;
  }

  async touchToken(id: string, at: number): Promise<void> {
    await this.sql.run('UPDATE bot_tokens SET last_used_at = ? WHERE id = ?', [at, id]);
  }

  /** False when the token is not the player's, or was revoked already. */
  async revokeToken(playerId: string, id: string, at: number): Promise<boolean> {
    const changed = await this.sql.run(
      'UPDATE bot_tokens SET revoked_at = ? WHERE id = ? AND player_id = ? AND revoked_at IS NULL',
      [at, id, playerId],
    );
    return changed === 1;
  }

  /** The seats the player holds at one table. */
  async seatsAt(tableId: string, playerId: string): Promise<number[]> {
    const rows = await this.sql.all<{ seat: number | string }>(
      'SELECT seat FROM seats WHERE table_id = ? AND player_id = ? ORDER BY seat',
      [tableId, playerId],
    );
    return rows.map((r) => Number(r.seat));
  }

  /** Tables (not finished) where the player holds a seat, with its seats there. */
  async unfinishedSeatsOf(playerId: string): Promise<Map<string, number[]>> {
    const rows = await this.sql.all<{ table_id: string; seat: number | string }>(
      `SELECT s.table_id, s.seat FROM seats s JOIN tables t ON t.id = s.table_id
       WHERE s.player_id = ? AND t.status <> 'finished' ORDER BY s.table_id, s.seat`,
      [playerId],
    );
    const out = new Map<string, number[]>();
    for (const r of rows) out.set(r.table_id, [...(out.get(r.table_id) ?? []), Number(r.seat)]);
    return out;
  }
}
