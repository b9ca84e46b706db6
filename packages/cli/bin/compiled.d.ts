/** The folder the compiled command is built in (`packages/cli/dist`). */
export const DIST: string;
/** The compiled command's entry file when no file it was made from changed since it was built, else null. */
export function freshBundle(dist?: string): string | null;
/** Compiles the command (esbuild) and returns its entry file. */
export function buildBundle(): Promise<string>;
