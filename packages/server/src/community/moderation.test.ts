/**
 * The moderation queue and its actions against the real server (real HTTP, real sockets, SQLite): a report
 * filed by a player is read by a moderator with its game, chat and the player's history, and acted on; each
 * action takes effect (a mute silences the chat, a bar refuses rated tables, a closed account cannot sign
 * in, an unrated game gives back its rating changes) and is shown to the player it concerns. Everyone else
 * is refused at the door.
 */
import Database from 'better-sqlite3';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse, SeatGrant, TableRatingChanges } from '@attila/protocol';
import {
  parseModerationMessage,
  type CommunityState,
  type ModerationNotice,
  type ReportCase,
  type ReportView,
} from '@attila/protocol/community';
import type { RunningServer } from '../server.js';
import { SqliteStorage } from '../storage/sqlite.js';
import { account } from '../test-support/challenge-client.js';
import { TestClient } from '../test-support/client.js';
import { tempDb } from '../test-support/http.js';
import { startTestServer } from '../test-support/test-server.js';
import type { Visitor } from '../test-support/visitor.js';

type Refusal = { error: { code: string; message: string } };
const codeOf = (r: { status: number; body: unknown }) => [r.status, (r.body as Refusal).error?.code];
const FAST = { mode: 'move', moveMs: 30_000 } as const;

