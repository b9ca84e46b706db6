/**
 * One player, one seat per table; rated play is for people; every seat says who holds it. Over the real
 * server (HTTP, a real SQLite file): the same account, guest or bot account joining twice (seats 1 and 3,
 * the first free one, two joins at once, through its web session and its bearer token), a bot account at
 * rated tables, pools and challenges, and the seat marks of the table (`holder`).
 */
import type { CreateTableResponse, SeatHolderKind, TableInfo } from '@attila/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from './server.js';
import { TestClient } from './test-support/client.js';
import { bearer, newBotAccount, type BotAccount } from './test-support/bot-api-client.js';
import { startTestServer } from './test-support/test-server.js';
import { Visitor } from './test-support/visitor.js';

let server: RunningServer;
let n = 0;
const unique = (base: string) => `${base}${process.pid % 1000}x${++n}`;

beforeAll(async () => {
  // Many accounts from one address in a minute: the per-address request limit is not what is tested here.
  server = await startTestServer({ httpRate: false });
});
afterAll(() => server.close());

async function account(base: string): Promise<Visitor> {
  const v = new Visitor(server.url);
  await v.post('/api/me/guest', {});
  const claimed = await v.post('/api/account/claim', {
    name: unique(base),
    password: 'a long test password',
  });
  expect(claimed.status).toBe(200);
  return v;
}

async function guest(): Promise<Visitor> {
  const v = new Visitor(server.url);
  expect((await v.post('/api/me/guest', {})).status).toBe(201);
  return v;
}

const tribes4 = { game: 'tribes', settings: { players: 4 }, seats: Array(4).fill({ type: 'human' }) };

async function tableOf(id: string): Promise<TableInfo> {
  return (await new Visitor(server.url).get<{ table: TableInfo }>(`/api/tables/${id}`)).body.table;
}

const code = (r: { body: unknown }) => (r.body as { error?: { code: string } }).error?.code;

