/** A bot API request's table and the caller's seats at it: the one check every game route makes first. */
import { err, ok, type Result } from '@attila/core';
import { tableIdSchema } from '@attila/protocol';
import type { Lobby } from '../lobby.js';
import type { Table } from '../table.js';
import type { BotCaller } from './bearer.js';
import type { BotStore } from './bot-store.js';

export async function seatedAt(
  lobby: Lobby,
  bots: BotStore,
  raw: string,
  who: BotCaller,
): Promise<Result<{ table: Table; seats: number[] }>> {
  const id = tableIdSchema.safeParse(raw);
  const table = id.success ? await lobby.open(id.data) : null;
  if (!table) return err('table.not-found', `there is no table "${raw}"`);
  await table.sync();
  const seats = await bots.seatsAt(table.id, who.player.id);
  if (seats.length === 0) {
    return err('bot.not-seated', `${who.player.displayName} holds no seat at table ${table.id}`);
  }
  return ok({ table, seats });
}
