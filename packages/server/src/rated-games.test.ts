/**
 * Rated games end to end on both stores (SQLite and PostgreSQL). Longer than 400 lines, on purpose: each
 * test plays rated games through the real server, from accounts to ratings, and they share one server and
 * database per store (set up once: starting them is the slow part).
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CreateTableResponse,
  Leaderboard,
  PlayerProfile,
  RatingHistory,
  SeatGrant,
  TableRatingChanges,
  TableInfo,
} from '@attila/protocol';
import { startServer, type RunningServer } from './server.js';
import { tempDb } from './test-support/http.js';
import { playRandomly, seatClients, type Seated } from './test-support/play.js';
import { dropSchema, freshSchema, postgresUp, POSTGRES_URL } from './test-support/services.js';
import { Visitor } from './test-support/visitor.js';
import { skipWithout } from './test-support/skip-without.js';

const quiet = {
  port: 0,
  botDelayMs: 0,
  botMinThinkMs: 0,
  logger: pino({ level: 'silent' }),
  httpRate: { writesPerMinute: 10_000, readsPerMinute: 10_000 },
};
const FAST = { mode: 'move', moveMs: 30_000 } as const;

/** Plain SQL on the server's own database, for what a test must see or break behind the server's back. */
interface Db {
  rows<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}

function sqliteDb(file: string): Db {
  const db = new Database(file);
  return {
    rows: async <T>(text: string, params: unknown[] = []) => {
      const statement = db.prepare(text);
      if (statement.reader) return statement.all(...params) as T[];
      statement.run(...params);
      return [];
    },
    exec: async (text) => void db.exec(text),
    close: async () => void db.close(),
  };
}

