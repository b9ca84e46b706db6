/**
 * Backup and restore of the SQLite database (`attila admin backup|restore`), with SQLite's online backup API
 * (better-sqlite3's `db.backup()`): it copies pages from a connection of its own while the server keeps
 * writing (WAL mode), restarting the copy of what changed meanwhile, so the copy is one consistent moment
 * of the database, every committed move in it, none half-written. PostgreSQL: `pg_dump`/`pg_restore`
 * (server README, "Operating").
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { err, ok, type Result } from '@attila/core';

/** What a copy holds, for the operator to check it at a glance. */
export interface BackupSummary {
  readonly tables: number;
  readonly finished: number;
  readonly accounts: number;
  readonly bytes: number;
}

/** Reads an Attila database's counts, refusing a file that is not one (or is damaged). */
function inspect(file: string): Result<BackupSummary> {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (e) {
    return err('backup.unreadable', `${file} cannot be opened as SQLite: ${(e as Error).message}`);
  }
  try {
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') return err('backup.damaged', `${file} fails SQLite's check: ${String(check)}`);
    const has = (name: string) =>
      db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(name) !== undefined;
    if (!has('tables') || !has('players')) {
      return err('backup.not-attila', `${file} is SQLite but not an Attila database (no tables or players)`);
    }
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    const pages = db.pragma('page_count', { simple: true }) as number;
    const size = db.pragma('page_size', { simple: true }) as number;
    return ok({
      tables: count('SELECT count(*) AS n FROM tables'),
      finished: count(`SELECT count(*) AS n FROM tables WHERE status = 'finished'`),
      accounts: count('SELECT count(*) AS n FROM players WHERE name_key IS NOT NULL'),
      bytes: pages * size,
    });
  } catch (e) {
    return err('backup.unreadable', `${file} cannot be read: ${(e as Error).message}`);
  } finally {
    db.close();
  }
}

/**
 * Copies the live database `dbFile` to `outFile` (which must not exist: a backup never overwrites another),
 * written beside it under a temporary name and renamed once complete, so a crash leaves no half backup.
 */
export async function backupSqlite(dbFile: string, outFile: string): Promise<Result<BackupSummary>> {
  if (!existsSync(dbFile)) return err('backup.no-database', `there is no database at ${dbFile}`);
  if (existsSync(outFile)) {
    return err(
      'backup.exists',
      `${outFile} already exists: choose a new file (a backup never overwrites one)`,
    );
  }
  const source = inspect(dbFile);
  if (!source.ok) return source;
  const partial = `${outFile}.partial`;
  rmSync(partial, { force: true });
  const db = new Database(dbFile, { fileMustExist: true });
  try {
    // The server may hold a write lock for a moment: wait for it rather than fail.
    db.pragma('busy_timeout = 5000');
    await db.backup(partial);
  } catch (e) {
    rmSync(partial, { force: true });
    return err('backup.failed', `the backup of ${dbFile} failed: ${(e as Error).message}`);
  } finally {
    db.close();
  }
  const copy = inspect(partial);
  if (!copy.ok) {
    rmSync(partial, { force: true });
    return copy;
  }
  renameSync(partial, outFile);
  return copy;
}

/**
 * Puts `backupFile` in place as the database `dbFile`. Refused while `dbFile` exists unless `replace` (the
 * server must be stopped: a running server would keep its own open copy); the old file's WAL and shared
 * memory go with it, or SQLite would replay the old WAL over the restored pages.
 */
export async function restoreSqlite(
  backupFile: string,
  dbFile: string,
  replace: boolean,
): Promise<Result<BackupSummary>> {
  if (!existsSync(backupFile)) return err('restore.no-backup', `there is no backup at ${backupFile}`);
  const summary = inspect(backupFile);
  if (!summary.ok) return summary;
  if (existsSync(dbFile) && !replace) {
    return err(
      'restore.exists',
      `${dbFile} already exists: stop the server and pass --replace to overwrite it, or restore to a new file`,
    );
  }
  const partial = `${dbFile}.partial`;
  rmSync(partial, { force: true });
  const db = new Database(backupFile, { readonly: true, fileMustExist: true });
  try {
    await db.backup(partial);
  } catch (e) {
    rmSync(partial, { force: true });
    return err('restore.failed', `the restore to ${dbFile} failed: ${(e as Error).message}`);
  } finally {
    db.close();
  }
  for (const f of [`${dbFile}-wal`, `${dbFile}-shm`]) rmSync(f, { force: true });
  renameSync(partial, dbFile);
  return summary;
}
