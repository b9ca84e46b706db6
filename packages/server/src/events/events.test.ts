/**
 * Events against a real server (real sockets, real SQLite; PostgreSQL too where it runs): the refusals
 * with their codes (changing nothing), two joins at once, a Knights Swiss played to its end by five
 * accounts with the seat tokens the event gives each (a bye each round, no repeat), surviving a restart on
 * the same database mid-event, a Knights arena whose finished players are paired again at once, an arena
 * that never pairs a blocker with the player they blocked, and Tribes rounds of six players at two 3-player
 * tables.
 */
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { CreateEvent, EventView } from '@attila/protocol/events';
import { startServer, type RunningServer, type ServerOptions } from '../server.js';
import { tempDb } from '../test-support/http.js';
import { playRandomly, seatClients } from '../test-support/play.js';
import { dropSchema, freshSchema, postgresUp, POSTGRES_URL } from '../test-support/services.js';
import { skipWithout } from '../test-support/skip-without.js';
import { Visitor } from '../test-support/visitor.js';

let offset = 0;
const quiet = {
  port: 0,
  botDelayMs: 0,
  botMinThinkMs: 0,
  logger: pino({ level: 'silent' }),
  httpRate: { writesPerMinute: 10_000, readsPerMinute: 10_000 },
  events: { tickMs: 100 },
  now: () => Date.now() + offset,
};
const schema = freshSchema();

const backends: [string, boolean, () => Partial<ServerOptions>][] = [
  ['SQLite', true, () => ({ dbFile: tempDb() })],
  ['PostgreSQL', postgresUp, () => ({ postgres: POSTGRES_URL, postgresSchema: schema })],
];

afterAll(async () => {
  if (postgresUp) await dropSchema(schema);
});

let n = 0;
const unique = (base: string) => `${base}${Date.now() % 100000}x${++n}`;

async function account(url: string, base: string): Promise<Visitor> {
  const v = new Visitor(url);
  await v.post('/api/me/guest');
  const r = await v.post('/api/account/claim', { name: unique(base), password: 'a good long password' });
  expect(r.status).toBe(200);
  return v;
}

type One = { event: EventView };
const code = (a: { body: unknown }) => (a.body as { error?: { code: string } }).error?.code;
const LIVE = { mode: 'game', initialMs: 120_000, incrementMs: 0 } as const;

