/**
 * An event outlives the process directing it: two real `attila serve` processes (children) on one fresh
 * PostgreSQL schema and the machine's Redis, a seven-player Knights Swiss of three rounds. Mid-round 1 (one
 * game over, one half played, one not begun) the process directing the event (holding its lease, /health
 * `events`) is killed with SIGKILL; the other takes the event over, the half-played game goes on from its
 * last move, and round 2 is paired once. The killed process is started again (a restart), and mid-round 2 the new director is killed too;
 * the restarted one takes over and pairs round 3. At the end: every pairing a row, every row's table
 * played to its end, no table besides them in the schema (no pairing made twice), no repeat, one bye a
 * round to three different players, 3 × (3 + 1) points. Only the server processes are killed, never
 * PostgreSQL or Redis (the machine's shared services).
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { TableInfo } from '@attila/protocol';
import type { CreateEvent, EventView } from '@attila/protocol/events';
import { kill, startChild, type ChildServer } from '../test-support/child.js';
import { get } from '../test-support/http.js';
import { playRandomly, seatClients, type Seated } from '../test-support/play.js';
import { SHARED_UP } from '../test-support/shared-servers.js';
import { dropSchema, freshSchema, POSTGRES_URL, REDIS_URL } from '../test-support/services.js';
import { Visitor } from '../test-support/visitor.js';

const LEASE_MS = 300;
const schema = freshSchema();
const children: ChildServer[] = [];
afterAll(async () => {
  for (const c of children.splice(0)) await kill(c);
  if (SHARED_UP) await dropSchema(schema);
});

const SHARED = [
  '--postgres',
  POSTGRES_URL,
  '--postgres-schema',
  schema,
  '--redis',
  REDIS_URL,
  '--lease-ms',
  String(LEASE_MS),
  '--bot-delay',
  '0',
  '--http-rate',
  '0',
];

async function serve(): Promise<ChildServer> {
  const c = await startChild('unused.db', SHARED);
  children.push(c);
  return c;
}

async function killed(c: ChildServer): Promise<void> {
  await kill(c, 'SIGKILL');
  children.splice(children.indexOf(c), 1);
  expect(c.process.signalCode).toBe('SIGKILL');
}

/** Whether the process at `url` directs the event (holds its lease). */
const directs = async (url: string, id: string) =>
  (await get<{ events: string[] }>(url, '/health')).body.events.includes(id);

/** The same person (their session cookie) through another process. */
function at(v: Visitor, url: string): Visitor {
  const w = new Visitor(url);
  for (const [k, x] of v.cookies) w.cookies.set(k, x);
  return w;
}

