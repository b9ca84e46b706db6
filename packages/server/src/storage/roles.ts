/**
 * Accounts' roles (`attila admin grant|revoke NAME ROLE`): one row per account and role it holds, in a table
 * of their own (migration 15) so the accounts' rows stay as they were. Only `moderator` exists; what it may do
 * is for the moderation tools to come.
 */
import { err, ok, type Result } from '@attila/core';
import { nameKey } from '../identity/player-names.js';
import type { Sql } from './sql.js';

export const ROLES = ['moderator'] as const;
export type Role = (typeof ROLES)[number];

export function parseRole(text: string): Result<Role> {
  const role = ROLES.find((r) => r === text);
  return role ? ok(role) : err('role.unknown', `"${text}" is not a role: the roles are ${ROLES.join(', ')}`);
}

export class RoleStore {
  constructor(private readonly sql: Sql) {}

  /** The account (not a guest, not deleted) of this name, any case; else `account.not-found`. */
  private async account(name: string): Promise<Result<{ id: string; name: string }>> {
    const rows = await this.sql.all<{ id: string; display_name: string }>(
      'SELECT id, display_name FROM players WHERE name_key = ? AND deleted_at IS NULL',
      [nameKey(name)],
    );
    const row = rows[0];
    if (!row) return err('account.not-found', `there is no account named "${name}"`);
    return ok({ id: row.id, name: row.display_name });
  }

  /** Gives `role` to the account named `name`; true when it did not hold it already. */
  async grant(name: string, role: Role, at: number): Promise<Result<{ name: string; changed: boolean }>> {
    const account = await this.account(name);
    if (!account.ok) return account;
    const changed = await this.sql.run(
      'INSERT INTO account_roles (player_id, role, granted_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
      [account.value.id, role, at],
    );
    return ok({ name: account.value.name, changed: changed > 0 });
  }

  /** Takes `role` from the account named `name`; true when it held it. */
  async revoke(name: string, role: Role): Promise<Result<{ name: string; changed: boolean }>> {
    const account = await this.account(name);
    if (!account.ok) return account;
    const changed = await this.sql.run('DELETE FROM account_roles WHERE player_id = ? AND role = ?', [
      account.value.id,
      role,
    ]);
    return ok({ name: account.value.name, changed: changed > 0 });
  }

  /** The roles an account holds (by its id), in the order of `ROLES`. */
  async rolesOf(playerId: string): Promise<Role[]> {
    const rows = await this.sql.all<{ role: string }>('SELECT role FROM account_roles WHERE player_id = ?', [
      playerId,
    ]);
    return ROLES.filter((r) => rows.some((row) => row.role === r));
  }
}