async function create(v: Visitor, body: Partial<CreateEvent>): Promise<EventView> {
  const r = await v.post<One>('/api/events', {
    name: 'Test event',
    format: 'swiss',
    rounds: 3,
    startsAt: Date.now() + offset + 3600_000,
    clock: LIVE,
    ...body,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.event;
}

/** Plays every game of the event under way now, each player with the seat token the event gave them. */
async function playCurrent(
  url: string,
  id: string,
  players: readonly Visitor[],
  seed: string,
): Promise<number> {
  const views = await Promise.all(
    players.map(async (p) => (await p.get<One>(`/api/events/${id}`)).body.event),
  );
  const byTable = new Map<string, { seat: number; token: string }[]>();
  for (const v of views) {
    if (!v.you?.table) continue;
    const grants = byTable.get(v.you.table) ?? [];
    grants.push({ seat: v.you.seat!, token: v.you.token! });
    byTable.set(v.you.table, grants);
  }
  await Promise.all(
    [...byTable].map(async ([table, grants], i) => {
      expect(grants.length).toBeGreaterThanOrEqual(2);
      const seated = await seatClients(url, table, grants);
      await playRandomly(seated, `${seed}/${i}`);
      for (const s of seated) s.client.close();
    }),
  );
  return byTable.size;
}

describe.each(backends)('events on %s', (_name, up, storeOf) => {
  let server: RunningServer | null = null;
  const start = async (store: Partial<ServerOptions>) => (server = await startServer({ ...quiet, ...store }));
  afterAll(async () => {
    await server?.close();
  });

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'refuses what the rules forbid, with clear codes',
    async () => {
      const s = await start(storeOf());
      const a = await account(s.url, 'Ada');
      const b = await account(s.url, 'Bo');
      const guest = new Visitor(s.url);
      await guest.post('/api/me/guest');
      const post = (v: Visitor, body: object) =>
        v.post('/api/events', {
          name: 'An event',
          format: 'swiss',
          rounds: 3,
          startsAt: Date.now() + 60_000,
          clock: LIVE,
          ...body,
        });
      expect(code(await post(guest, {}))).toBe('event.account');
      expect(code(await post(a, { format: 'knockout' }))).toBe('request.invalid');
      expect(code(await post(a, { format: 'arena' }))).toBe('event.length');
      expect(code(await post(a, { startsAt: Date.now() - 3600_000 }))).toBe('event.start');
      expect(code(await post(a, { minRating: 1600, maxRating: 1400 }))).toBe('event.rating-range');
      expect(code(await post(a, { bots: true }))).toBe('event.bots');
      expect(
        code(
          await post(a, {
            format: 'arena',
            minutes: 30,
            rounds: undefined,
            clock: { mode: 'days', days: 3 },
          }),
        ),
      ).toBe('event.clock');

      // Joining: twice, at once, out of range, without the code, a rated one as a guest.
      const open = await create(a, {});
      const both = await Promise.all([
        b.post(`/api/events/${open.id}/join`),
        b.post(`/api/events/${open.id}/join`),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(code(both.find((r) => r.status === 409)!)).toBe('event.joined');
      expect(code(await b.post(`/api/events/${open.id}/join`))).toBe('event.joined');
      expect((await b.get<One>(`/api/events/${open.id}`)).body.event.entrants).toBe(1);
      expect(code(await b.post(`/api/events/nope/join`))).toBe('event.not-found');
      expect(code(await b.post(`/api/events/${open.id}/join`, { code: 5 }))).toBe('request.invalid');

      const strong = await create(a, { minRating: 1700 });
      expect(code(await b.post(`/api/events/${strong.id}/join`))).toBe('event.rating-range');
      const weak = await create(a, { maxRating: 1400 });
      expect(code(await b.post(`/api/events/${weak.id}/join`))).toBe('event.rating-range');

      const hidden = await create(a, { private: true });
      expect(hidden.code).toMatch(/./);
      expect(code(await b.get(`/api/events/${hidden.id}`))).toBe('event.not-found');
      expect(
        (await b.get<{ events: { id: string }[] }>('/api/events')).body.events.map((e) => e.id),
      ).not.toContain(hidden.id);
      expect(code(await b.post(`/api/events/${hidden.id}/join`, { code: 'wrong' }))).toBe('event.code');
      expect((await b.post(`/api/events/${hidden.id}/join`, { code: hidden.code })).status).toBe(200);
      expect((await b.get<One>(`/api/events/${hidden.id}`)).body.event.code).toBeNull();

      const rated = await create(a, { rated: true });
      expect(code(await guest.post(`/api/events/${rated.id}/join`))).toBe('event.guest');

      // Withdrawing: not in, then twice.
      expect(code(await guest.post(`/api/events/${open.id}/withdraw`))).toBe('event.not-entered');
      expect((await b.post(`/api/events/${open.id}/withdraw`)).status).toBe(200);
      expect(code(await b.post(`/api/events/${open.id}/withdraw`))).toBe('event.withdrawn');
      expect(code(await b.post(`/api/events/${open.id}/join`))).toBe('event.joined');

      // A finished event: one that started with fewer than two entrants ends at once.
      const lonely = await create(a, { startsAt: Date.now() + offset });
      await a.post(`/api/events/${lonely.id}/join`);
      await expect
        .poll(async () => (await a.get<One>(`/api/events/${lonely.id}`)).body.event.status, {
          timeout: 20_000,
        })
        .toBe('finished');
      expect(code(await b.post(`/api/events/${lonely.id}/join`))).toBe('event.finished');
      expect(code(await a.post(`/api/events/${lonely.id}/withdraw`))).toBe('event.finished');
      await s.close();
      server = null;
    },
    120_000,
  );

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'runs a Knights Swiss to its end: five players, a bye each round, no repeat, through a restart',
    async () => {
      const store = storeOf();
      let s = await start(store);
      const organiser = await account(s.url, 'Org');
      const players = await Promise.all(['Ann', 'Ben', 'Cid', 'Dot', 'Eve'].map((p) => account(s.url, p)));
      const event = await create(organiser, {
        name: 'Five-player Swiss',
        rounds: 3,
        startsAt: Date.now() + offset + 500,
      });
      for (const p of players) expect((await p.post(`/api/events/${event.id}/join`)).status).toBe(200);
      const view = async () => (await organiser.get<One>(`/api/events/${event.id}`)).body.event;
      await expect.poll(async () => (await view()).round, { timeout: 20_000 }).toBe(1);

      // Round 1 is paired; the server restarts before anyone plays (the same database).
      await s.close();
      s = await start({ ...store, port: s.port });
      for (let round = 1; round <= 3; round++) {
        await expect.poll(async () => (await view()).round, { timeout: 20_000 }).toBe(round);
        const tables = await playCurrent(s.url, event.id, players, `swiss/${round}`);
        expect(tables).toBe(2);
      }
      await expect.poll(async () => (await view()).status, { timeout: 20_000 }).toBe('finished');
      const done = await view();
      const games = done.games;
      const byes = games.filter((g) => g.players.length === 1).map((g) => g.players[0]);
      expect(byes).toHaveLength(3);
      expect(new Set(byes).size).toBe(3);
      const pairs = games.filter((g) => g.players.length === 2).map((g) => [...g.players].sort().join('+'));
      expect(pairs).toHaveLength(6);
      expect(new Set(pairs).size).toBe(6);
      expect(games.every((g) => g.over)).toBe(true);
      // Six games and three byes: nine points in all.
      expect(done.standings.reduce((t, x) => t + x.score, 0)).toBe(9);
      expect(done.standings.map((x) => x.rank)).toEqual([1, 2, 3, 4, 5]);
      await s.close();
      server = null;
    },
    240_000,
  );

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'runs a Knights arena: a finished pair is paired again at once, and it ends at its time',
    async () => {
      const s = await start(storeOf());
      const organiser = await account(s.url, 'Org');
      const players = await Promise.all(['Fay', 'Gus', 'Hal', 'Ivy'].map((p) => account(s.url, p)));
      const event = await create(organiser, {
        name: 'Arena',
        format: 'arena',
        rounds: undefined,
        minutes: 5,
        startsAt: Date.now() + offset,
      });
      for (const p of players) expect((await p.post(`/api/events/${event.id}/join`)).status).toBe(200);
      const view = async () => (await organiser.get<One>(`/api/events/${event.id}`)).body.event;
      await expect
        .poll(async () => (await view()).games.filter((g) => !g.over).length, { timeout: 20_000 })
        .toBe(2);
      // The games under way from the `from`th on, once every game before it is over and recorded (-1 before).
      const openFrom = async (from: number) => {
        const games = (await view()).games;
        if (games.some((g) => g.ordinal < from && !g.over)) return -1;
        return games.filter((g) => g.ordinal >= from && !g.over).length;
      };
      await playCurrent(s.url, event.id, players, 'arena/1');
      // Everyone is paired again at once (never the same opponent straight away).
      await expect.poll(() => openFrom(2), { timeout: 20_000 }).toBe(2);
      await playCurrent(s.url, event.id, players, 'arena/2');
      await expect.poll(() => openFrom(4), { timeout: 20_000 }).toBe(2);
      const mid = await view();
      const first = mid.games.filter((g) => g.ordinal < 2).map((g) => [...g.players].sort().join('+'));
      const second = mid.games.filter((g) => g.ordinal >= 2 && g.ordinal < 4);
      for (const g of second) expect(first).not.toContain([...g.players].sort().join('+'));
      // Two games each: winners 2 points a win; everyone has played two.
      expect(mid.standings.every((x) => x.tieBreaks.games === 2)).toBe(true);
      expect(mid.standings.reduce((t, x) => t + x.score, 0)).toBe(8);
      // Time is up: the games under way are played out, nothing new is paired, the arena ends.
      offset += 6 * 60_000;
      await playCurrent(s.url, event.id, players, 'arena/3');
      await expect.poll(async () => (await view()).status, { timeout: 30_000 }).toBe('finished');
      const done = await view();
      expect(done.games.filter((g) => !g.over)).toEqual([]);
      expect(done.games).toHaveLength(6);
      await s.close();
      server = null;
      offset = 0;
    },
    240_000,
  );

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'an arena never pairs two of whom one blocked the other: both wait until a third comes',
    async () => {
      const s = await start(storeOf());
      const organiser = await account(s.url, 'Org');
      const [pat, quin, rex] = await Promise.all(['Pat', 'Quin', 'Rex'].map((p) => account(s.url, p)));
      const meOf = async (v: Visitor) =>
        (await v.get<{ player: { id: string; name: string } }>('/api/me')).body.player;
      const [patMe, quinMe] = [await meOf(pat), await meOf(quin)];
      expect((await pat.post('/api/account/block', { name: quinMe.name })).status).toBe(200);
      const event = await create(organiser, {
        name: 'Arena apart',
        format: 'arena',
        rounds: undefined,
        minutes: 5,
        startsAt: Date.now() + offset,
      });
      for (const p of [pat, quin]) expect((await p.post(`/api/events/${event.id}/join`)).status).toBe(200);
      const view = async () => (await organiser.get<One>(`/api/events/${event.id}`)).body.event;
      await expect.poll(async () => (await view()).status, { timeout: 20_000 }).toBe('running');
      // Many of the director's looks (100 ms apart) pass with only the two of them there.
      await new Promise((r) => setTimeout(r, 1500));
      expect((await view()).games).toEqual([]);
      expect((await rex.post(`/api/events/${event.id}/join`)).status).toBe(200);
      await expect.poll(async () => (await view()).games.length, { timeout: 20_000 }).toBe(1);
      const [game] = (await view()).games;
      // (A game names its players by id.)
      expect(game.players).toContain((await meOf(rex)).id);
      expect([patMe.id, quinMe.id].filter((id) => game.players.includes(id))).toHaveLength(1);
      await s.close();
      server = null;
    },
    120_000,
  );

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'runs Tribes rounds: six players at two tables of three each round, 12/6/0 points a table',
    async () => {
      const s = await start(storeOf());
      const organiser = await account(s.url, 'Org');
      const players = await Promise.all(['Jo', 'Ki', 'Lu', 'Mo', 'Ned', 'Oz'].map((p) => account(s.url, p)));
      const event = await create(organiser, {
        name: 'Tribes rounds',
        format: 'tribes-rounds',
        rounds: 2,
        tableSize: 3,
        startsAt: Date.now() + offset + 3000,
      });
      for (const p of players) expect((await p.post(`/api/events/${event.id}/join`)).status).toBe(200);
      const view = async () => (await organiser.get<One>(`/api/events/${event.id}`)).body.event;
      for (let round = 1; round <= 2; round++) {
        await expect.poll(async () => (await view()).round, { timeout: 20_000 }).toBe(round);
        const current = (await view()).games.filter((g) => g.round === round);
        expect(current.map((g) => g.players.length)).toEqual([3, 3]);
        expect(new Set(current.flatMap((g) => g.players)).size).toBe(6);
        expect(await playCurrent(s.url, event.id, players, `tribes/${round}`)).toBe(2);
      }
      await expect.poll(async () => (await view()).status, { timeout: 30_000 }).toBe('finished');
      const done = await view();
      expect(done.games.every((g) => g.over && g.places !== null)).toBe(true);
      // Each table shares 12 + 6 + 0 = 18 points (ties share theirs): 72 over two rounds of two tables.
      expect(done.standings.reduce((t, x) => t + x.score, 0)).toBe(72);
      await s.close();
      server = null;
    },
    300_000,
  );

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'creates the scheduled events itself, each next occurrence once, across a restart',
    async () => {
      const store = storeOf();
      const schedule = [
        {
          id: `hourly-${++n}`,
          every: 'hour' as const,
          minute: 0,
          hour: 0,
          weekday: 0,
          event: {
            name: 'Hourly arena',
            format: 'arena' as const,
            minutes: 30,
            clock: LIVE,
            rated: false,
            minRating: null,
            maxRating: null,
            tableSize: 3,
            minTable: 3,
            bots: false,
          },
        },
      ];
      const ours = async (url: string) =>
        (
          await new Visitor(url).get<{ events: { id: string; name: string; status: string }[] }>(
            '/api/events',
          )
        ).body.events.filter((e) => e.id.startsWith(schedule[0].id + '-'));
      let s = await start({ ...store, events: { tickMs: 100, schedule } });
      await expect.poll(async () => (await ours(s.url)).length, { timeout: 20_000 }).toBe(1);
      const [first] = await ours(s.url);
      expect(first).toMatchObject({ name: 'Hourly arena', status: 'upcoming' });
      expect(Number(first.id.slice(schedule[0].id.length + 1)) % 3600_000).toBe(0);
      await s.close();
      s = await start({ ...store, events: { tickMs: 100, schedule } });
      await new Promise((r) => setTimeout(r, 500));
      expect((await ours(s.url)).map((e) => e.id)).toEqual([first.id]);
      await s.close();
      server = null;
    },
    120_000,
  );
});
