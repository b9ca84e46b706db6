/**
 * Where `attila serve` keeps its SQLite database when `--db` names none: the user's data folder, outside
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
