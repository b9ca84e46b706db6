/** The build's record of finished shards (`standard.progress.json`) and atomic file writes. */
import {
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { fileURLToPath } from 'node:url';

export const STANDARD_PROGRESS_FILE = fileURLToPath(new URL('./standard.progress.json', import.meta.url));

export interface ShardRecord {
  readonly shard: number;
  readonly positions: number;
  readonly cpuSeconds: number;
  readonly wallSeconds: number;
  readonly nodes: number;
  readonly finishedAt: string;
}

export interface BuildProgress {
  shards: ShardRecord[];
}

/** Writes a temporary file next to the target, then renames it: readers see the old file or the new one. */
export function writeFileAtomically(file: string, data: Uint8Array | string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

export function readProgress(file = STANDARD_PROGRESS_FILE): BuildProgress {
  if (!existsSync(file)) return { shards: [] };
  return JSON.parse(readFileSync(file, 'utf8')) as BuildProgress;
}

export function writeProgress(progress: BuildProgress, file = STANDARD_PROGRESS_FILE): void {
  writeFileAtomically(file, `${JSON.stringify(progress, null, 2)}\n`);
}

/**
 * Runs `update` holding a lock file (created exclusively, removed after), so that builds running side by side
 * on disjoint shards each merge their shard into the latest file instead of overwriting the other's.
 */
export function withLock<T>(file: string, update: () => T): T {
  const lock = `${file}.lock`;
  const started = Date.now();
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      // A lock older than a minute was left by a killed build (an update takes about a second).
      if (Date.now() - started > 60_000) unlinkSync(lock);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    }
  }
  try {
    return update();
  } finally {
    unlinkSync(lock);
  }
}
