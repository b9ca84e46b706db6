/**
 * `attila serve` refuses a bad setting before it starts anything: the error names the option, what was
 * given and what is allowed, on stderr, exit 1.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const BIN = resolve(import.meta.dirname, '../../bin/attila.js');

function serve(...args: string[]) {
  const db = join(mkdtempSync(join(tmpdir(), 'attila-serve-options-')), 'x.db');
  return spawnSync(process.execPath, [BIN, 'serve', '--port', '0', '--db', db, '--ladder', 'off', ...args], {
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('attila serve --commit-interval-ms', () => {
  it.each(['-1', '1001', '2.5', 'soon'])(
    'refuses %s: a whole number of milliseconds from 0 to 1000',
    (value) => {
      const run = serve('--commit-interval-ms', value);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(
        `--commit-interval-ms must be a whole number of milliseconds from 0 to 1000, not "${value}"`,
      );
    },
  );
});
