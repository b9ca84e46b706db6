import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { attila } from './cli.test-support.js';
import { solveText } from './knights-solve.js';

describe('attila knights tablebase', () => {
  it('refuses a layout whose build exceeds the memory cap, saying what it needs, and writes nothing', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'attila-tb-cli-')), 'tb');
    const r = await attila(['knights', 'tablebase', 'build', '--dir', dir, '--max-memory', '1000']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('needs 1270 MB for its layers (4 symmetries), more than --max-memory 1000');
    const stairs = await attila(['knights', 'tablebase', 'build', '--layout', 'stairs', '--dir', dir]);
    expect(stairs.stderr).toContain('needs 2537 MB for its layers (2 symmetries)');
    expect(existsSync(dir)).toBe(false);
  });

  it('refuses a malformed layout or thread count, and stats without a built tablebase', async () => {
    const bad = await attila(['knights', 'tablebase', 'build', '--layout', 'nonsense']);
    expect(bad.code).toBe(1);
    const threads = await attila(['knights', 'tablebase', 'build', '--threads', '0']);
    expect(threads.stderr).toContain('--threads takes a whole number from 1 to 64, not "0"');
    const dir = mkdtempSync(join(tmpdir(), 'attila-tb-cli-'));
    const stats = await attila(['knights', 'tablebase', 'stats', '--dir', dir]);
    expect(stats.code).toBe(1);
    expect(stats.stderr).toContain('no tablebase at');
  });

  it('solves the empty standard board from the opening table: every first placement loses in 18 plies', () => {
    const r = solveText('...../...../...../..... R', false);
    expect(r.ok && r.line).toMatchObject({ value: -18, source: 'table', nodes: 0 });
    expect(r.ok && r.line.best).toHaveLength(20);
  });
});
