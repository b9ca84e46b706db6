/** Accounts' passkeys (WebAuthn credentials): the public key, its signature counter, its transports. */
import type { Sql } from './sql.js';

export interface StoredPasskey {
  /** The credential id (base64url), as the authenticator gives it. */
  readonly id: string;
  readonly playerId: string;
  /** The COSE public key, base64url. */
  readonly publicKey: string;
  readonly counter: number;
  readonly transports: readonly string[];
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
}

interface PasskeyRow {
  id: string;
  player_id: string;
  public_key: string;
  counter: number | string;
  transports: string;
  created_at: number | string;
  last_used_at: number | string | null;
}

function passkeyFrom(r: PasskeyRow): StoredPasskey {
  return {
    id: r.id,
    playerId: r.player_id,
    publicKey: r.public_key,
    counter: Number(r.counter),
    transports: JSON.parse(r.transports) as string[],
    createdAt: Number(r.created_at),
    lastUsedAt: r.last_used_at === null ? null : Number(r.last_used_at),
  };
}

export class PasskeyStore {
  constructor(private readonly sql: Sql) {}

  async add(p: StoredPasskey): Promise<void> {
    await this.sql.run(
      `INSERT INTO passkeys (id, player_id, public_key, counter, transports, created_at, last_used_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [p.id, p.playerId, p.publicKey, p.counter, JSON.stringify(p.transports), p.createdAt, p.lastUsedAt],
    );
  }

  async byId(id: string): Promise<StoredPasskey | null> {
    const rows = await this.sql.all<PasskeyRow>('SELECT * FROM passkeys WHERE id = ?', [id]);
    return rows.length ? passkeyFrom(rows[0]) : null;
  }

  async of(playerId: string): Promise<StoredPasskey[]> {
    const rows = await this.sql.all<PasskeyRow>(
      'SELECT * FROM passkeys WHERE player_id = ? ORDER BY created_at',
      [playerId],
    );
    return rows.map(passkeyFrom);
  }

  async used(id: string, counter: number, at: number): Promise<void> {
    await this.sql.run('UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ?', [counter, at, id]);
  }

  async remove(playerId: string, id: string): Promise<boolean> {
    return (await this.sql.run('DELETE FROM passkeys WHERE id = ? AND player_id = ?', [id, playerId])) === 1;
  }

  async removeAll(playerId: string): Promise<void> {
    await this.sql.run('DELETE FROM passkeys WHERE player_id = ?', [playerId]);
  }
}
