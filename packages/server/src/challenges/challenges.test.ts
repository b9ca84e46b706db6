/**
 * Challenges against a real server on both stores: refusals with their codes, a Knights challenge accepted
 * and played to its end by the two accounts with the seat tokens the server derived for them, the player
 * socket `/ws/me` hearing a challenge at once, a 3-seat Tribes challenge that starts when both others
 * accepted, and a challenge that survives a restart on the same database and is accepted after it.
 */
import pino from 'pino';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import type { TableInfo } from '@attila/protocol';
import type { ChallengeMessage, ChallengeView } from '@attila/protocol/challenges';
import { startServer, type RunningServer, type ServerOptions } from '../server.js';
import { tempDb } from '../test-support/http.js';
import { playRandomly, seatClients } from '../test-support/play.js';
import { dropSchema, freshSchema, postgresUp, POSTGRES_URL } from '../test-support/services.js';
import { Visitor } from '../test-support/visitor.js';
import { skipWithout } from '../test-support/skip-without.js';

const quiet = {
  port: 0,
  botDelayMs: 0,
  botMinThinkMs: 0,
  logger: pino({ level: 'silent' }),
  httpRate: { writesPerMinute: 10_000, readsPerMinute: 10_000 },
};
const schema = freshSchema();
const dbFile = tempDb();

const backends: [string, boolean, Partial<ServerOptions>][] = [
  ['SQLite', true, { dbFile }],
  ['PostgreSQL', postgresUp, { postgres: POSTGRES_URL, postgresSchema: schema }],
];

afterAll(async () => {
  if (postgresUp) await dropSchema(schema);
});

let n = 0;
const unique = (base: string) => `${base}${Date.now() % 100000}x${++n}`;

async function account(url: string, base: string): Promise<Visitor & { name: string }> {
  const v = new Visitor(url) as Visitor & { name: string };
  v.name = unique(base);
  await v.post('/api/me/guest');
  const r = await v.post('/api/account/claim', { name: v.name, password: 'a good long password' });
  expect(r.status).toBe(200);
  return v;
}

type One = { challenge: ChallengeView };
const code = (a: { body: unknown }) => (a.body as { error?: { code: string } }).error?.code;

/** The player's socket `/ws/me`: every message it hears. */
async function playerSocket(v: Visitor): Promise<{ heard: ChallengeMessage[]; close(): void }> {
  const heard: ChallengeMessage[] = [];
  const ws = new WebSocket(v.url.replace('http', 'ws') + '/ws/me', {
    headers: { cookie: [...v.cookies].map(([k, x]) => `${k}=${x}`).join('; '), origin: v.url },
  });
  ws.on('message', (d) => heard.push(JSON.parse(d.toString()) as ChallengeMessage));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { heard, close: () => ws.close() };
}

