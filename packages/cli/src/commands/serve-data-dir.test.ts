/**
 * `attila serve` without `--db` keeps its database in the user's data folder ($XDG_DATA_HOME/attila here,
 * a fresh temporary folder), never in the folder it runs in (issue 31: `attila.db` appeared in the clone).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const BIN = resolve(import.meta.dirname, '../../bin/attila.js');

describe('attila serve without --db', () => {
  it('creates the database in $XDG_DATA_HOME/attila, nothing in the working folder', async () => {
    const data = mkdtempSync(join(tmpdir(), 'attila-xdg-'));
    const cwd = mkdtempSync(join(tmpdir(), 'attila-cwd-'));
    const child = spawn(
      process.execPath,
      [BIN, 'serve', '--port', '0', '--log-level', 'warn', '--ladder', 'off'],
      {
        cwd,
        env: { ...process.env, XDG_DATA_HOME: data },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    await new Promise<void>((done, fail) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (/listening on http/.test(out)) done();
      });
      child.once('exit', (code) => fail(new Error(`serve exited with ${code}: ${stderr}`)));
    });
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
    expect(existsSync(join(data, 'attila', 'attila.db'))).toBe(true);
    expect(existsSync(join(cwd, 'attila.db'))).toBe(false);
  }, 30_000);
});
