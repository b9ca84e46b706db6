/**
 * PostgreSQL: a move that does not end its game, stored in one statement (its own transaction: one round
 * trip, where BEGIN, the row's lock, the insert, the patch and COMMIT were five). The checks are those of
 * the transaction it replaces, under the same lock: the table's row is locked for update only while it is
 * still at the move's line and still played (a takeback or an end stored by another process refuses the
 * move), and the moves' key `(table_id, seq)` refuses a seq another writer took. A move that ends the
 * game writes ratings with it, in steps (ratings.ts): it keeps the transaction.
 */
import { patchColumns } from './schema.js';
import type { StoredMove, TablePatch } from './types.js';

/** The statement and its parameters; it answers one row, `n`: 1 if the move was stored, 0 if refused. */
export function plainMoveStatement(
  tableId: string,
  move: StoredMove,
  patch: TablePatch,
  line: number,
): { text: string; params: unknown[] } {
  const params: unknown[] = [tableId, move.seq, move.seat, move.move, move.at, line];
  const sets = patchColumns(patch).map(([column, value]) => {
    params.push(value);
    return `${column} = $${params.length}`;
  });
  const text = `WITH t AS (
      SELECT id FROM tables
      WHERE id = $1 AND COALESCE((play->>'line')::int, 0) = $6::int AND status = 'playing' FOR UPDATE
    ), m AS (
      INSERT INTO moves (table_id, seq, seat, move, at) SELECT id, $2::int, $3::int, $4::text, $5::bigint FROM t
      RETURNING table_id
    )${sets.length ? `, p AS (UPDATE tables SET ${sets.join(', ')} WHERE id IN (SELECT table_id FROM m))` : ''}
    SELECT COUNT(*)::int AS n FROM m`;
  return { text, params };
}
