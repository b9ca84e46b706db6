/**
 * `npm test` on a bare machine (the root script `scripts/test-deps.sh`, tested here with the command line) (issue 31): without Chromium, and no way to install it (no apt-get here),
 * `scripts/test-deps.sh` stops at once with the command to run, before any check; with it, it lets the run go on.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SCRIPT = new URL('../../../scripts/test-deps.sh', import.meta.url).pathname;

/** A PATH with only the few commands the script uses: no apt-get, as on a machine that is not Debian. */
function barePath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'attila-bare-path-'));
  for (const cmd of ['bash', 'id', 'cat', 'dirname']) symlinkSync(`/usr/bin/${cmd}`, join(dir, cmd));
  return dir;
}

const run = (chromium: string) =>
  spawnSync('/usr/bin/bash', [SCRIPT], {
    env: { PATH: barePath(), CHROMIUM_PATH: chromium },
    encoding: 'utf8',
    timeout: 10_000,
  });

describe('npm test checks for Chromium first', () => {
  it('stops at once, saying what to run, when Chromium is missing and cannot be installed', () => {
    const r = run('/nonexistent/chromium');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('need Chromium at /nonexistent/chromium');
    expect(r.stderr).toContain('sudo bash scripts/install-system-deps.sh');
    expect(r.stderr).toContain('Stopped before any check ran.');
  });

  it('lets the run go on when Chromium is there', () => {
    const r = run('/usr/bin/true');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
