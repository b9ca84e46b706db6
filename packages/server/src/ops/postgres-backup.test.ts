/**
 * The PostgreSQL backup route of docs/deployment.md, as an operator runs it: `pg_dump --format=custom` while
 * the server plays, `pg_restore --clean --if-exists --no-owner` into an empty database, a fresh server on
 * it. Nothing that existed when the dump began is lost (every table holds at least the rows it had then),
 * the finished and the unfinished game, the ratings, a block, a report and a session are all there.
 * (SQLite's online backup: packages/cli/src/commands/admin.test.ts.)
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse, PlayerProfile, SeatGrant } from '@attila/protocol';
import { startServer, type RunningServer } from '../server.js';
import { account, at } from '../test-support/challenge-client.js';
import { pgBin, postgresAvailable, startPostgres, type OwnPostgres } from '../test-support/own-services.js';
import { playRandomly, seatClients } from '../test-support/play.js';
import { skipWithout } from '../test-support/skip-without.js';
import type { Visitor } from '../test-support/visitor.js';

const run = promisify(execFile);
const up = postgresAvailable && pgBin('pg_dump') !== null && pgBin('pg_restore') !== null;
const quiet = {
  port: 0,
  botDelayMs: 0,
  botMinThinkMs: 0,
  httpRate: false,
  logger: pino({ level: 'silent' }),
} as const;
let postgres: OwnPostgres | null = null;
const servers: RunningServer[] = [];

beforeAll(async () => {
  if (up) postgres = await startPostgres();
}, 60_000);
afterAll(async () => {
  for (const s of servers) await s.close().catch(() => undefined);
  await postgres?.close();
});

async function query<T>(url: string, text: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows as T[];
  } finally {
    await c.end();
  }
}

/** Every table of the server's schema with its number of rows. */
async function rowCounts(url: string): Promise<Record<string, number>> {
  const tables = await query<{ name: string }>(
    url,
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables)
    counts[name] = Number((await query<{ n: string }>(url, `SELECT COUNT(*) AS n FROM "${name}"`))[0].n);
  return counts;
}

/** A Knights table of two accounts (rated by default), both seated over sockets. */
async function table(a: Visitor, b: Visitor, rated = true) {
  const created = await a.post<CreateTableResponse>('/api/tables', {
    game: 'knights',
    seats: [{ type: 'human' }, { type: 'human' }],
    name: 'x',
    ...(rated ? { rated: true, clock: { mode: 'move', moveMs: 30_000 } } : {}),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.table.id;
  const j = await b.post<SeatGrant>(`/api/tables/${id}/join`, { name: 'x' });
  expect(j.status, JSON.stringify(j.body)).toBe(200);
  const players = await seatClients(a.url, id, [
    { seat: created.body.seat ?? 0, token: created.body.token ?? '' },
    { seat: j.body.seat, token: j.body.token },
  ]);
  return { id, players };
}

describe('backing up PostgreSQL with pg_dump while the server runs (docs/deployment.md)', () => {
  it.skipIf(skipWithout(up, 'PostgreSQL binaries (initdb, pg_ctl, pg_dump, pg_restore)'))(
    'the dump restores into a fresh database, and a fresh server on it has everything the dump began with',
    { timeout: 120_000 },
    async () => {
      const source = postgres!.url;
      const server = await startServer({ ...quiet, postgres: source });
      servers.push(server);
      const ann = await account(server.url, 'Ann');
      const bob = await account(server.url, 'Bob');
      const finished = await table(ann, bob);
      await playRandomly(finished.players, 'pg-backup-finished');
      const unfinished = await table(bob, ann);
      await playRandomly(unfinished.players, 'pg-backup-unfinished', 3);
      const cyd = await account(server.url, 'Cyd');
      expect((await cyd.post('/api/account/block', { name: 'Bob' })).status).toBe(200);
      const report = await bob.post('/api/account/reports', {
        name: 'Ann',
        reason: 'abuse',
        from: 'profile',
      });
      expect(report.status).toBe(201);
      const profile = async (v: Visitor) =>
        (await v.get<{ profile: PlayerProfile }>('/api/players/Ann')).body.profile.stats.find(
          (s) => s.game === 'knights',
        )?.ratings;
      const ratings = await profile(ann);
      expect(ratings?.[0]?.games).toBe(1);

      // The dump runs while a casual game is played: the server keeps writing.
      const busy = await table(ann, bob, false);
      const playing = playRandomly(busy.players, 'pg-backup-busy');
      const before = await rowCounts(source);
      const dump = join(mkdtempSync(join(tmpdir(), 'attila-pg-backup-')), 'attila.dump');
      await run(pgBin('pg_dump')!, ['--format=custom', `--file=${dump}`, source]);
      const after = await rowCounts(source);
      await playing;
      for (const t of [finished, unfinished, busy]) t.players.forEach((p) => p.client.close());
      await server.close();

      // A disaster: an empty database, the dump restored into it, a fresh server on it.
      await query(source, 'CREATE DATABASE restored');
      const target = source.replace(/\/postgres$/, '/restored');
      await run(pgBin('pg_restore')!, ['--clean', '--if-exists', '--no-owner', `--dbname=${target}`, dump]);
      const restored = await rowCounts(target);
      expect(Object.keys(restored)).toEqual(Object.keys(before));
      for (const name of Object.keys(before)) {
        expect(restored[name], name).toBeGreaterThanOrEqual(before[name]);
        expect(restored[name], name).toBeLessThanOrEqual(after[name]);
      }
      const fresh = await startServer({ ...quiet, postgres: target });
      servers.push(fresh);
      // Ann's browser comes back to the restored server still signed in.
      const annThere = at(ann, fresh.url);
      expect((await annThere.get<{ player: { name: string } | null }>('/api/me')).body.player?.name).toBe(
        'Ann',
      );
      const done = await annThere.get<{ table: { status: string } }>(`/api/tables/${finished.id}`);
      expect(done.body.table.status).toBe('finished');
      expect((await annThere.get(`/api/tables/${finished.id}/record`)).status).toBe(200);
      const open = await annThere.get<{ table: { status: string; seq: number } }>(
        `/api/tables/${unfinished.id}`,
      );
      expect(open.body.table).toMatchObject({ status: 'playing', seq: 3 });
      expect(await profile(annThere)).toEqual(ratings);
      const community = await at(cyd, fresh.url).get<{ blocked: string[] }>('/api/account/community');
      expect(community.body.blocked).toEqual(['Bob']);
      const [reports] = await query<{ n: string }>(target, 'SELECT COUNT(*) AS n FROM reports');
      expect(Number(reports.n)).toBe(1);
    },
  );
});