async function postgresDb(schema: string): Promise<Db> {
  const c = new pg.Client({ connectionString: POSTGRES_URL, options: `-c search_path=${schema}` });
  await c.connect();
  return {
    rows: async <T>(text: string, params: unknown[] = []) => {
      let n = 0;
      return (
        await c.query(
          text.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows as T[];
    },
    exec: async (text) => void (await c.query(text)),
    close: () => c.end(),
  };
}

/** A history insert that fails, inside the transaction that writes the result; and its removal. */
const FAIL_HISTORY = {
  sqlite: [
    `CREATE TRIGGER fail_history BEFORE INSERT ON rating_history BEGIN SELECT RAISE(ABORT, 'injected failure'); END`,
    `DROP TRIGGER fail_history`,
  ],
  postgres: [
    `CREATE FUNCTION fail_history() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$ LANGUAGE plpgsql;
     CREATE TRIGGER fail_history BEFORE INSERT ON rating_history FOR EACH ROW EXECUTE FUNCTION fail_history()`,
    `DROP TRIGGER fail_history ON rating_history; DROP FUNCTION fail_history()`,
  ],
} as const;

const schema = freshSchema();
afterAll(async () => {
  if (postgresUp) await dropSchema(schema);
});

type Backend = { server: RunningServer; db: Db; dialect: 'sqlite' | 'postgres' };
const backends: [string, boolean, () => Promise<Backend>][] = [
  [
    'SQLite',
    true,
    async () => {
      const file = tempDb();
      const server = await startServer({ ...quiet, dbFile: file });
      return { server, db: sqliteDb(file), dialect: 'sqlite' };
    },
  ],
  [
    'PostgreSQL',
    postgresUp,
    async () => {
      const server = await startServer({ ...quiet, postgres: POSTGRES_URL, postgresSchema: schema });
      return { server, db: await postgresDb(schema), dialect: 'postgres' };
    },
  ],
];

let n = 0;
const uniqueName = (base: string) => `${base}${Date.now() % 100000}x${++n}`;
const PASSWORD = 'correct horse';

/** A visitor with an account of its own (a guest that claimed one). */
async function account(url: string, base: string): Promise<Visitor & { name: string }> {
  const v = new Visitor(url);
  await v.post('/api/me/guest', {});
  const name = uniqueName(base);
  const claimed = await v.post('/api/account/claim', { name, password: PASSWORD });
  expect(claimed.status).toBe(200);
  return Object.assign(v, { name });
}

/** A rated table of `accounts.length` seats, every account seated; their socket clients. */
async function ratedTable(
  accounts: Visitor[],
  game: 'knights' | 'tribes',
  clock: unknown = FAST,
): Promise<{ table: TableInfo; players: Seated[]; grants: { seat: number; token: string }[] }> {
  const settings = game === 'tribes' ? { players: accounts.length } : {};
  const created = await accounts[0].post<CreateTableResponse>('/api/tables', {
    game,
    settings,
    seats: accounts.map(() => ({ type: 'human' })),
    rated: true,
    clock,
    name: 'ignored',
  });
  expect(created.status).toBe(201);
  const grants = [{ seat: created.body.seat ?? 0, token: created.body.token ?? '' }];
  for (const v of accounts.slice(1)) {
    const j = await v.post<SeatGrant>(`/api/tables/${created.body.table.id}/join`, { name: 'ignored' });
    expect(j.status).toBe(200);
    grants.push({ seat: j.body.seat, token: j.body.token });
  }
  const table = created.body.table;
  return { table, grants, players: await seatClients(accounts[0].url, table.id, grants) };
}

const close = (players: Seated[]) => players.forEach((p) => p.client.close());

async function ratingRows(db: Db, table: string) {
  return db.rows<{ player_id: string; rating_before: number; rating_after: number }>(
    'SELECT player_id, rating_before, rating_after FROM rating_history WHERE table_id = ? ORDER BY player_id',
    [table],
  );
}

describe.each(backends)('rated games (%s)', { timeout: 120_000 }, (_name, up, start) => {
  let b: Backend;
  beforeAll(async () => {
    if (up) b = await start();
  });
  afterAll(async () => {
    if (!up) return;
    await b.db.close();
    await b.server.close();
  });

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'a rated table is for accounts only, and never against bots',
    async () => {
      const url = b.server.url;
      const owner = await account(url, 'Owner');
      const bots = await owner.post('/api/tables', {
        game: 'knights',
        seats: [{ type: 'human' }, { type: 'bot', bot: 'random' }],
        rated: true,
        name: 'x',
      });
      expect(bots.status).toBe(400);
      expect(bots.body).toMatchObject({
        error: { code: 'create.rated-bots', message: expect.stringMatching(/casual/) },
      });

      const guest = new Visitor(url);
      await guest.post('/api/me/guest', {});
      const asGuest = await guest.post('/api/tables', {
        game: 'knights',
        seats: [{ type: 'human' }, { type: 'human' }],
        rated: true,
        clock: FAST,
        name: 'x',
      });
      expect(asGuest.status).toBe(403);
      expect(asGuest.body).toMatchObject({
        error: { code: 'rated.account-needed', message: expect.stringMatching(/guest/) },
      });

      // Without a clock a rated game has no speed class to be rated in: refused, nothing made.
      const noClock = await owner.post('/api/tables', {
        game: 'knights',
        seats: [{ type: 'human' }, { type: 'human' }],
        rated: true,
        name: 'x',
      });
      expect(noClock.status).toBe(400);
      expect(noClock.body).toMatchObject({
        error: { code: 'create.rated-no-clock', message: expect.stringMatching(/needs a clock/) },
      });
      const created = await owner.post<CreateTableResponse>('/api/tables', {
        game: 'knights',
        seats: [{ type: 'human' }, { type: 'human' }],
        rated: true,
        clock: FAST,
        name: 'x',
      });
      expect(created.status).toBe(201);
      expect(created.body.table.rated).toBe(true);
      const id = created.body.table.id;
      const joinGuest = await guest.post(`/api/tables/${id}/join`, { name: 'Guest' });
      expect(joinGuest.status).toBe(403);
      expect(joinGuest.body).toMatchObject({ error: { code: 'rated.account-needed' } });
      const joinAnonymous = await new Visitor(url).post(`/api/tables/${id}/join`, { name: 'Nobody' });
      expect(joinAnonymous.status).toBe(403);
      expect(joinAnonymous.body).toMatchObject({ error: { message: expect.stringMatching(/sign in/) } });
      const listed = await owner.get<{ tables: TableInfo[] }>('/api/tables');
      expect(listed.body.tables.find((t) => t.id === id)).toMatchObject({ rated: true, status: 'open' });
      // A casual table stays open to everyone.
      const casual = await owner.post<CreateTableResponse>('/api/tables', {
        game: 'knights',
        seats: [{ type: 'human' }, { type: 'human' }],
        name: 'x',
      });
      expect(casual.body.table.rated).toBe(false);
      expect((await guest.post(`/api/tables/${casual.body.table.id}/join`, { name: 'G' })).status).toBe(200);
      // Rating changes: none for a casual table or one still open; an unknown table is said to be unknown.
      for (const table of [id, casual.body.table.id]) {
        const changes = await guest.get(`/api/tables/${table}/rating-changes`);
        expect(changes.body).toEqual({ changes: { speed: null, seats: [] } });
      }
      const unknown = await guest.get('/api/tables/nosuchtable/rating-changes');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ error: { code: 'table.not-found' } });
    },
  );

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'a rated Knights game played over sockets ends with both ratings and their history',
    async () => {
      const a = await account(b.server.url, 'Romulus');
      const c = await account(b.server.url, 'Remus');
      const { table, players } = await ratedTable([a, c], 'knights');
      await playRandomly(players, 'rated-knights');
      close(players);
      const over = (await a.get<{ table: TableInfo }>(`/api/tables/${table.id}`)).body.table;
      expect(over.status).toBe('finished');
      const rows = await ratingRows(b.db, table.id);
      expect(rows).toHaveLength(2);
      const profiles = await Promise.all(
        [a, c].map(
          async (v) => (await v.get<{ profile: PlayerProfile }>(`/api/players/${v.name}`)).body.profile,
        ),
      );
      for (const p of profiles) {
        const knights = p.stats.find((s) => s.game === 'knights');
        expect(knights?.rating).toMatchObject({
          game: 'knights',
          speed: 'fast',
          games: 1,
          provisional: true,
        });
        expect(knights?.ratings).toHaveLength(1);
      }
      const winners = over.result?.winners ?? [];
      const seatOf = [0, 1];
      if (winners.length === 1) {
        const [ra, rc] = profiles.map((p) => p.stats[0].rating?.rating ?? 0);
        // Newcomers against each other: the winner gains what the loser loses (the README's +241 / −241).
        expect(winners[0] === seatOf[0] ? ra - rc : rc - ra).toBe(482);
      }
      const history = await a.get<{ histories: RatingHistory[] }>(
        `/api/players/${a.name}/ratings/history?game=knights`,
      );
      expect(history.body.histories).toEqual([
        {
          game: 'knights',
          speed: 'fast',
          points: [
            {
              table: table.id,
              at: expect.any(Number),
              before: 1500,
              after: profiles[0].stats[0].rating?.rating,
              deviation: expect.any(Number),
            },
          ],
        },
      ]);
      // The game-over dialog's "+241": each seat's change, read from the history written with the result.
      const changes = await c.get<{ changes: TableRatingChanges }>(`/api/tables/${table.id}/rating-changes`);
      expect(changes.body.changes).toEqual({
        speed: 'fast',
        seats: [0, 1].map((seat) => ({
          seat,
          before: 1500,
          after: profiles[seat].stats[0].rating?.rating,
        })),
      });
      // Two newcomers are provisional: nobody on the board yet, the bots' published ratings beside it.
      const board = await a.get<{ leaderboard: Leaderboard }>('/api/leaderboard?game=knights&speed=fast');
      expect(board.body.leaderboard.players.map((p) => p.name)).not.toContain(a.name);
      expect(board.body.leaderboard.bots.find((x) => x.bot === 'medium')?.rating).toEqual(expect.any(Number));
    },
  );

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'a rated 3-seat Tribes game played over sockets rates all three (Weng-Lin)',
    async () => {
      const accounts = [
        await account(b.server.url, 'Ostro'),
        await account(b.server.url, 'Visi'),
        await account(b.server.url, 'Gepid'),
      ];
      const { table, players } = await ratedTable(accounts, 'tribes');
      await playRandomly(players, 'rated-tribes', 10_000, 90_000);
      close(players);
      const rows = await ratingRows(b.db, table.id);
      expect(rows).toHaveLength(3);
      const stored = await b.db.rows<{ volatility: number | null; games: number }>(
        `SELECT volatility, games FROM ratings WHERE game = 'tribes' AND player_id IN (?, ?, ?)`,
        rows.map((r) => r.player_id),
      );
      expect(stored).toEqual([0, 1, 2].map(() => ({ volatility: null, games: 1 })));
      const ratings = await Promise.all(
        accounts.map(
          async (v) =>
            (await v.get<{ profile: PlayerProfile }>(`/api/players/${v.name}`)).body.profile.stats[0].rating,
        ),
      );
      expect(ratings.every((r) => r?.game === 'tribes' && r.games === 1)).toBe(true);
    },
  );

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'a time-out is a loss as the result says: the clock command writes the ratings with it',
    async () => {
      const a = await account(b.server.url, 'Slow');
      const c = await account(b.server.url, 'Quick');
      const { table, players } = await ratedTable([a, c], 'knights', { mode: 'move', moveMs: 1000 });
      // Nobody moves: the side to move (seat 0, the Romans first) runs out of time; no take-over bot.
      const over = await players[1].client.next('table', (m) => m.table.status === 'finished', 10_000);
      close(players);
      expect(over.table.result?.winners).toEqual([1]);
      const rows = await ratingRows(b.db, table.id);
      const before = new Map(
        rows.map((r) => [r.player_id, Number(r.rating_after) - Number(r.rating_before)]),
      );
      const ids = await Promise.all(
        [a, c].map(async (v) => (await v.get<{ player: { id: string } }>('/api/me')).body.player.id),
      );
      expect(ids.map((id) => Math.round(before.get(id) ?? 0))).toEqual([-241, 241]);
    },
  );

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'the rematch of a rated game is rated, its seats the same players (sides swapped)',
    async () => {
      const a = await account(b.server.url, 'Honorius');
      const c = await account(b.server.url, 'Alaric');
      const { players, grants } = await ratedTable([a, c], 'knights');
      players[0].client.send({ type: 'resign' });
      await players[1].client.next('table', (m) => m.table.status === 'finished');
      for (const p of players) p.client.send({ type: 'rematch', accept: true });
      const on = await players[0].client.next('table', (m) => m.table.play.rematch?.table != null);
      close(players);
      const id = on.table.play.rematch?.table ?? '';
      expect((await a.get<{ table: TableInfo }>(`/api/tables/${id}`)).body.table.rated).toBe(true);
      // Honorius (seat 0) sits at seat 1 now, with the same token, and resigns again.
      const again = await seatClients(b.server.url, id, [{ seat: 1, token: grants[0].token }]);
      again[0].client.send({ type: 'resign' });
      await again[0].client.next('table', (m) => m.table.status === 'finished');
      close(again);
      const history = (
        await a.get<{ histories: RatingHistory[] }>(
          `/api/players/${a.name}/ratings/history?game=knights&speed=fast`,
        )
      ).body.histories[0];
      expect(history.points.map((p) => p.after - p.before)).toEqual([-241, expect.any(Number)]);
      expect(history.points[1].after).toBeLessThan(history.points[0].after);
    },
  );

  it.skipIf(skipWithout(up, 'PostgreSQL'))('an aborted rated game changes no rating', async () => {
    const a = await account(b.server.url, 'Abort');
    const c = await account(b.server.url, 'Abortee');
    const { table, players } = await ratedTable([a, c], 'knights');
    players[0].client.send({ type: 'abort' });
    await players[1].client.next('table', (m) => m.table.status === 'finished');
    close(players);
    expect(await ratingRows(b.db, table.id)).toEqual([]);
    const profile = (await a.get<{ profile: PlayerProfile }>(`/api/players/${a.name}`)).body.profile;
    expect(profile.stats[0]).toMatchObject({ played: 1, rating: null, ratings: [] });
  });

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'a failure inside the transaction (a history insert) writes neither the result nor the ratings',
    async () => {
      const [fail, heal] = FAIL_HISTORY[b.dialect];
      const a = await account(b.server.url, 'Fail');
      const c = await account(b.server.url, 'Failee');
      // The result by resignation (a table patch), then by the last move of a game (a move and its patch).
      const resigned = await ratedTable([a, c], 'knights');
      await b.db.exec(fail);
      try {
        resigned.players[0].client.send({ type: 'resign' });
        await resigned.players[0].client.next('error', (m) => m.code === 'server.error');
        const played = await ratedTable([a, c], 'knights');
        const refused = await playRandomly(played.players, 'failing-end', 10_000, 8_000).then(
          () => 'ended',
          () => 'stalled',
        );
        expect(refused).toBe('stalled');
        expect(
          played.players.some((p) =>
            p.client.received.some((m) => m.type === 'error' && m.code === 'server.error'),
          ),
        ).toBe(true);
        close(played.players);
        for (const id of [resigned.table.id, played.table.id]) {
          const [row] = await b.db.rows<{ status: string; result: unknown }>(
            'SELECT status, result FROM tables WHERE id = ?',
            [id],
          );
          expect(row).toEqual({ status: 'playing', result: null });
          expect(await ratingRows(b.db, id)).toEqual([]);
        }
        expect(
          await b.db.rows(
            'SELECT * FROM ratings WHERE player_id IN (SELECT player_id FROM seats WHERE table_id = ?)',
            [resigned.table.id],
          ),
        ).toEqual([]);
      } finally {
        await b.db.exec(heal);
      }
      // Mended, the same resignation is stored with its ratings.
      resigned.players[0].client.send({ type: 'resign' });
      await resigned.players[1].client.next('table', (m) => m.table.status === 'finished');
      close(resigned.players);
      const rows = await ratingRows(b.db, resigned.table.id);
      expect(rows).toHaveLength(2);
    },
  );

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'the leaderboard lists settled accounts only, best first, deleted accounts left out',
    async () => {
      const strong = await account(b.server.url, 'Strong');
      const settled = await account(b.server.url, 'Settled');
      const gone = await account(b.server.url, 'Gone');
      const ids: string[] = [];
      for (const v of [strong, settled, gone])
        ids.push((await v.get<{ player: { id: string } }>('/api/me')).body.player.id);
      const now = Date.now();
      const seed = [
        [ids[0], 2100, 50],
        [ids[1], 1800, 60],
        [ids[2], 2500, 50],
      ] as const;
      for (const [id, rating, deviation] of seed) {
        await b.db.rows(
          `INSERT INTO ratings (player_id, game, speed, rating, deviation, volatility, games, last_game_at)
         VALUES (?, 'knights', 'slow', ?, ?, 0.06, 40, ?)`,
          [id, rating, deviation, now],
        );
      }
      expect((await gone.post('/api/account/delete', { password: PASSWORD })).status).toBe(200);
      const board = (
        await strong.get<{ leaderboard: Leaderboard }>('/api/leaderboard?game=knights&speed=slow')
      ).body.leaderboard;
      expect(board.players.map((p) => [p.rank, p.name, p.rating])).toEqual([
        [1, strong.name, 2100],
        [2, settled.name, 1800],
      ]);
      const bad = await strong.get('/api/leaderboard?game=chess&speed=slow');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: { code: 'request.invalid' } });
    },
  );
});
