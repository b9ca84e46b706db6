/**
 * The bot ladder on the real server and its real storage (issue 23's done-when): it plays 100 games by
 * itself, is stopped in the middle of a game and started again on the same database, and ends with the
 * Knights levels in their order of strength, random < easy < medium < hard.
 *
 * Why Knights, these levels and a seed: the Knights levels answer from the solved game's table, so they
 * think in no time and play the same moves from the same seed (core's seeded random source): with the
 * ladder's seed fixed and one game at a time, the whole run — pairings, games, ratings, even across the
 * restart — is a function of the seed, and the order below is checked as that run's result, not as luck.
 * The levels' measured strengths (data/bot-ratings.json: 907, 1239, 1663, 1802) are far enough apart for
 * Glicko-2 to order them within 90 games; Tribes' measured medium and hard are the other way round (1827,
 * 1781: the larger search does not pay at the table), so only what is sure is asserted for Tribes: random,
 * which never won a game against the others there, ends last. Its pools play here without the costliest
 * search (hard), which keeps the run short.
 */
import Database from 'better-sqlite3';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { LadderView } from '@attila/protocol';
import { startServer, type RunningServer, type ServerOptions } from '../server.js';
import { get, tempDb } from '../test-support/http.js';

const GAMES = 100;

/**
 * The issue's own levels (random < easy < medium < hard) with `ATTILA_LADDER_FULL=1`: 4 to 14 minutes on this
 * machine, nearly all of it the perfect player's searches in the games of medium and hard, too long for the
 * everyday suite; there the same 100 games through the same restart rank the levels that answer at once
 * (random < easy < greedy: 907, 1239, 1443 measured). Last full run, session 9: hard 1918, medium 1716,
 * easy 1238, random 763.
 */
const FULL = process.env.ATTILA_LADDER_FULL === '1';
const KNIGHTS_LEVELS = FULL ? ['random', 'easy', 'medium', 'hard'] : ['random', 'easy', 'greedy'];
const TRIBES_LEVELS = FULL ? ['random', 'greedy', 'easy', 'medium'] : ['random', 'greedy', 'easy'];
// Of every 20 games 18 Knights and two Tribes (the everyday run's three quick Tribes levels fill 3 seats only).
const SHARES = FULL
  ? { knights: 18, 'tribes-3': 1, 'tribes-4': 1 }
  : { knights: 18, 'tribes-3': 2, 'tribes-4': 0 };

function options(dbFile: string): ServerOptions {
  return {
    port: 0,
    dbFile,
    botDelayMs: 0,
    botMinThinkMs: 0,
    botThreads: 1,
    // On a loaded machine the perfect player's longest searches pass the default 30 s, and a question cut
    // short is answered by the first legal move: the run would depend on the load, not on the seed alone.
    botTimeoutMs: 600_000,
    logger: pino({ level: 'silent' }),
    httpRate: false,
    ladder: {
      seed: 'ladder-test-1',
      roundMs: 20,
      shares: SHARES,
      levels: { knights: KNIGHTS_LEVELS, tribes: TRIBES_LEVELS },
    },
  };
}

async function ladderOf(server: RunningServer): Promise<LadderView> {
  return (await get<LadderView>(server.url, '/api/ladder')).body;
}

async function until(server: RunningServer, games: number): Promise<LadderView> {
  for (;;) {
    const view = await ladderOf(server);
    if (view.games >= games) return view;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the bot ladder', () => {
  const db = tempDb();
  let server: RunningServer | null = null;
  afterAll(async () => server?.close());

  it(`plays ${GAMES} games unattended through a restart, and rates the Knights levels ${KNIGHTS_LEVELS.join(' < ')}`, async () => {
    server = await startServer(options(db));
    const half = await until(server, GAMES / 2);
    expect(half.running).toBe(true);
    // Stopped with a game under way (the ladder pairs the next one at once): it is stored, not lost.
    const inPlay = new Database(db, { readonly: true });
    const open = inPlay.prepare('SELECT COUNT(*) AS n FROM ladder_games WHERE rated_at IS NULL').get() as {
      n: number;
    };
    inPlay.close();
    expect(open.n).toBeGreaterThanOrEqual(0);
    await server.close();
    server = null;

    // The server stopped between writing a pairing and creating its table: a row without a table.
    const raw = new Database(db);
    const next = (raw.prepare('SELECT MAX(ordinal) AS m FROM ladder_games').get() as { m: number }).m + 1;
    raw
      .prepare(
        `INSERT INTO ladder_games (table_id, ordinal, pool, players, created_at) VALUES ('never-created', ?, 'knights', '["level:random","level:hard"]', 0)`,
      )
      .run(next);
    const unfinished = raw
      .prepare(
        `SELECT l.table_id, t.status FROM ladder_games l JOIN tables t ON t.id = l.table_id WHERE l.rated_at IS NULL`,
      )
      .all() as { table_id: string; status: string }[];
    raw.close();

    server = await startServer(options(db));
    const done = await until(server, GAMES);
    await server.close();
    server = null;

    const check = new Database(db, { readonly: true });
    const rows = check
      .prepare(
        'SELECT l.ordinal, l.table_id, l.rated_at, l.places, t.status FROM ladder_games l LEFT JOIN tables t ON t.id = l.table_id ORDER BY l.ordinal',
      )
      .all() as {
      ordinal: number;
      table_id: string;
      rated_at: number | null;
      places: string | null;
      status: string | null;
    }[];
    check.close();
    // The dangling pairing is gone, its ordinal played by a real game; no game lost or doubled: every
    // ordinal once, in order, each with its table; the game under way at the stop was finished and rated.
    expect(rows.some((r) => r.table_id === 'never-created')).toBe(false);
    expect(rows.map((r) => r.ordinal)).toEqual(rows.map((_, i) => i));
    expect(rows.every((r) => r.status !== null)).toBe(true);
    const rated = rows.filter((r) => r.rated_at !== null);
    expect(rated.length).toBeGreaterThanOrEqual(GAMES);
    expect(rated.every((r) => r.status === 'finished' && r.places !== null)).toBe(true);
    for (const u of unfinished) expect(rated.map((r) => r.table_id)).toContain(u.table_id);

    const knights = done.pools.find((p) => p.pool === 'knights')!;
    const rating = (level: string) => knights.players.find((p) => p.player === `level:${level}`)!.rating;
    for (let i = 1; i < KNIGHTS_LEVELS.length; i++)
      expect(rating(KNIGHTS_LEVELS[i - 1])).toBeLessThan(rating(KNIGHTS_LEVELS[i]));
    expect(knights.players.reduce((n, p) => n + p.games, 0)).toBeGreaterThanOrEqual(2 * 85);
    for (const pool of (['tribes-3', 'tribes-4'] as const).filter((p) => SHARES[p] > 0)) {
      const tribes = done.pools.find((p) => p.pool === pool)!;
      expect(tribes.players.length).toBe(TRIBES_LEVELS.length);
      expect(tribes.players.at(-1)?.player).toBe('level:random');
    }
    console.log(
      'ladder ratings:',
      done.pools.map(
        (p) =>
          `${p.pool}: ${p.players.map((x) => `${x.name} ${x.rating}±${x.deviation} (${x.games})`).join(', ')}`,
      ),
    );
  }, 1_200_000);
});
