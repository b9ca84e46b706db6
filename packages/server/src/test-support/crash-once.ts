/**
 * A storage that dies once right after a table is written: `createTable` stores the table, then throws
 * before its caller goes on (to mark a pool entry paired, a challenge accepted with its table). To storage
 * that is what a process killed at that point looks like: whatever the caller has not committed yet is
 * rolled back (a SQLite transaction not committed, a PostgreSQL connection gone), whatever it committed
 * stays. Everything else is the real storage.
 */
import type { Sql } from '../storage/sql.js';
import type { Storage, StoredTable } from '../storage/types.js';

export interface CrashOnce {
  readonly storage: Storage;
  /** The id of the table written just before the crash (null until then). */
  readonly crashedAfter: () => string | null;
}

/** What "dying" is: by default a throw out of `createTable`; a child process kills itself instead. */
const throwAfter = (tableId: string): never => {
  throw new Error(`crash injected right after table ${tableId} was written`);
};

export function crashOnceAfterTableWrite(
  real: Storage,
  die: (tableId: string) => void = throwAfter,
): CrashOnce {
  let crashedAfter: string | null = null;
  const storage = new Proxy(real, {
    get(target, key) {
      if (key === 'createTable') {
        return async (table: StoredTable, within?: Sql) => {
          await target.createTable(table, within);
          if (crashedAfter !== null) return;
          crashedAfter = table.id;
          die(table.id);
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { storage, crashedAfter: () => crashedAfter };
}
