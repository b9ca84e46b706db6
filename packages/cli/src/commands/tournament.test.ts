import { describe, expect, it } from 'vitest';
import { attila } from './cli.test-support.js';

interface Report {
  standings: { rank: number; player: string; score: number; tieBreaks: Record<string, number | null> }[];
  games: (string | null)[][];
  gamesPlayed: number;
  progress: string[];
  timing: { wallMs: number; gamesPlayed: number; msPerGame: number | null };
}

async function simulate(args: string[]): Promise<Report> {
  const run = await attila(['tournament', 'simulate', ...args, '--json']);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as Report;
}

const players = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`).sort();

describe('attila tournament simulate', () => {
  it('plays a Swiss event to its end: every round paired, nobody meets twice, a bye at most once', async () => {
    const r = await simulate(['--format', 'swiss', '--players', '9', '--rounds', '3', '--seed', 'sw']);
    expect(r.progress).toHaveLength(3);
    expect(r.standings.map((s) => s.player).sort()).toEqual(players(9));
    expect(r.standings.map((s) => s.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(Object.keys(r.standings[0].tieBreaks)).toEqual(['buchholz', 'sonnebornBerger']);
    // 9 players, 3 rounds: 4 games and a bye each round.
    expect(r.gamesPlayed).toBe(12);
    const pairs = r.games.filter((g) => g.length === 2).map((g) => [...g].sort().join('-'));
    expect(new Set(pairs).size).toBe(pairs.length);
    const byes = r.games.filter((g) => g.length === 1).map((g) => g[0]);
    expect(new Set(byes).size).toBe(3);
    // Knights has no draws: a point a game, a point a bye.
    expect(r.standings.reduce((t, s) => t + s.score, 0)).toBe(15);
  });

  it('plays an arena for its simulated minutes, each game scored', async () => {
    const r = await simulate(['--format', 'arena', '--players', '6', '--minutes', '10', '--seed', 'ar']);
    expect(r.progress).toHaveLength(10);
    expect(r.standings.map((s) => s.player).sort()).toEqual(players(6));
    expect(r.gamesPlayed).toBeGreaterThan(3);
    const games = r.standings.reduce((t, s) => t + (s.tieBreaks.games ?? 0), 0);
    expect(games).toBe(2 * r.gamesPlayed);
  });

  it('plays Tribes rounds at tables of three to the last round', async () => {
    const r = await simulate([
      ...['--format', 'tribes-rounds', '--players', '9', '--table-size', '3', '--rounds', '2'],
      ...['--seed', 'tr'],
    ]);
    expect(r.progress).toHaveLength(2);
    expect(r.gamesPlayed).toBe(6);
    expect(r.games.every((t) => t.length === 3)).toBe(true);
    expect(r.standings.map((s) => s.player).sort()).toEqual(players(9));
    expect(r.standings.every((s) => s.tieBreaks.tables === 2)).toBe(true);
    // 12, 6 and 0 points a table (ties share), so 18 a table.
    expect(r.standings.reduce((t, s) => t + s.score, 0)).toBe(6 * 18);
  });

  it('prints the same event from the same seed, timing aside', async () => {
    const args = ['tournament', 'simulate', '--format', 'swiss', '--players', '8', '--rounds', '3'];
    const [a, b] = await Promise.all([attila([...args, '--seed', 'x']), attila([...args, '--seed', 'x'])]);
    const c = await attila([...args, '--seed', 'y']);
    const untimed = (text: string) => text.replace(/\n[^\n]*ms per game\n$/, '\n');
    expect(a.code).toBe(0);
    expect(a.stdout).toMatch(/round 3\/3: 4 games/);
    expect(a.stdout).toMatch(/\d+ games, \d+ moves, [\d.]+ s wall, [\d.]+ ms per game\n$/);
    expect(untimed(a.stdout)).toBe(untimed(b.stdout));
    expect(untimed(c.stdout)).not.toBe(untimed(a.stdout));
  });

  it('refuses a bad option with what is allowed, and plays nothing', async () => {
    const format = await attila(['tournament', 'simulate', '--format', 'knockout', '--players', '8']);
    expect(format.code).toBe(1);
    expect(format.stdout).toBe('');
    expect(format.stderr).toMatch(/^error: --format must be swiss, arena, tribes-rounds, not "knockout"/);
    const bot = await attila([
      'tournament',
      'simulate',
      '--format',
      'swiss',
      '--players',
      '8',
      '--bots',
      'zz',
    ]);
    expect(bot.code).toBe(1);
    expect(bot.stderr).toMatch(/^error: unknown Knights bot "zz": the bots are random, /);
    const size = await attila([
      'tournament',
      'simulate',
      '--format',
      'tribes-rounds',
      '--players',
      '9',
      '--table-size',
      '6',
    ]);
    expect(size.code).toBe(1);
    expect(size.stderr).toMatch(/^error: --table-size must be a whole number from 3 to 5, not "6"/);
  });
});