async function table(a: Visitor, b: Visitor, rated = false) {
  const made = await a.post<CreateTableResponse>('/api/tables', {
    game: 'knights',
    seats: [{ type: 'human' }, { type: 'human' }],
    name: 'x',
    ...(rated ? { rated: true, clock: FAST } : {}),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = made.body.table.id;
  const joined = await b.post<SeatGrant>(`/api/tables/${id}/join`, { name: 'x' });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  return { id, tokens: [made.body.token!, joined.body.token], bSeat: joined.body.seat };
}

async function seated(url: string, id: string, seat: number, token: string) {
  const c = await TestClient.connect(url);
  c.send({ type: 'hello', table: id, seat, token });
  await c.next('welcome');
  return c;
}

describe('the moderation queue and actions', () => {
  let server: RunningServer;
  let storage: SqliteStorage;
  let dbFile: string;
  let mod: Visitor;
  beforeAll(async () => {
    dbFile = tempDb();
    storage = new SqliteStorage(dbFile);
    server = await startTestServer({ storage, httpRate: false });
    mod = await account(server.url, 'Marcus');
    expect((await storage.roles.grant('Marcus', 'moderator', Date.now())).ok).toBe(true);
  });
  afterAll(() => server?.close());

  it('refuses everyone but moderators: 401 without a session, 403 for a player, even before the body is read', async () => {
    const player = await account(server.url, 'Plain');
    expect(codeOf(await player.get('/api/moderation/reports'))).toEqual([403, 'moderation.forbidden']);
    expect((await player.get<Refusal>('/api/moderation/reports')).body.error.message).toMatch(/moderator/);
    expect(
      codeOf(await player.post('/api/moderation/actions', { name: 'Marcus', action: 'close', reason: 'x' })),
    ).toEqual([403, 'moderation.forbidden']);
    expect(codeOf(await player.post('/api/moderation/actions', 'not even json'))).toEqual([
      403,
      'moderation.forbidden',
    ]);
    expect(codeOf(await player.get('/api/moderation/reports/whatever'))).toEqual([
      403,
      'moderation.forbidden',
    ]);
    expect((await player.get('/api/moderation/reports')).status).toBe(403);
    const anonymous = await mod.send('GET', '/api/moderation/reports', undefined, { cookie: '' });
    expect(anonymous.status).toBe(401);
    // Marcus himself is unharmed by all that.
    expect((await mod.get('/api/account/community')).status).toBe(200);
  });

  it('a report reaches the queue with its game, chat and history; a warning closes it and the player is told', async () => {
    const [rita, tom] = [await account(server.url, 'Rita'), await account(server.url, 'Tom')];
    const { id, tokens, bSeat } = await table(rita, tom);
    const t = await seated(server.url, id, bSeat, tokens[1]);
    t.send({ type: 'chat', text: 'you play like a potato' });
    await t.next('chat');
    t.socket.close();
    const filed = await rita.post<{ report: string }>('/api/account/reports', {
      name: 'Tom',
      reason: 'abuse',
      note: 'rude',
      from: 'table',
      table: id,
    });
    expect(filed.status).toBe(201);
    const queue = (await mod.get<{ reports: ReportView[] }>('/api/moderation/reports')).body.reports;
    expect(queue).toContainEqual(
      expect.objectContaining({
        id: filed.body.report,
        reporter: 'Rita',
        reported: 'Tom',
        reason: 'abuse',
        table: id,
      }),
    );
    const c = (await mod.get<ReportCase>(`/api/moderation/reports/${filed.body.report}`)).body;
    expect(c.game).toMatchObject({ table: id, game: 'knights', status: 'playing' });
    expect(c.chat.map((l) => l.text)).toEqual(['you play like a potato']);
    expect(c.history).toMatchObject({ name: 'Tom', games: 1, abandoned: 0, timeouts: 0, reports: 1 });
    // Rita and Tom sat down from the same address (the test's loopback): a rated table would show it.
    expect(c.history.sameAddressRated).toEqual([]);
    expect(codeOf(await mod.get('/api/moderation/reports/no-such-report'))).toEqual([
      404,
      'moderation.report-not-found',
    ]);

    const warn = { name: 'Tom', action: 'warn', reason: 'no insults in chat', report: filed.body.report };
    expect(codeOf(await mod.post('/api/moderation/actions', { ...warn, reason: '' }))).toEqual([
      400,
      'request.invalid',
    ]);
    expect(codeOf(await mod.post('/api/moderation/actions', { ...warn, minutes: 5 }))).toEqual([
      400,
      'request.invalid',
    ]);
    expect(codeOf(await mod.post('/api/moderation/actions', { ...warn, name: 'Rita' }))).toEqual([
      404,
      'moderation.report-not-found',
    ]);
    expect(
      codeOf(await mod.post('/api/moderation/actions', { ...warn, name: 'Marcus', report: undefined })),
    ).toEqual([400, 'moderation.self']);
    const acted = await mod.post<{ action: ModerationNotice }>('/api/moderation/actions', warn);
    expect(acted.status).toBe(201);
    expect(acted.body.action).toMatchObject({ action: 'warn', by: 'Marcus', reason: 'no insults in chat' });
    expect(codeOf(await mod.post('/api/moderation/actions', warn))).toEqual([
      409,
      'moderation.report-closed',
    ]);
    expect(
      codeOf(await mod.post(`/api/moderation/reports/${filed.body.report}/dismiss`, { reason: 'x' })),
    ).toEqual([409, 'moderation.report-closed']);
    const open = (await mod.get<{ reports: ReportView[] }>('/api/moderation/reports')).body.reports;
    expect(open.map((r) => r.id)).not.toContain(filed.body.report);
    const closed = (await mod.get<{ reports: ReportView[] }>('/api/moderation/reports?status=closed')).body
      .reports;
    expect(closed.map((r) => r.id)).toContain(filed.body.report);
    const told = (await tom.get<CommunityState>('/api/account/community')).body.notices;
    expect(told).toEqual([
      expect.objectContaining({ action: 'warn', by: 'Marcus', reason: 'no insults in chat' }),
    ]);
  });

  it("a notice reaches the player's open pages at once over their socket /ws/me, and nobody else's", async () => {
    const [ivo, jan] = [await account(server.url, 'Ivo'), await account(server.url, 'Jan')];
    const socketOf = async (v: Visitor) => {
      const heard: unknown[] = [];
      const ws = new WebSocket(v.url.replace('http', 'ws') + '/ws/me', {
        headers: { cookie: [...v.cookies].map(([k, x]) => `${k}=${x}`).join('; '), origin: v.url },
      });
      ws.on('message', (d) => heard.push(JSON.parse(d.toString())));
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      return { heard, ws };
    };
    const [ivoSocket, janSocket] = [await socketOf(ivo), await socketOf(jan)];
    const warned = await mod.post<{ action: ModerationNotice }>('/api/moderation/actions', {
      name: 'Ivo',
      action: 'warn',
      reason: 'mind your language',
    });
    expect(warned.status).toBe(201);
    await expect.poll(() => ivoSocket.heard).toEqual([{ type: 'moderation', notice: warned.body.action }]);
    expect(parseModerationMessage(JSON.stringify(ivoSocket.heard[0])).ok).toBe(true);
    // Jan's socket hears nothing of it (a message to Jan after it would arrive after it: one warns him now).
    await mod.post('/api/moderation/actions', {
      name: 'Jan',
      action: 'warn',
      reason: 'a warning of his own',
    });
    await expect.poll(() => janSocket.heard.length).toBe(1);
    expect(janSocket.heard).toEqual([
      { type: 'moderation', notice: expect.objectContaining({ reason: 'a warning of his own' }) },
    ]);
    for (const s of [ivoSocket, janSocket]) s.ws.close();
  });

  it('a chat mute silences the player at every table until it ends; they may still play', async () => {
    const [una, vic] = [await account(server.url, 'Una'), await account(server.url, 'Vic')];
    const { id, tokens, bSeat } = await table(una, vic);
    expect(
      codeOf(await mod.post('/api/moderation/actions', { name: 'Vic', action: 'mute', reason: 'spam' })),
    ).toEqual([400, 'request.invalid']);
    const muted = await mod.post<{ action: ModerationNotice }>('/api/moderation/actions', {
      name: 'Vic',
      action: 'mute',
      reason: 'spam',
      minutes: 60,
    });
    expect(muted.status).toBe(201);
    expect(muted.body.action.until).toBeGreaterThan(Date.now() + 59 * 60_000);
    const v = await seated(server.url, id, bSeat, tokens[1]);
    v.send({ type: 'chat', text: 'buy gold', ref: 'c1' });
    const refused = await v.next('error');
    expect(refused.code).toBe('chat.muted');
    expect(refused.message).toMatch(/until/);
    const u = await seated(server.url, id, 0, tokens[0]);
    u.send({ type: 'chat', text: 'hello?' });
    await u.next('chat', (m) => m.message.text === 'hello?');
    expect(u.received.flatMap((m) => (m.type === 'chat' ? [m.message.text] : []))).toEqual(['hello?']);
    expect((await vic.get<CommunityState>('/api/account/community')).body.chatMutedUntil).toBe(
      muted.body.action.until,
    );
    v.socket.close();
    u.socket.close();
  });

  it('a bar from rated play refuses rated tables and joins, not casual ones', async () => {
    const [wes, xia] = [await account(server.url, 'Wes'), await account(server.url, 'Xia')];
    await mod.post('/api/moderation/actions', {
      name: 'Wes',
      action: 'bar-rated',
      reason: 'engine use',
      minutes: 1440,
    });
    const rated = {
      game: 'knights',
      seats: [{ type: 'human' }, { type: 'human' }],
      name: 'x',
      rated: true,
      clock: FAST,
    };
    expect(codeOf(await wes.post('/api/tables', rated))).toEqual([403, 'rated.barred']);
    const byXia = await xia.post<CreateTableResponse>('/api/tables', rated);
    expect(codeOf(await wes.post(`/api/tables/${byXia.body.table.id}/join`, { name: 'x' }))).toEqual([
      403,
      'rated.barred',
    ]);
    expect(
      codeOf(await wes.post('/api/pools/join', { game: 'knights', speed: 'fast', rated: true })),
    ).toEqual([403, 'rated.barred']);
    expect((await wes.post('/api/tables', { ...rated, rated: false, clock: undefined })).status).toBe(201);
  });

  it('unrating a game gives back its rating changes in one go; only a finished rated game can be unrated', async () => {
    const [yan, zoe] = [await account(server.url, 'Yan'), await account(server.url, 'Zoe')];
    const casual = await table(yan, zoe);
    const { id, tokens } = await table(yan, zoe, true);
    const y = await seated(server.url, id, 0, tokens[0]);
    y.send({ type: 'resign' });
    await y.next('table', (m) => m.table.status === 'finished');
    y.socket.close();
    const changes = (await yan.get<{ changes: TableRatingChanges }>(`/api/tables/${id}/rating-changes`)).body
      .changes;
    expect(changes.seats).toHaveLength(2);
    const db = new Database(dbFile, { readonly: true });
    const ratings = () =>
      db
        .prepare(
          `SELECT p.display_name AS name, r.rating, r.games FROM ratings r JOIN players p ON p.id = r.player_id
            WHERE p.display_name IN ('Yan', 'Zoe') ORDER BY name`,
        )
        .all() as { name: string; rating: number; games: number }[];
    const before = ratings();
    expect(before.map((r) => r.games)).toEqual([1, 1]);
    expect(before[0].rating).not.toBe(before[1].rating);

    const unrate = { name: 'Yan', action: 'unrate', reason: 'Zoe was Yan', table: id };
    expect(codeOf(await mod.post('/api/moderation/actions', { ...unrate, table: undefined }))).toEqual([
      400,
      'request.invalid',
    ]);
    expect(codeOf(await mod.post('/api/moderation/actions', { ...unrate, table: casual.id }))).toEqual([
      409,
      'moderation.not-rated',
    ]);
    expect(codeOf(await mod.post('/api/moderation/actions', { ...unrate, table: 'no-such-game-1' }))).toEqual(
      [404, 'moderation.table-not-found'],
    );
    expect((await mod.post('/api/moderation/actions', unrate)).status).toBe(201);
    const after = ratings();
    expect(after.map((r) => r.games)).toEqual([0, 0]);
    for (const r of after) expect(r.rating).toBeCloseTo(1500, 6);
    expect(
      (await yan.get<{ changes: TableRatingChanges }>(`/api/tables/${id}/rating-changes`)).body.changes.seats,
    ).toEqual([]);
    expect(codeOf(await mod.post('/api/moderation/actions', unrate))).toEqual([409, 'moderation.not-rated']);
    db.close();
    expect((await zoe.get<CommunityState>('/api/account/community')).body.notices).toEqual([]);
    expect((await yan.get<CommunityState>('/api/account/community')).body.notices).toEqual([
      expect.objectContaining({ action: 'unrate', table: id, reason: 'Zoe was Yan' }),
    ]);
  });

  it('a closed account is signed out everywhere and cannot sign in again', async () => {
    const quinn = await account(server.url, 'Quinn');
    expect((await quinn.get<{ player: unknown }>('/api/me')).body.player).not.toBeNull();
    expect(
      (await mod.post('/api/moderation/actions', { name: 'Quinn', action: 'close', reason: 'ban evasion' }))
        .status,
    ).toBe(201);
    expect(codeOf(await quinn.get('/api/account/community'))).toEqual([401, 'session.none']);
    const again = await mod.send(
      'POST',
      '/api/account/login',
      { name: 'Quinn', password: 'a good long password' },
      {
        cookie: '',
      },
    );
    expect(codeOf(again)).toEqual([403, 'account.closed']);
    // Whoever proved they hold the account is told who closed it and why; a wrong password learns nothing.
    expect((again.body as Refusal).error.message).toMatch(/Marcus.*"ban evasion"/);
    const guessed = await mod.send(
      'POST',
      '/api/account/login',
      { name: 'Quinn', password: 'not the password at all' },
      { cookie: '' },
    );
    expect(codeOf(guessed)).toEqual([401, 'login.failed']);
  });
});
