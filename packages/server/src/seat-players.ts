/**
 * Who sits at a seat, as the seat rules and the seat marks need it: an account, a guest or a bot account
 * (`players.bot_since`), read once where a player sits down. Rated play is for people: a guest has no
 * account to rate, and a bot account plays rated games only on its ladder (ladder/), never at people's
 * rated tables, pools or challenges (the server README, "Rated games").
 */
import { err, ok, type Result } from '@attila/core';
import type { StoredPlayer } from './storage/accounts.js';
import type { Sql } from './storage/sql.js';
import type { SeatPlayer } from './storage/types.js';

/** Each player's kind, for the ids given (unknown ids are left out). */
export async function seatPlayersOf(sql: Sql, ids: readonly string[]): Promise<Map<string, SeatPlayer>> {
  const out = new Map<string, SeatPlayer>();
  for (const id of new Set(ids)) {
    const rows = await sql.all<{ name_key: string | null; bot_since: unknown }>(
      'SELECT name_key, bot_since FROM players WHERE id = ?',
      [id],
    );
    if (!rows.length) continue;
    const { name_key, bot_since } = rows[0];
    const kind = bot_since !== null ? 'bot-account' : name_key !== null ? 'account' : 'guest';
    out.set(id, { id, kind });
  }
  return out;
}

/** The seat player a signed-in request (or a bot's bearer token) sits as; null for a client without one. */
export async function seatPlayerOf(sql: Sql, player: StoredPlayer | null): Promise<SeatPlayer | null> {
  if (!player) return null;
  return (await seatPlayersOf(sql, [player.id])).get(player.id) ?? { id: player.id, kind: 'guest' };
}

/** Why this player may not take a seat at a rated table, pool or challenge (ok: a person's account). */
export function mayPlayRated(player: SeatPlayer | null): Result<void> {
  if (!player)
    return err(
      'rated.account-needed',
      'a rated table is for accounts only: sign in to your account (no session was sent) or play a casual table',
    );
  if (player.kind === 'guest')
    return err(
      'rated.account-needed',
      'a rated table is for accounts only: you play as a guest; claim an account (a name and a password) or play a casual table',
    );
  if (player.kind === 'bot-account')
    return err(
      'rated.bot-account',
      'rated games are for people: a bot account plays casual tables, or rated games on the bot ladder',
    );
  return ok(undefined);
}
