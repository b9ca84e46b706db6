/** The build's record of finished shards (`standard.progress.json`) and atomic file writes. */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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
  writeFileAtomically(file, `${JSON.stringify(progress, null, 1)}\n`);
}
