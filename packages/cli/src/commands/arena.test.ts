import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { attila } from './cli.test-support.js';

describe('attila arena shards and summary', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'attila-arena-'));
  const run = [
    'arena',
    '--players',
    '2',
    '--bots',
    'ismcts,greedy',
    '--budget',
    '15it',
    '--seed',
    'cli',
    '--quiet',
  ];

  it('two shards summarized from their records give the report of the whole run', async () => {
    const [whole, a, b] = await Promise.all([
      attila([...run, '--games', '4', '--json']),
      attila([...run, '--games', '1', '--records', join(dir, 'a')]),
      attila([...run, '--games', '3', '--first-game', '1', '--records', join(dir, 'b')]),
    ]);
    expect([whole.code, a.code, b.code]).toEqual([0, 0, 0]);
    const [summary, table] = await Promise.all([
      attila(['arena', 'summary', join(dir, 'b'), join(dir, 'a'), '--json']),
      attila(['arena', 'summary', join(dir, 'a'), join(dir, 'b')]),
    ]);
    expect(summary.code).toBe(0);
    expect(summary.stderr).toMatch(/games 0-3/);
    const expected = JSON.parse(whole.stdout);
    for (const bot of expected.bots) bot.msPerMove = null;
    expect(JSON.parse(summary.stdout)).toEqual(expected);
    expect(table.stdout).toMatch(/2 players, 4 games, seed "cli", search budget 15it/);
  });

  it('refuses a game given twice, and a directory without records', async () => {
    const [twice, empty] = await Promise.all([
      attila(['arena', 'summary', join(dir, 'b'), join(dir, 'b')]),
      attila(['arena', 'summary', dir]),
    ]);
    expect(twice.code).not.toBe(0);
    expect(twice.stderr).toMatch(/game 1 is there twice/);
    expect(empty.code).not.toBe(0);
    expect(empty.stderr).toMatch(/no game records/);
  });

  it('refuses an unknown bot, naming every bot it knows, with a pointer to --help instead of the whole help', async () => {
    const r = await attila(['arena', '--bots', 'peeks,greedy', '--games', '1']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/unknown bot "peeks": a bot is one of .*cheating, peeking/);
    expect(r.stderr).toMatch(/^error: /);
    expect(r.stderr).toMatch(/\(attila arena --help shows what it takes\)/);
    expect(r.stderr).not.toMatch(/attila <command>/);
    expect(r.stderr).not.toMatch(/Commands:/);
  });

  it('still requires --bots for a run', async () => {
    const r = await attila(['arena', '--games', '1']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/--bots/);
  });
});
