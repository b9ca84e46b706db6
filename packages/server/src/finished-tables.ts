/**
 * The list of finished games (`GET /api/tables?status=finished`): how a player finds a game again for its
 * replay. Read straight from storage — a finished game is never loaded into memory (nor replayed) to be
 * listed — listed games only, the most recently finished first, at most `FINISHED_LIST_LIMIT`.
 */
import type { TableInfo, TableStatus } from '@attila/protocol';
import { err, ok, type Result } from '@attila/core';
import type { Storage } from './storage/types.js';
import { tableInfo } from './wire.js';

/** How many finished games the list shows: enough to find today's games, bounded for the database. */
export const FINISHED_LIST_LIMIT = 50;

export async function finishedTables(storage: Storage, limit = FINISHED_LIST_LIMIT): Promise<TableInfo[]> {
  const rows = await storage.finishedTables(limit);
  // Nobody holds a seat at a game that is over: no sockets are counted.
  return rows.map(({ table, moves }) =>
    tableInfo(
      table,
      moves,
      table.seats.map(() => 0),
    ),
  );
}

/** Which tables `GET /api/tables` lists: `?status=` absent (open and playing ones) or `finished`. */
export function parseListStatus(raw: unknown): Result<'current' | Extract<TableStatus, 'finished'>> {
  if (raw === undefined) return ok('current');
  if (raw === 'finished') return ok('finished');
  return err(
    'request.invalid',
    `status ${JSON.stringify(raw)} cannot be listed: leave it out (open and playing tables) or give "finished"`,
  );
}
