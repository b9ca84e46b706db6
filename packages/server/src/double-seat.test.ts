/**
 * The dead end testers met ("move.stale: the game is at move 122, not 122"): a rated game with one player in
 * two seats could never finish, because its rating step wrote that player's history row twice, the clash
 * was read as another writer's move, and the last move was refused as stale forever. Over a real server
 * and a real SQLite file: a rating write that clashes is a server error, never a stale move; a rated table
 * stored with one player in two seats (from before joins refused it) goes on casual after a restart, and
 * its game finishes, rated for nobody.
 */
import Database from 'better-sqlite3';
import type { CreateTableResponse, TableInfo } from '@attila/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './server.js';
import { tempDb } from './test-support/http.js';
import { playRandomly, seatClients, type Seated } from './test-support/play.js';
import { QUIET_SERVER } from './test-support/test-server.js';
import { Visitor } from './test-support/visitor.js';

const FAST = { mode: 'move', moveMs: 30_000 } as const;
let n = 0;
const running: RunningServer[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.close();
});

async function serve(file: string): Promise<RunningServer> {
  const s = await startServer({ ...QUIET_SERVER, dbFile: file, httpRate: false });
  running.push(s);
  return s;
}

async function account(url: string, base: string): Promise<Visitor & { id: string }> {
  const v = new Visitor(url);
  await v.post('/api/me/guest', {});
  const name = `${base}${process.pid % 1000}y${++n}`;
  expect((await v.post('/api/account/claim', { name, password: 'a long test password' })).status).toBe(200);
  const id = (await v.get<{ player: { id: string } }>('/api/me')).body.player.id;
  return Object.assign(v, { id });
}

/** A rated Knights table of `a` (creator) and `b`; the seat grants. */
async function ratedKnights(a: Visitor, b: Visitor) {
  const created = await a.post<CreateTableResponse>('/api/tables', {
    game: 'knights',
    seats: [{ type: 'human' }, { type: 'human' }],
    rated: true,
    clock: FAST,
    name: 'x',
  });
  expect(created.status).toBe(201);
  const id = created.body.table.id;
  const joined = await b.post<{ seat: number; token: string }>(`/api/tables/${id}/join`, { name: 'x' });
  expect(joined.status).toBe(200);
  const grants = [
    { seat: created.body.seat ?? 0, token: created.body.token ?? '' },
    { seat: joined.body.seat, token: joined.body.token },
  ];
  return { id, grants };
}

const errorsOf = (players: Seated[]) =>
  players.flatMap((p) => p.client.received.flatMap((m) => (m.type === 'error' ? [m.code] : [])));

describe('a rated game with one player in two seats', { timeout: 90_000 }, () => {
  it('a rating write that clashes is a server error, never a stale move', async () => {
    const file = tempDb();
    const server = await serve(file);
    const a = await account(server.url, 'Clash');
    const b = await account(server.url, 'Clashee');
    const { id, grants } = await ratedKnights(a, b);
    // The row the rating step will write already exists: its insert clashes on the history's key.
    const db = new Database(file);
    db.prepare(
      `INSERT INTO rating_history (player_id, game, speed, table_id, at, rating_before, rating_after, deviation)
       VALUES (?, 'knights', 'fast', ?, 0, 1500, 1500, 350)`,
    ).run(a.id, id);
    db.close();
    const players = await seatClients(server.url, id, grants);
    const ended = await playRandomly(players, 'clash', 10_000, 8_000).then(
      () => 'ended',
      () => 'stalled',
    );
    expect(ended).toBe('stalled');
    const errors = errorsOf(players);
    expect(errors).toContain('server.error');
    expect(errors).not.toContain('move.stale');
    for (const p of players) p.client.close();
  });

  it('stored before joins refused it: after a restart it goes on casual, finishes, and rates nobody', async () => {
    const file = tempDb();
    const first = await serve(file);
    const a = await account(first.url, 'Twice');
    const b = await account(first.url, 'Once');
    const { id, grants } = await ratedKnights(a, b);
    await first.close();
    running.splice(running.indexOf(first), 1);
    // What the old joins let happen: one account in both seats of a rated table.
    const db = new Database(file);
    db.prepare('UPDATE seats SET player_id = ? WHERE table_id = ?').run(a.id, id);
    db.close();

    const second = await serve(file);
    const info = (await new Visitor(second.url).get<{ table: TableInfo }>(`/api/tables/${id}`)).body.table;
    expect(info).toMatchObject({ status: 'playing', rated: false });
    const players = await seatClients(second.url, id, grants);
    await playRandomly(players, 'twice', 10_000, 30_000);
    expect(errorsOf(players)).not.toContain('move.stale');
    for (const p of players) p.client.close();
    const after = new Database(file, { readonly: true });
    const row = after.prepare('SELECT status, rated FROM tables WHERE id = ?').get(id);
    const history = after.prepare('SELECT COUNT(*) AS n FROM rating_history WHERE table_id = ?').get(id);
    after.close();
    expect(row).toEqual({ status: 'finished', rated: 0 });
    expect(history).toEqual({ n: 0 });
  });
});