describe('one seat per player per table', () => {
  it('an account that sits at seat 1 is refused seat 3, the first free seat, and a seat asked twice', async () => {
    const ann = await account('Ann');
    const bob = await account('Bob');
    const made = await ann.post<CreateTableResponse>('/api/tables', { ...tribes4, name: 'x' });
    expect(made.status).toBe(201);
    const id = made.body.table.id;
    expect((await bob.post(`/api/tables/${id}/join`, { name: 'x', seat: 1 })).status).toBe(200);
    for (const body of [{ seat: 3 }, {}, { seat: 1 }]) {
      const again = await bob.post(`/api/tables/${id}/join`, { name: 'x', ...body });
      expect(again.status, JSON.stringify(body)).toBe(409);
      expect(code(again)).toBe('join.already-seated');
    }
    // The creator too (it sits at seat 0 from the start).
    const creator = await ann.post(`/api/tables/${id}/join`, { name: 'x', seat: 2 });
    expect(code(creator)).toBe('join.already-seated');
    expect((await ann.post(`/api/tables/${id}/join`, { name: 'x' })).body).toMatchObject({
      error: { message: expect.stringMatching(/already sit at seat 0/) },
    });
    // Nothing changed: seats 2 and 3 are free, the table still open.
    const t = await tableOf(id);
    expect(t.status).toBe('open');
    expect(t.seats.map((s) => s.name !== null)).toEqual([true, true, false, false]);
  });

  it('two joins at once by one guest seat it once', async () => {
    const ann = await account('Ann');
    const g = await guest();
    const made = await ann.post<CreateTableResponse>('/api/tables', { ...tribes4, name: 'x' });
    const id = made.body.table.id;
    const both = await Promise.all([
      g.post(`/api/tables/${id}/join`, { name: 'x', seat: 1 }),
      g.post(`/api/tables/${id}/join`, { name: 'x', seat: 3 }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.map(code).filter(Boolean)).toEqual(['join.already-seated']);
    const t = await tableOf(id);
    expect(t.seats.filter((s) => s.holder === 'guest')).toHaveLength(1);
  });

  it('a bot account is refused a second seat through its bearer token and through its web session', async () => {
    const ann = await account('Ann');
    const bot = await newBotAccount(server.url, unique('Botty'));
    const made = await ann.post<CreateTableResponse>('/api/tables', { ...tribes4, name: 'x' });
    const id = made.body.table.id;
    const first = await bearer(server.url, bot.token, 'POST', `/api/tables/${id}/join`, {
      name: 'x',
      seat: 1,
    });
    expect(first.status).toBe(200);
    const again = await bearer(server.url, bot.token, 'POST', `/api/tables/${id}/join`, {
      name: 'x',
      seat: 3,
    });
    expect([again.status, code(again)]).toEqual([409, 'join.already-seated']);
    const firstFree = await bearer(server.url, bot.token, 'POST', `/api/tables/${id}/join`, { name: 'x' });
    expect(code(firstFree)).toBe('join.already-seated');
    const web = await bot.visitor.post(`/api/tables/${id}/join`, { name: 'x', seat: 2 });
    expect([web.status, code(web)]).toEqual([409, 'join.already-seated']);
    expect((await tableOf(id)).seats.map((s) => s.holder)).toEqual(['account', 'bot-account', null, null]);
  });

  it('a finished or started table is joined by nobody, its players included', async () => {
    const ann = await account('Ann');
    const bob = await account('Bob');
    const made = await ann.post<CreateTableResponse>('/api/tables', {
      game: 'knights',
      seats: [{ type: 'human' }, { type: 'human' }],
      name: 'x',
    });
    const id = made.body.table.id;
    const joined = await bob.post<{ seat: number; token: string }>(`/api/tables/${id}/join`, { name: 'x' });
    expect((await tableOf(id)).status).toBe('playing');
    expect(code(await bob.post(`/api/tables/${id}/join`, { name: 'x' }))).toBe('join.started');
    // The game is called off before anyone moved: the table is finished.
    const c = await TestClient.connect(server.url);
    c.send({ type: 'hello', table: id, seat: joined.body.seat, token: joined.body.token });
    await c.next('welcome');
    c.send({ type: 'abort' });
    await c.next('table', (m) => m.table.status === 'finished');
    c.close();
    expect((await tableOf(id)).status).toBe('finished');
    for (const who of [ann, bob, await guest()])
      expect(code(await who.post(`/api/tables/${id}/join`, { name: 'x' }))).toBe('join.started');
  });
  it('a table made with its seats held (pools, challenges) never gives one player two seats', () => {
    const held = (playerId: string) => ({ name: 'x', tokenHash: 'a'.repeat(64), playerId });
    const request = {
      game: 'knights' as const,
      settings: {},
      seats: [{ type: 'human' as const }, { type: 'human' as const }],
      listed: true,
      rated: false,
      clock: null,
      takeover: null,
    };
    const twice = server.lobby.prepare(request, {
      holders: () =>
        new Map([
          [0, held('p-same')],
          [1, held('p-same')],
        ]),
    });
    expect(!twice.ok && twice.error.code).toBe('join.already-seated');
    const two = server.lobby.prepare(request, {
      holders: () =>
        new Map([
          [0, held('p-one')],
          [1, held('p-two')],
        ]),
    });
    expect(two.ok).toBe(true);
  });
});

describe('rated play is for people', () => {
  let bot: BotAccount;
  beforeAll(async () => {
    bot = await newBotAccount(server.url, unique('Rbot'));
  });
  // A rated game needs a clock (its rating is per speed).
  const clock = { mode: 'move', moveMs: 30_000 };
  const rated = { game: 'knights', seats: [{ type: 'human' }, { type: 'human' }], rated: true, clock };

  it('a bot account may not sit at a rated table, by bearer token or web session, nor make one', async () => {
    const ann = await account('Ann');
    const made = await ann.post<CreateTableResponse>('/api/tables', { ...rated, name: 'x' });
    expect(made.status).toBe(201);
    const id = made.body.table.id;
    const byToken = await bearer(server.url, bot.token, 'POST', `/api/tables/${id}/join`, { name: 'x' });
    expect([byToken.status, code(byToken)]).toEqual([403, 'rated.bot-account']);
    expect((byToken.body as { error: { message: string } }).error.message).toMatch(/people.*ladder/);
    const bySession = await bot.visitor.post(`/api/tables/${id}/join`, { name: 'x' });
    expect([bySession.status, code(bySession)]).toEqual([403, 'rated.bot-account']);
    for (const create of [
      bearer(server.url, bot.token, 'POST', '/api/tables', { ...rated, name: 'x' }),
      bot.visitor.post('/api/tables', { ...rated, name: 'x' }),
    ])
      expect(code(await create)).toBe('rated.bot-account');
    expect((await tableOf(id)).seats[1].name).toBeNull();
    // Casual tables stay open to it.
    const casual = await ann.post<CreateTableResponse>('/api/tables', { ...rated, rated: false, name: 'x' });
    const sat = await bearer(server.url, bot.token, 'POST', `/api/tables/${casual.body.table.id}/join`, {
      name: 'x',
    });
    expect(sat.status).toBe(200);
  });

  it('a bot account may not join a rated pool (casual pools stay open to it)', async () => {
    const ratedPool = await bot.visitor.post('/api/pools/join', {
      game: 'knights',
      speed: 'fast',
      rated: true,
    });
    expect([ratedPool.status, code(ratedPool)]).toEqual([403, 'pool.rated-bot']);
    const casual = await bot.visitor.post('/api/pools/join', { game: 'knights', speed: 'fast' });
    expect(casual.status).toBe(201);
  });

  it('a rated challenge names no bot account, a bot account sends none', async () => {
    const ann = await account('Ann');
    const botName = (await bot.visitor.get<{ player: { name: string } }>('/api/me')).body.player.name;
    const toBot = await ann.post('/api/challenges', {
      game: 'knights',
      players: [botName],
      rated: true,
      clock,
    });
    expect([toBot.status, code(toBot)]).toEqual([403, 'challenge.rated-bot']);
    const annName = (await ann.get<{ player: { name: string } }>('/api/me')).body.player.name;
    const fromBot = await bot.visitor.post('/api/challenges', {
      game: 'knights',
      players: [annName],
      rated: true,
      clock,
    });
    expect(code(fromBot)).toBe('challenge.rated-bot');
    const casual = await ann.post('/api/challenges', { game: 'knights', players: [botName] });
    expect(casual.status).toBe(201);
  });
});

describe('every seat says who holds it', () => {
  it('account, guest, a client without a session, a bot account and a built-in bot', async () => {
    const ann = await account('Ann');
    const made = await ann.post<CreateTableResponse>('/api/tables', {
      game: 'tribes',
      settings: { players: 5 },
      seats: [...Array(4).fill({ type: 'human' }), { type: 'bot', bot: 'random' }],
      name: 'x',
    });
    const id = made.body.table.id;
    const bot = await newBotAccount(server.url, unique('Mark'));
    await (await guest()).post(`/api/tables/${id}/join`, { name: 'x', seat: 1 });
    await new Visitor(server.url).post(`/api/tables/${id}/join`, { name: 'Nobody', seat: 2 });
    const free: SeatHolderKind[] = (await tableOf(id)).seats.map((s) => s.holder as SeatHolderKind);
    expect(free).toEqual(['account', 'guest', 'anonymous', null, 'bot']);
    await bearer(server.url, bot.token, 'POST', `/api/tables/${id}/join`, { name: 'x', seat: 3 });
    const t = await tableOf(id);
    expect(t.status).toBe('playing');
    expect(t.seats.map((s) => s.holder)).toEqual(['account', 'guest', 'anonymous', 'bot-account', 'bot']);
    // A bot account's profile says so too; a person's does not.
    const botName = (await bot.visitor.get<{ player: { name: string } }>('/api/me')).body.player.name;
    const annName = (await ann.get<{ player: { name: string } }>('/api/me')).body.player.name;
    expect((await ann.get<{ profile: { bot?: boolean } }>(`/api/players/${botName}`)).body.profile.bot).toBe(
      true,
    );
    expect(
      (await ann.get<{ profile: { bot?: boolean } }>(`/api/players/${annName}`)).body.profile.bot,
    ).toBeUndefined();
    // The lobby list says the same.
    const listed = await new Visitor(server.url).get<{ tables: TableInfo[] }>('/api/tables');
    expect(listed.body.tables.find((x) => x.id === id)?.seats.map((s) => s.holder)).toEqual(
      t.seats.map((s) => s.holder),
    );
  });
});
