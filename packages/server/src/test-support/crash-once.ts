/**
 * A storage that dies once right after a table is written: `createTable` (or `updateTable`) stores it, then
 * throws before its caller goes on (to mark a pool entry paired, a challenge accepted with its table, a
 * finished table pointing to its rematch). To storage that is what a process killed at that point looks
 * like: whatever the caller has not committed yet is rolled back (a SQLite transaction not committed, a
 * PostgreSQL connection gone), whatever it committed stays. Everything else is the real storage.
 */
import type { Storage } from '../storage/types.js';

export interface CrashOnce {
  readonly storage: Storage;
  /** The id of the table written just before the crash (null until then). */
  readonly crashedAfter: () => string | null;
}

/** The writes a crash can follow, and the id of the table each writes. */
const WRITES = {
  createTable: (...[table]: Parameters<Storage['createTable']>) => table.id,
  updateTable: (...[tableId]: Parameters<Storage['updateTable']>) => tableId,
};
type Write = keyof typeof WRITES;

/** What "dying" is: by default a throw out of the write; a child process kills itself instead. */
const throwAfter = (tableId: string): never => {
  throw new Error(`crash injected right after table ${tableId} was written`);
};

/** Dies after the first `write` for which `when` holds (every one by default). */
export function crashOnceAfter<W extends Write>(
  real: Storage,
  write: W,
  when: (...args: Parameters<Storage[W]>) => boolean = () => true,
  die: (tableId: string) => void = throwAfter,
): CrashOnce {
  let crashedAfter: string | null = null;
  const storage = new Proxy(real, {
    get(target, key) {
      if (key === write) {
        return async (...args: Parameters<Storage[W]>) => {
          await (target[write] as (...a: Parameters<Storage[W]>) => Promise<void>).apply(target, args);
          if (crashedAfter !== null || !when(...args)) return;
          crashedAfter = (WRITES[write] as (...a: Parameters<Storage[W]>) => string)(...args);
          die(crashedAfter);
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { storage, crashedAfter: () => crashedAfter };
}

/** Dies after the first table it creates. */
export function crashOnceAfterTableWrite(
  real: Storage,
  die: (tableId: string) => void = throwAfter,
): CrashOnce {
  return crashOnceAfter(real, 'createTable', () => true, die);
}
