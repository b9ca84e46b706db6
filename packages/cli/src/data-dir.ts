/**
 * Where `attila serve` keeps its SQLite database (and its knights tablebases) when `--db` names none: the user's data folder, outside
 * any source tree (the XDG base directory rule: `$XDG_DATA_HOME/attila`, else `~/.local/share/attila`), so
 * a server started from a clone never writes a database into the repository.
 */
import { isAbsolute, join } from 'node:path';

export function dataDir(env: Readonly<Record<string, string | undefined>>, home: string): string {
  const xdg = env.XDG_DATA_HOME;
  // The rule ignores a relative XDG_DATA_HOME (it would depend on the folder the command runs in).
  const base = xdg && isAbsolute(xdg) ? xdg : join(home, '.local', 'share');
  return join(base, 'attila');
}

export function defaultDbFile(env: Readonly<Record<string, string | undefined>>, home: string): string {
  return join(dataDir(env, home), 'attila.db');
}

/**
 * Where the knights tablebases are kept when no option names a folder (the standard board's is 1.6 GB):
 * `$ATTILA_TABLEBASE_DIR`, else the data folder's `tablebase`, so that `attila knights tablebase build`,
 * `attila knights solve` and `attila serve` find the same files.
 */
export function defaultTablebaseDir(env: Readonly<Record<string, string | undefined>>, home: string): string {
  return env.ATTILA_TABLEBASE_DIR ?? join(dataDir(env, home), 'tablebase');
}
