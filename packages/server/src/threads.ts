/**
 * Where a worker thread's code comes from. Run from the sources (tests, tsx) a thread loads its TypeScript
 * through tsx (`bots/worker-boot.js`): about 0.9 s from its start to a Knights bot's first answer on an idle
 * core, several seconds on a busy one — the first bot move of a game taken over from a dead process waited
 * for it. Run from the compiled `attila` command (packages/cli/bin/compiled.js), each thread's entry is a
 * chunk of the bundle, plain JavaScript, loaded in about 0.15 s. Every chunk of the bundle names its folder
 * in `globalThis.__attilaBundle` (the bundle's banner), which is how a module knows it runs compiled.
 */

/** The bundle's entries for threads (compiled.js builds each under this name). */
export type ThreadEntry = 'bot-worker' | 'bot-module' | 'knights-analysis-worker';

/** The compiled bundle's folder (a file URL ending in `/`) when this code runs from it, else null. */
export function bundleFolder(): string | null {
  const folder = (globalThis as { __attilaBundle?: unknown }).__attilaBundle;
  return typeof folder === 'string' ? folder : null;
}

/** The compiled chunk of an entry, or null when running from the sources. */
export function compiledEntry(name: ThreadEntry): URL | null {
  const folder = bundleFolder();
  return folder === null ? null : new URL(`${name}.js`, folder);
}

/**
 * A thread's script and the `entry` its boot file loads: the bundle's chunk when compiled, else the source
 * through the TypeScript loader.
 */
export function threadScript(
  name: ThreadEntry,
  source: URL,
): { readonly script: URL; readonly workerData: { readonly entry?: string } } {
  const compiled = compiledEntry(name);
  if (compiled) return { script: compiled, workerData: {} };
  return { script: new URL('./bots/worker-boot.js', import.meta.url), workerData: { entry: source.href } };
}