type One = { event: EventView };
let n = 0;
async function account(url: string, base: string): Promise<Visitor> {
  const v = new Visitor(url);
  expect((await v.post('/api/me/guest')).status).toBeLessThan(300);
  const name = `${base}${Date.now() % 100000}x${++n}`;
  const r = await v.post('/api/account/claim', { name, password: 'a good long password' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return v;
}

/** The round's games, each with the seat grants its players got from the event (through `url`). */
async function grants(url: string, id: string, players: readonly Visitor[]) {
  const byTable = new Map<string, { seat: number; token: string }[]>();
  for (const p of players) {
    const you = (await at(p, url).get<One>(`/api/events/${id}`)).body.event.you;
    if (!you?.table) continue;
    byTable.set(you.table, [...(byTable.get(you.table) ?? []), { seat: you.seat!, token: you.token! }]);
  }
  return [...byTable].sort(([a], [b]) => (a < b ? -1 : 1));
}

const tableOf = async (url: string, id: string) =>
  (await get<{ table: TableInfo }>(url, `/api/tables/${id}`)).body.table;

async function playOut(url: string, table: string, g: { seat: number; token: string }[], seed: string) {
  const seated = await seatClients(url, table, g);
  await playRandomly(seated, seed);
  close(seated);
}

/** Plays `moves` moves of a game and leaves it under way; resolves once the server has them all. */
async function playSome(url: string, table: string, g: { seat: number; token: string }[], moves: number) {
  const seated = await seatClients(url, table, g);
  await playRandomly(seated, `some/${table}`, moves);
  await expect.poll(async () => (await tableOf(url, table)).seq, { timeout: 20_000 }).toBe(moves);
  close(seated);
}

const close = (seated: Seated[]) => seated.forEach((s) => s.client.close());

describe('an event across two processes (PostgreSQL + Redis)', () => {
  it.skipIf(!SHARED_UP)(
    'survives a SIGKILL of its director mid-round and a restart: no game or pairing lost, every round completes',
    async () => {
      let a = await serve();
      let b = await serve();

      const organiser = await account(b.url, 'Org');
      const players = await Promise.all(
        ['Ann', 'Ben', 'Cid', 'Dot', 'Eve', 'Fay', 'Gus'].map((p) => account(b.url, p)),
      );
      const body: CreateEvent = {
        name: 'Swiss across processes',
        format: 'swiss',
        rounds: 3,
        startsAt: Date.now() + 1500,
        clock: { mode: 'game', initialMs: 600_000, incrementMs: 0 },
      };
      const made = await organiser.post<One>('/api/events', body);
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const id = made.body.event.id;
      for (const p of players) expect((await p.post(`/api/events/${id}/join`)).status).toBe(200);
      const view = async (url: string) => (await at(organiser, url).get<One>(`/api/events/${id}`)).body.event;

      // Round 1, paired by the event's director: one of the two processes, `a` from here on.
      await expect.poll(async () => (await view(b.url)).round, { timeout: 20_000 }).toBe(1);
      const directors = async () => [await directs(a.url, id), await directs(b.url, id)];
      await expect.poll(async () => (await directors()).filter(Boolean).length).toBe(1);
      if ((await directors())[1]) [a, b] = [b, a];
      // One game played out, one half played, one not begun.
      let round = await grants(b.url, id, players);
      expect(round).toHaveLength(3);
      await playOut(b.url, round[0][0], round[0][1], 'r1/0');
      await playSome(b.url, round[1][0], round[1][1], 4);
      await expect
        .poll(async () => (await view(b.url)).games.filter((g) => g.round === 1 && g.over).length, {
          timeout: 20_000,
        })
        .toBe(2); // the game played out and the bye

      await killed(a);
      await expect.poll(() => directs(b.url, id), { timeout: 20_000 }).toBe(true);
      // The first process comes back (a restart); it waits, the event's lease being the second's.
      a = await serve();
      // The half-played game goes on from its fourth move, through the restarted process.
      expect((await tableOf(a.url, round[1][0])).seq).toBe(4);
      await playOut(a.url, round[1][0], round[1][1], 'r1/1');
      await playOut(a.url, round[2][0], round[2][1], 'r1/2');

      // Round 2, paired by the second process once; killed in turn mid-round.
      await expect.poll(async () => (await view(a.url)).round, { timeout: 30_000 }).toBe(2);
      expect(await directs(a.url, id)).toBe(false);
      round = await grants(a.url, id, players);
      expect(round).toHaveLength(3);
      await playOut(a.url, round[0][0], round[0][1], 'r2/0');
      await playSome(a.url, round[1][0], round[1][1], 3);
      await killed(b);
      await expect.poll(() => directs(a.url, id), { timeout: 20_000 }).toBe(true);
      expect((await tableOf(a.url, round[1][0])).seq).toBe(3);
      await playOut(a.url, round[1][0], round[1][1], 'r2/1');
      await playOut(a.url, round[2][0], round[2][1], 'r2/2');

      // Round 3 from the restarted process, to the end.
      await expect.poll(async () => (await view(a.url)).round, { timeout: 30_000 }).toBe(3);
      round = await grants(a.url, id, players);
      expect(round).toHaveLength(3);
      await Promise.all(round.map(([t, g], i) => playOut(a.url, t, g, `r3/${i}`)));
      await expect.poll(async () => (await view(a.url)).status, { timeout: 30_000 }).toBe('finished');

      const done = await view(a.url);
      const games = done.games;
      expect(games).toHaveLength(12);
      expect(games.every((g) => g.over)).toBe(true);
      for (let r = 1; r <= 3; r++) {
        const of = games.filter((g) => g.round === r);
        expect(of.map((g) => g.players.length).sort()).toEqual([1, 2, 2, 2]);
        expect(new Set(of.flatMap((g) => g.players)).size).toBe(7);
      }
      const byes = games.filter((g) => g.players.length === 1).map((g) => g.players[0]);
      expect(new Set(byes).size).toBe(3);
      const pairs = games.filter((g) => g.players.length === 2);
      expect(new Set(pairs.map((g) => [...g.players].sort().join('+'))).size).toBe(9);
      for (const g of pairs) expect(g.places).not.toBeNull();
      expect(done.standings.reduce((t, x) => t + x.score, 0)).toBe(12);
      // No table besides the nine the rows name: no round was paired twice, none half made.
      const c = new pg.Client({ connectionString: POSTGRES_URL });
      await c.connect();
      try {
        const rows = (
          await c.query<{ id: string; status: string }>(`SELECT id, status FROM ${schema}.tables`)
        ).rows;
        expect(rows.map((r) => r.id).sort()).toEqual(pairs.map((g) => g.table!).sort());
        expect(rows.every((r) => r.status === 'finished')).toBe(true);
      } finally {
        await c.end();
      }
    },
    300_000,
  );
});
