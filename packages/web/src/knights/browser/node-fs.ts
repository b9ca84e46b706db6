/**
 * `node:fs` for the bots in the browser (vite.config.ts aliases it): the Knights opening book is a file the
 * bots read on Node; in the browser there is none, so the book is empty and the solver searches instead.
 */
export function existsSync(): boolean {
  return false;
}

export function readFileSync(path: string): never {
  throw new Error(`no files in the browser: ${path}`);
}
