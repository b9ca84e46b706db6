/**
 * The query of a lobby-list page (`GET /api/tables?cursor=&limit=`), parsed once at the edge: a limit of
 * 1 to 200 and a cursor the server itself made (open-tables.ts `cursorOf`); anything else is refused.
 */
import { err, ok, type Result } from '@attila/core';
import { describeZodError, listTablesQuerySchema } from '@attila/protocol';
import { parseCursor, type ListPlace } from './open-tables.js';
import { LIST_LIMIT } from './lobby.js';

export interface ListPageQuery {
  readonly limit: number;
  readonly after: ListPlace | null;
}

export function parseListPage(query: { cursor?: unknown; limit?: unknown }): Result<ListPageQuery> {
  const parsed = listTablesQuerySchema.safeParse({ cursor: query.cursor, limit: query.limit });
  if (!parsed.success) return err('request.invalid', describeZodError(parsed.error));
  const { cursor, limit = LIST_LIMIT } = parsed.data;
  if (cursor === undefined) return ok({ limit, after: null });
  const after = parseCursor(cursor);
  if (!after)
    return err(
      'request.invalid',
      'cursor: not a cursor of this list; give the "next" of the page before, or leave it out for the first page',
    );
  return ok({ limit, after });
}