describe.each(backends)('challenges on %s', (_name, up, store) => {
  let server: RunningServer;
  const start = async () => (server = await startServer({ ...quiet, ...store }));

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'refuses bad challenges with clear codes, changing nothing',
    async () => {
      await start();
      const a = await account(server.url, 'Alaric');
      const b = await account(server.url, 'Brenna');
      const guest = new Visitor(server.url);
      await guest.post('/api/me/guest');
      const send = (v: Visitor, body: object) => v.post('/api/challenges', { game: 'knights', ...body });
      expect(code(await send(a, { players: [a.name] }))).toBe('challenge.self');
      expect(code(await send(a, { players: ['Nobody' + unique('x')] }))).toBe('challenge.unknown-player');
      expect(code(await send(guest, { players: [b.name], rated: true }))).toBe('challenge.rated-guest');
      expect(code(await send(a, { players: [b.name], settings: { layout: 'no such layout' } }))).toBe(
        'challenge.settings',
      );
      expect(code(await send(a, { players: [b.name], seat: 3 }))).toBe('challenge.settings');
      expect(code(await new Visitor(server.url).post('/api/challenges', {}))).toBe('session.none');
      expect((await a.get<{ challenges: ChallengeView[] }>('/api/challenges')).body.challenges).toEqual([]);
      // A casual challenge from a guest is fine.
      expect((await send(guest, { players: [b.name] })).status).toBe(201);
    },
  );

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'a Knights challenge: heard at once, accepted once, both seated, played to its end',
    async () => {
      const a = await account(server.url, 'Athaulf');
      const b = await account(server.url, 'Berta');
      const c = await account(server.url, 'Cniva');
      const socket = await playerSocket(b);
      const made = await a.post<One>('/api/challenges', { game: 'knights', players: [b.name], seat: 1 });
      expect(made.status).toBe(201);
      const id = made.body.challenge.id;
      await expect.poll(() => socket.heard.some((m) => m.challenge.id === id)).toBe(true);
      const heard = socket.heard.find((m) => m.challenge.id === id)!.challenge;
      expect(heard).toMatchObject({ from: a.name, status: 'pending', seat: 0, token: null, game: 'knights' });

      expect(code(await c.post(`/api/challenges/${id}/accept`))).toBe('challenge.not-addressed');
      expect(code(await a.post(`/api/challenges/${id}/accept`))).toBe('challenge.own');
      const accepted = await b.post<One>(`/api/challenges/${id}/accept`);
      expect(accepted.status).toBe(200);
      expect(code(await b.post(`/api/challenges/${id}/accept`))).toBe('challenge.answered');
      expect(code(await a.post(`/api/challenges/${id}/cancel`))).toBe('challenge.closed');
      const table = accepted.body.challenge.table!;
      expect(table).toMatch(/./);
      await expect.poll(() => socket.heard.some((m) => m.challenge.table === table)).toBe(true);
      socket.close();

      const info = (await b.get<{ table: TableInfo }>(`/api/tables/${table}`)).body.table;
      expect(info.status).toBe('playing');
      expect(info.seats.map((s) => s.name)).toEqual([b.name, a.name]);
      const mine = (await a.get<One>(`/api/challenges/${id}`)).body.challenge;
      expect(mine).toMatchObject({ status: 'accepted', table, seat: 1 });
      const players = await seatClients(server.url, table, [
        { seat: 0, token: accepted.body.challenge.token! },
        { seat: 1, token: mine.token! },
      ]);
      await playRandomly(players, 'challenge');
      for (const p of players) p.client.close();
      const over = (await b.get<{ table: TableInfo }>(`/api/tables/${table}`)).body.table;
      expect(over.status).toBe('finished');
    },
  );

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'declined or cancelled: off for everyone; a 3-seat Tribes challenge starts when both accept',
    async () => {
      const [a, b, c] = [
        await account(server.url, 'Amal'),
        await account(server.url, 'Bleda'),
        await account(server.url, 'Cilla'),
      ];
      const tribes = { game: 'tribes', settings: { players: 3 }, players: [b.name, c.name] };
      const declined = await a.post<One>('/api/challenges', tribes);
      const off = declined.body.challenge.id;
      expect((await b.post(`/api/challenges/${off}/accept`)).status).toBe(200);
      expect((await c.post<One>(`/api/challenges/${off}/decline`)).body.challenge.status).toBe('declined');
      expect(code(await b.post(`/api/challenges/${off}/decline`))).toBe('challenge.answered');
      const cancelled = await a.post<One>('/api/challenges', tribes);
      expect(code(await b.post(`/api/challenges/${cancelled.body.challenge.id}/cancel`))).toBe(
        'challenge.not-challenger',
      );
      expect((await a.post<One>(`/api/challenges/${cancelled.body.challenge.id}/cancel`)).status).toBe(200);

      const made = await a.post<One>('/api/challenges', { ...tribes, seat: 2 });
      const id = made.body.challenge.id;
      const first = await c.post<One>(`/api/challenges/${id}/accept`);
      expect(first.body.challenge).toMatchObject({ status: 'pending', table: null, seat: 1 });
      const second = await b.post<One>(`/api/challenges/${id}/accept`);
      expect(second.body.challenge.status).toBe('accepted');
      const table = second.body.challenge.table!;
      const info = (await a.get<{ table: TableInfo }>(`/api/tables/${table}`)).body.table;
      expect(info.status).toBe('playing');
      expect(info.seats.map((s) => s.name)).toEqual([b.name, c.name, a.name]);
    },
  );

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'a challenge survives a restart on the same database and is accepted after it',
    async () => {
      const a = await account(server.url, 'Alboin');
      const b = await account(server.url, 'Rosamund');
      const made = await a.post<One>('/api/challenges', {
        game: 'knights',
        players: [b.name],
        clock: { mode: 'days', days: 3 },
      });
      await server.close();
      await start();
      // The same browser (its cookies) on the restarted server's new port.
      const b2 = new Visitor(server.url);
      for (const [k, v] of b.cookies) b2.cookies.set(k, v);
      const list = (await b2.get<{ challenges: ChallengeView[] }>('/api/challenges')).body.challenges;
      expect(list.map((c) => [c.id, c.status])).toEqual([[made.body.challenge.id, 'pending']]);
      expect(list[0].expiresAt - list[0].createdAt).toBe(3 * 24 * 3600_000);
      const accepted = await b2.post<One>(`/api/challenges/${made.body.challenge.id}/accept`);
      expect(accepted.body.challenge.status).toBe('accepted');
      await server.close();
    },
  );
});
