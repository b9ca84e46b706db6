import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse, PlayerProfile, SeatGrant } from '@attila/protocol';
import { startServer, type RunningServer } from '@attila/server';
import { playRandomly, seatClients } from '@attila/server/test-support/play';
import { Visitor } from '@attila/server/test-support/visitor';
import { attila } from './cli.test-support.js';

const dir = mkdtempSync(join(tmpdir(), 'attila-admin-'));
const quiet = {
  port: 0,
  botDelayMs: 0,
  botMinThinkMs: 0,
  ladder: false,
  logger: pino({ level: 'silent' }),
  httpRate: { writesPerMinute: 10_000, readsPerMinute: 10_000 },
} as const;
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close().catch(() => undefined);
});

let n = 0;
async function account(url: string, base: string): Promise<Visitor & { name: string }> {
  const v = new Visitor(url);
  await v.post('/api/me/guest', {});
  const name = `${base}${Date.now() % 100000}x${++n}`;
  const claimed = await v.post('/api/account/claim', { name, password: 'correct horse' });
  expect(claimed.status).toBe(200);
  return Object.assign(v, { name });
}

/** A Knights table (rated by default) of two accounts, both seated over sockets. */
async function ratedTable(a: Visitor, b: Visitor, rated = true) {
  const created = await a.post<CreateTableResponse>('/api/tables', {
    game: 'knights',
    settings: {},
    seats: [{ type: 'human' }, { type: 'human' }],
    rated,
    clock: { mode: 'move', moveMs: 30_000 },
    name: 'ignored',
  });
  expect(created.status).toBe(201);
  const id = created.body.table.id;
  const j = await b.post<SeatGrant>(`/api/tables/${id}/join`, { name: 'ignored' });
  expect(j.status).toBe(200);
  const players = await seatClients(a.url, id, [
    { seat: created.body.seat ?? 0, token: created.body.token ?? '' },
    { seat: j.body.seat, token: j.body.token },
  ]);
  return { id, players };
}

describe('attila admin backup and restore (SQLite)', { timeout: 120_000 }, () => {
  it('a backup taken while the server plays holds every finished game, the unfinished one and the ratings', async () => {
    const db = join(dir, 'live.db');
    const server = await startServer({ ...quiet, dbFile: db });
    servers.push(server);
    const ann = await account(server.url, 'Ann');
    const bob = await account(server.url, 'Bob');
    const finished = await ratedTable(ann, bob);
    await playRandomly(finished.players, 'backup-finished');
    const unfinished = await ratedTable(bob, ann);
    await playRandomly(unfinished.players, 'backup-unfinished', 3);
    const profileBefore = await ann.get<{ profile: PlayerProfile }>(`/api/players/${ann.name}`);
    const knights = profileBefore.body.profile.stats.find((s) => s.game === 'knights');
    expect(knights?.ratings[0]?.games).toBe(1);

    // A third game (unrated: the ratings stay as they were) is played while the backup runs: the server writes.
    const busy = await ratedTable(ann, bob, false);
    const playing = playRandomly(busy.players, 'backup-busy');
    const out = join(dir, 'copy.db');
    const backup = await attila(['admin', 'backup', '--db', db, '--out', out]);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/backed up .* \d+ tables \(\d+ finished\), 2 accounts/);
    await playing;
    for (const t of [finished, unfinished, busy]) t.players.forEach((p) => p.client.close());
    await server.close();

    // A disaster: a fresh machine, the backup restored to a new file, a new server on it.
    const restored = join(dir, 'restored.db');
    const restore = await attila(['admin', 'restore', '--from', out, '--db', restored]);
    expect(restore.code).toBe(0);
    const fresh = await startServer({ ...quiet, dbFile: restored });
    servers.push(fresh);
    const visitor = new Visitor(fresh.url);
    const done = await visitor.get<{ table: { status: string; result: unknown } }>(
      `/api/tables/${finished.id}`,
    );
    expect(done.body.table.status).toBe('finished');
    const record = await visitor.get<{ moves: string[] }>(`/api/tables/${finished.id}/record`);
    expect(record.status).toBe(200);
    const open = await visitor.get<{ table: { status: string; seq: number } }>(
      `/api/tables/${unfinished.id}`,
    );
    expect(open.body.table).toMatchObject({ status: 'playing', seq: 3 });
    const profile = await visitor.get<{ profile: PlayerProfile }>(`/api/players/${ann.name}`);
    expect(profile.body.profile.stats.find((s) => s.game === 'knights')?.ratings).toEqual(knights?.ratings);
  });

  it('refuses to overwrite: an existing backup file, an existing database without --replace; and a file that is no database', async () => {
    const db = join(dir, 'small.db');
    const server = await startServer({ ...quiet, dbFile: db });
    servers.push(server);
    const out = join(dir, 'small-copy.db');
    expect((await attila(['admin', 'backup', '--db', db, '--out', out])).code).toBe(0);
    const twice = await attila(['admin', 'backup', '--db', db, '--out', out]);
    expect(twice.code).not.toBe(0);
    expect(twice.stderr).toContain('backup.exists');
    const over = await attila(['admin', 'restore', '--from', out, '--db', db]);
    expect(over.code).not.toBe(0);
    expect(over.stderr).toContain('restore.exists');
    const missing = await attila([
      'admin',
      'backup',
      '--db',
      join(dir, 'nope.db'),
      '--out',
      join(dir, 'x.db'),
    ]);
    expect(missing.stderr).toContain('backup.no-database');
    expect(existsSync(join(dir, 'x.db'))).toBe(false);
    const notDb = await attila([
      'admin',
      'restore',
      '--from',
      import.meta.filename,
      '--db',
      join(dir, 'y.db'),
    ]);
    expect(notDb.stderr).toMatch(/backup\.(unreadable|damaged)/);
    expect(existsSync(join(dir, 'y.db'))).toBe(false);
  });
});
