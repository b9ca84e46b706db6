/**
 * The community on two server processes over PostgreSQL + Redis (their own, on free ports): every query of
 * the community and moderation stores runs on PostgreSQL, a block made through one process keeps a
 * challenge and chat lines apart on the other, and a moderator on one process unrates a game played on
 * the other. A block also keeps the two apart in the pools whichever process each joined through, hides the
 * blocked player's lines from the blocker watching on the other process, and a moderator's notice reaches
 * the player's socket on the other process. A block or a table mute made through one process applies at
 * once to the blocker's sockets already open on the other (the news crosses Redis), and a challenge sent
 * before a block can no longer be accepted.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse, SeatGrant } from '@attila/protocol';
import type { CommunityState, ReportCase } from '@attila/protocol/community';
import { startServer, type RunningServer } from '../server.js';
import { PostgresStorage } from '../storage/postgres.js';
import WebSocket from 'ws';
import { account, at } from '../test-support/challenge-client.js';
import { join, Stream } from '../test-support/pool-client.js';
import type { Visitor } from '../test-support/visitor.js';
import { TestClient } from '../test-support/client.js';
import {
  postgresAvailable,
  redisAvailable,
  startPostgres,
  startRedis,
  type OwnPostgres,
  type OwnRedis,
} from '../test-support/own-services.js';
import { skipWithout } from '../test-support/skip-without.js';

const up = postgresAvailable && redisAvailable;
const quiet = pino({ level: 'silent' });
let postgres: OwnPostgres | null = null;
let redis: OwnRedis | null = null;
let storage: PostgresStorage | null = null;
const servers: RunningServer[] = [];

beforeAll(async () => {
  if (!up) return;
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  storage = await PostgresStorage.open({ connectionString: postgres.url, schema: 'community', log: quiet });
  for (let i = 0; i < 2; i++) {
    servers.push(
      await startServer({
        port: 0,
        ...(i === 0 ? { storage } : { postgres: postgres.url, postgresSchema: 'community' }),
        redis: redis.url,
        botDelayMs: 0,
        botMinThinkMs: 0,
        httpRate: false,
        logger: quiet,
        pools: { tickMs: 100, touchMs: 300, aliveMs: 1500 },
      }),
    );
  }
}, 90_000);
afterAll(async () => {
  for (const s of servers) await s.close().catch(() => undefined);
  await redis?.close();
  await postgres?.close();
});

describe('the community across two processes (PostgreSQL + Redis)', () => {
  it.skipIf(skipWithout(up, 'PostgreSQL and Redis binaries (initdb, redis-server)'))(
    'follow, block (challenge and chat), report, moderate and unrate, each through either process',
    { timeout: 90_000 },
    async () => {
      const [one, two] = servers;
      const ada = await account(one.url, 'Ada');
      const ben = at(await account(one.url, 'Ben'), two.url);
      const mod = await account(one.url, 'Moe');
      await storage!.roles.grant('Moe', 'moderator', Date.now());

      // Ben plays Ada a rated game made through process two; Ada follows Ben through process one.
      const made = await ben.post<CreateTableResponse>('/api/tables', {
        game: 'knights',
        seats: [{ type: 'human' }, { type: 'human' }],
        name: 'x',
        rated: true,
        clock: { mode: 'move', moveMs: 30_000 },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const id = made.body.table.id;
      const joined = await ada.post<SeatGrant>(`/api/tables/${id}/join`, { name: 'x' });
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
      expect((await ada.post<CommunityState>('/api/account/follow', { name: 'Ben' })).body.following).toEqual(
        [expect.objectContaining({ name: 'Ben', playing: true })],
      );

      // Ada blocks Ben through one: Ben's challenge through two is refused, his chat lines do not reach her.
      await ada.post('/api/account/block', { name: 'Ben' });
      expect((await ben.post('/api/challenges', { game: 'knights', players: ['Ada'] })).status).toBe(403);
      const adaSocket = await TestClient.connect(one.url);
      adaSocket.send({ type: 'hello', table: id, seat: joined.body.seat, token: joined.body.token });
      await adaSocket.next('welcome');
      const benSocket = await TestClient.connect(two.url);
      benSocket.send({ type: 'hello', table: id, seat: 0, token: made.body.token });
      await benSocket.next('welcome');
      benSocket.send({ type: 'chat', text: 'from Ben' });
      await benSocket.next('chat');
      adaSocket.send({ type: 'chat', text: 'from Ada' });
      await adaSocket.next('chat', (m) => m.message.text === 'from Ada');
      expect(adaSocket.received.flatMap((m) => (m.type === 'chat' ? [m.message.text] : []))).toEqual([
        'from Ada',
      ]);

      // Ben resigns (through two); Ada reports him from the replay; the moderator unrates it through one.
      benSocket.send({ type: 'resign' });
      await benSocket.next('table', (m) => m.table.status === 'finished');
      for (const s of [adaSocket, benSocket]) s.socket.close();
      const report = await ada.post<{ report: string }>('/api/account/reports', {
        name: 'Ben',
        reason: 'cheating',
        from: 'replay',
        table: id,
      });
      expect(report.status).toBe(201);
      const c = (await mod.get<ReportCase>(`/api/moderation/reports/${report.body.report}`)).body;
      expect(c.game).toMatchObject({ table: id, rated: true, status: 'finished' });
      expect(c.chat.map((l) => l.text)).toEqual(['from Ben', 'from Ada']);
      // Both seats were taken from 127.0.0.1.
      expect(c.history.sameAddressRated).toEqual([{ table: id, with: 'Ada' }]);
      const unrated = await mod.post('/api/moderation/actions', {
        name: 'Ben',
        action: 'unrate',
        reason: 'one person, two accounts',
        table: id,
        report: report.body.report,
      });
      expect(unrated.status, JSON.stringify(unrated.body)).toBe(201);
      const left = await storage!.accounts.sql.all<{ games: number }>(
        'SELECT games FROM ratings r JOIN players p ON p.id = r.player_id WHERE p.display_name IN (?, ?)',
        ['Ada', 'Ben'],
      );
      expect(left.map((r) => Number(r.games))).toEqual([0, 0]);
      const told = (await ben.get<CommunityState>('/api/account/community')).body.notices;
      expect(told).toEqual([expect.objectContaining({ action: 'unrate', by: 'Moe', table: id })]);
    },
  );
  it.skipIf(skipWithout(up, 'PostgreSQL and Redis binaries (initdb, redis-server)'))(
    'a block keeps pools apart across processes, hides lines from the blocker watching elsewhere; a notice crosses too',
    { timeout: 90_000 },
    async () => {
      const [one, two] = servers;
      const kim = await account(one.url, 'Kim');
      const lea = at(await account(one.url, 'Lea'), two.url);
      const max = at(await account(one.url, 'Max'), two.url);
      const mod = await account(one.url, 'Mia');
      await storage!.roles.grant('Mia', 'moderator', Date.now());
      expect((await lea.post('/api/account/block', { name: 'Kim' })).status).toBe(200);

      // Kim waits in a pool through one, Lea through two: several pairing rounds pass, nobody pairs them.
      const jk = await join(kim, { game: 'knights', speed: 'fast' });
      const sk = await Stream.open(kim, jk.entry);
      const jl = await join(lea, { game: 'knights', speed: 'fast' });
      const sl = await Stream.open(lea, jl.entry);
      await new Promise((r) => setTimeout(r, 1500));
      expect(sk.events.map((e) => e.type)).not.toContain('paired');
      expect(sl.events.map((e) => e.type)).not.toContain('paired');
      // Max joins through two and is paired with Kim (Lea keeps waiting).
      const jm = await join(max, { game: 'knights', speed: 'fast' });
      const sm = await Stream.open(max, jm.entry);
      const withMax = await sm.paired(8000);
      const withKim = await sk.paired(8000);
      expect(withKim.table).toBe(withMax.table);
      expect(sl.events.map((e) => e.type)).not.toContain('paired');
      for (const s of [sk, sl, sm]) s.close();

      // Lea watches Kim's game with Max through two; Kim and Max chat through one.
      const cookieOf = (v: Visitor) => [...v.cookies].map(([k, x]) => `${k}=${x}`).join('; ');
      const leaWatching = await TestClient.connect(two.url, cookieOf(lea));
      leaWatching.send({ type: 'hello', table: withMax.table });
      await leaWatching.next('welcome');
      const seats = [
        { seat: withKim.seat, token: jk.token },
        { seat: withMax.seat, token: jm.token },
      ];
      const [kimSocket, maxSocket] = await Promise.all(
        seats.map(async (s) => {
          const c = await TestClient.connect(one.url);
          c.send({ type: 'hello', table: withMax.table, seat: s.seat, token: s.token });
          await c.next('welcome');
          return c;
        }),
      );
      kimSocket.send({ type: 'chat', text: 'from Kim' });
      await kimSocket.next('chat');
      maxSocket.send({ type: 'chat', text: 'from Max' });
      await leaWatching.next('chat', (m) => m.message.text === 'from Max');
      // One table's lines arrive in order: had Lea been sent Kim's line, it would be here before Max's.
      expect(leaWatching.received.flatMap((m) => (m.type === 'chat' ? [m.message.text] : []))).toEqual([
        'from Max',
      ]);
      for (const c of [leaWatching, kimSocket, maxSocket]) c.socket.close();

      // Kim's socket /ws/me is on two; the moderator warns him through one: the notice arrives at once.
      const heard: unknown[] = [];
      const me = new WebSocket(two.url.replace('http', 'ws') + '/ws/me', {
        headers: { cookie: cookieOf(kim), origin: two.url },
      });
      me.on('message', (d) => heard.push(JSON.parse(d.toString())));
      await new Promise((resolve, reject) => me.once('open', resolve).once('error', reject));
      const warned = await mod.post('/api/moderation/actions', {
        name: 'Kim',
        action: 'warn',
        reason: 'be kind',
      });
      expect(warned.status).toBe(201);
      await expect
        .poll(() => heard)
        .toEqual([{ type: 'moderation', notice: expect.objectContaining({ by: 'Mia', reason: 'be kind' }) }]);
      me.close();
    },
  );
  it.skipIf(skipWithout(up, 'PostgreSQL and Redis binaries (initdb, redis-server)'))(
    'a block or a table mute made through one process applies at once to sockets already open on the other; a pending challenge cannot be accepted',
    { timeout: 60_000 },
    async () => {
      const [one, two] = servers;
      const noa = await account(one.url, 'Noa');
      const oli = at(await account(one.url, 'Oli'), two.url);
      const pia = at(await account(one.url, 'Pia'), two.url);
      const made = await noa.post<CreateTableResponse>('/api/tables', {
        game: 'knights',
        seats: [{ type: 'human' }, { type: 'human' }],
        name: 'x',
      });
      const id = made.body.table.id;
      const joined = await oli.post<SeatGrant>(`/api/tables/${id}/join`, { name: 'x' });
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
      // Noa sits through one; Oli through two; Pia watches through two with her session.
      const noaSocket = await TestClient.connect(one.url);
      noaSocket.send({ type: 'hello', table: id, seat: made.body.seat, token: made.body.token });
      await noaSocket.next('welcome');
      const oliSocket = await TestClient.connect(two.url);
      oliSocket.send({ type: 'hello', table: id, seat: joined.body.seat, token: joined.body.token });
      await oliSocket.next('welcome');
      const cookieOf = (v: Visitor) => [...v.cookies].map(([k, x]) => `${k}=${x}`).join('; ');
      const piaWatching = await TestClient.connect(two.url, cookieOf(pia));
      piaWatching.send({ type: 'hello', table: id });
      await piaWatching.next('welcome');
      const chatOf = (c: TestClient) =>
        c.received.flatMap((m) => (m.type === 'chat' ? [m.message.text] : []));
      // Oli says a line, then Noa one: once Noa's own is back, Oli's came before it or not at all.
      const round = async (oliLine: string, noaLine: string) => {
        oliSocket.send({ type: 'chat', text: oliLine });
        await oliSocket.next('chat', (m) => m.message.text === oliLine);
        noaSocket.send({ type: 'chat', text: noaLine });
        await noaSocket.next('chat', (m) => m.message.text === noaLine);
        await piaWatching.next('chat', (m) => m.message.text === noaLine);
      };
      await round('oli 1', 'noa 1');
      // Noa blocks Oli through two (her socket is on one); Pia blocks Oli through one (hers is on two).
      expect((await at(noa, two.url).post('/api/account/block', { name: 'Oli' })).status).toBe(200);
      expect((await at(pia, one.url).post('/api/account/block', { name: 'Oli' })).status).toBe(200);
      await round('oli 2', 'noa 2');
      // Noa unblocks through one and mutes the table through two: Oli's lines still stop, by the mute now.
      expect((await noa.post('/api/account/unblock', { name: 'Oli' })).status).toBe(200);
      expect((await at(noa, two.url).post('/api/account/chat-mute', { table: id, muted: true })).status).toBe(
        200,
      );
      await round('oli 3', 'noa 3');
      expect((await noa.post('/api/account/chat-mute', { table: id, muted: false })).status).toBe(200);
      await round('oli 4', 'noa 4');
      expect(chatOf(noaSocket)).toEqual(['oli 1', 'noa 1', 'noa 2', 'noa 3', 'oli 4', 'noa 4']);
      expect(chatOf(piaWatching)).toEqual(['oli 1', 'noa 1', 'noa 2', 'noa 3', 'noa 4']);
      for (const c of [noaSocket, oliSocket, piaWatching]) c.socket.close();

      // A challenge sent through two before a block made through one cannot be accepted through two.
      expect((await at(pia, one.url).post('/api/account/unblock', { name: 'Oli' })).status).toBe(200);
      const again = await oli.post<{ challenge: { id: string } }>('/api/challenges', {
        game: 'knights',
        players: ['Pia'],
      });
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect((await at(oli, one.url).post('/api/account/block', { name: 'Pia' })).status).toBe(200);
      const refused = await pia.post<{ error: { code: string } }>(
        `/api/challenges/${again.body.challenge.id}/accept`,
      );
      expect([refused.status, refused.body.error?.code]).toEqual([403, 'challenge.blocked']);
    },
  );
});
