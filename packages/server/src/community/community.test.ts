/**
 * Following, blocking, muting and reporting against the real server (real HTTP, real sockets, SQLite): each
 * rule is tried with the input that should break it (oneself, twice, a guest, a game that does not exist,
 * a player who was not there) and each refusal is checked to have changed nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse, SeatGrant } from '@attila/protocol';
import type { CommunityState } from '@attila/protocol/community';
import type { RunningServer } from '../server.js';
import { account } from '../test-support/challenge-client.js';
import { TestClient } from '../test-support/client.js';
import { guest, join, Stream } from '../test-support/pool-client.js';
import { startTestServer } from '../test-support/test-server.js';
import type { Visitor } from '../test-support/visitor.js';

type Refusal = { error: { code: string; message: string } };

const codeOf = (r: { status: number; body: unknown }) => [r.status, (r.body as Refusal).error?.code];

/** A Knights table `a` made and `b` joined, both with their sessions: the seats' players are theirs. */
async function knightsBetween(a: Visitor, b: Visitor) {
  const made = await a.post<CreateTableResponse>('/api/tables', {
    game: 'knights',
    seats: [{ type: 'human' }, { type: 'human' }],
    name: 'ignored',
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = made.body.table.id;
  const joined = await b.post<SeatGrant>(`/api/tables/${id}/join`, { name: 'ignored' });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  return { id, seats: [made.body.token!, joined.body.token] as const, bSeat: joined.body.seat };
}

async function seated(url: string, table: string, seat: number, token: string): Promise<TestClient> {
  const c = await TestClient.connect(url);
  c.send({ type: 'hello', table, seat, token });
  await c.next('welcome');
  return c;
}

describe('following, blocking, muting and reporting players', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer({ httpRate: false, pools: { tickMs: 100, touchMs: 300, aliveMs: 1500 } });
  });
  afterAll(() => server?.close());

  it('follows a player and shows their game being played ("playing now"); refuses oneself, twice, nobody, guests', async () => {
    const [fan, star, rival] = [
      await account(server.url, 'Fan'),
      await account(server.url, 'Star'),
      await account(server.url, 'Rival'),
    ];
    expect(codeOf(await fan.post('/api/account/follow', { name: 'fan' }))).toEqual([400, 'follow.self']);
    expect(codeOf(await fan.post('/api/account/follow', { name: 'Nobody Here' }))).toEqual([
      404,
      'follow.unknown-player',
    ]);
    expect(codeOf(await fan.post('/api/account/follow', { name: '' }))).toEqual([400, 'request.invalid']);
    expect(codeOf(await fan.post('/api/account/follow', { name: 'Star', extra: 1 }))).toEqual([
      400,
      'request.invalid',
    ]);
    const followed = await fan.post<CommunityState>('/api/account/follow', { name: 'STAR' });
    expect(followed.status).toBe(200);
    expect(followed.body.following).toEqual([{ name: 'Star', playing: false, games: [] }]);
    expect(codeOf(await fan.post('/api/account/follow', { name: 'Star' }))).toEqual([409, 'follow.already']);

    const { id } = await knightsBetween(star, rival);
    const state = (await fan.get<CommunityState>('/api/account/community')).body;
    expect(state.following[0].playing).toBe(true);
    expect(state.following[0].games).toEqual([
      expect.objectContaining({ table: id, game: 'knights', status: 'playing', seat: 0 }),
    ]);

    expect(codeOf(await fan.post('/api/account/unfollow', { name: 'Star' }))).toEqual([200, undefined]);
    expect(codeOf(await fan.post('/api/account/unfollow', { name: 'Star' }))).toEqual([
      409,
      'follow.not-following',
    ]);

    const g = await guest(server.url);
    expect(codeOf(await g.post('/api/account/follow', { name: 'Star' }))).toEqual([409, 'account.guest']);
    const anonymous = await fan.post('/api/account/follow', { name: 'Star' }, { cookie: '' });
    expect(anonymous.status).toBe(401);
    // Without the CSRF header a page of another site cannot make anyone follow.
    expect(codeOf(await fan.post('/api/account/follow', { name: 'Star' }, { noCsrf: true }))).toEqual([
      403,
      'csrf.header',
    ]);
    expect((await fan.get<CommunityState>('/api/account/community')).body.following).toEqual([]);
  });

  it('a blocked player cannot challenge the blocker, nor be challenged by them; unblocking lifts it', async () => {
    const [alice, bob] = [await account(server.url, 'Alice'), await account(server.url, 'Bob')];
    expect(codeOf(await alice.post('/api/account/block', { name: 'Alice' }))).toEqual([400, 'block.self']);
    expect((await alice.post<CommunityState>('/api/account/block', { name: 'bob' })).body.blocked).toEqual([
      'Bob',
    ]);
    expect(codeOf(await alice.post('/api/account/block', { name: 'Bob' }))).toEqual([409, 'block.already']);

    const challenge = { game: 'knights', players: ['Alice'] };
    expect(codeOf(await bob.post('/api/challenges', challenge))).toEqual([403, 'challenge.blocked']);
    expect(codeOf(await alice.post('/api/challenges', { game: 'knights', players: ['Bob'] }))).toEqual([
      403,
      'challenge.blocked',
    ]);
    expect((await bob.get<{ challenges: unknown[] }>('/api/challenges')).body.challenges).toEqual([]);

    expect(codeOf(await alice.post('/api/account/unblock', { name: 'Bob' }))).toEqual([200, undefined]);
    expect(codeOf(await alice.post('/api/account/unblock', { name: 'Bob' }))).toEqual([
      409,
      'block.not-blocked',
    ]);
    expect((await bob.post('/api/challenges', challenge)).status).toBe(201);
  });

  it('a blocked player cannot sit at a table the blocker waits at, nor the blocker at theirs (seat 2 of 3 too); others can', async () => {
    const [erin, finn, gwen] = [
      await account(server.url, 'Erin'),
      await account(server.url, 'Finn'),
      await account(server.url, 'Gwen'),
    ];
    await erin.post('/api/account/block', { name: 'Finn' });
    const made = await erin.post<CreateTableResponse>('/api/tables', {
      game: 'tribes',
      settings: { players: 3 },
      seats: [{ type: 'human' }, { type: 'human' }, { type: 'human' }],
      name: 'x',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.table.id;
    expect(codeOf(await finn.post(`/api/tables/${id}/join`, { name: 'x', seat: 2 }))).toEqual([
      403,
      'join.blocked',
    ]);
    // The refusal changed nothing: the seats Finn asked for are free, and Gwen takes one.
    expect((await gwen.post<SeatGrant>(`/api/tables/${id}/join`, { name: 'x', seat: 2 })).status).toBe(200);
    // The other way round: Finn waits at a table of his, Erin (the blocker) cannot sit there either.
    const his = await finn.post<CreateTableResponse>('/api/tables', {
      game: 'knights',
      seats: [{ type: 'human' }, { type: 'human' }],
      name: 'x',
    });
    expect(codeOf(await erin.post(`/api/tables/${his.body.table.id}/join`, { name: 'x' }))).toEqual([
      403,
      'join.blocked',
    ]);
    await erin.post('/api/account/unblock', { name: 'Finn' });
    expect((await erin.post(`/api/tables/${his.body.table.id}/join`, { name: 'x' })).status).toBe(200);
  });

  it("the blocker never gets the blocked player's chat lines, live or in a later welcome; the blocked still hears the blocker", async () => {
    const [carla, dan] = [await account(server.url, 'Carla'), await account(server.url, 'Dan')];
    const { id, seats, bSeat } = await knightsBetween(carla, dan);
    await carla.post('/api/account/block', { name: 'Dan' });
    const c = await seated(server.url, id, 0, seats[0]);
    const d = await seated(server.url, id, bSeat, seats[1]);
    d.send({ type: 'chat', text: 'from the blocked one' });
    await d.next('chat', (m) => m.message.text === 'from the blocked one');
    c.send({ type: 'chat', text: 'from the blocker' });
    await c.next('chat', (m) => m.message.text === 'from the blocker');
    await d.next('chat', (m) => m.message.text === 'from the blocker');
    const heardBy = (t: TestClient) => t.received.flatMap((m) => (m.type === 'chat' ? [m.message.text] : []));
    // Lines of one table arrive in order: had Carla been sent Dan's line, it would be here before her own.
    expect(heardBy(c)).toEqual(['from the blocker']);

    const again = await TestClient.connect(server.url);
    again.send({ type: 'hello', table: id, seat: 0, token: seats[0] });
    expect((await again.next('welcome')).chat.map((l) => l.text)).toEqual(['from the blocker']);
    const dAgain = await TestClient.connect(server.url);
    dAgain.send({ type: 'hello', table: id, seat: bSeat, token: seats[1] });
    expect((await dAgain.next('welcome')).chat.map((l) => l.text)).toEqual([
      'from the blocked one',
      'from the blocker',
    ]);
    for (const t of [c, d, again, dAgain]) t.socket.close();
  });

  it("a blocker watching the blocked player's game gets the other players' lines, not the blocked one's, live or in a later welcome", async () => {
    const [odo, pia, quin] = [
      await account(server.url, 'Odo'),
      await account(server.url, 'Pia'),
      await account(server.url, 'Quin'),
    ];
    await odo.post('/api/account/block', { name: 'Pia' });
    const { id, seats, bSeat } = await knightsBetween(pia, quin);
    const cookieOf = (v: Visitor) => [...v.cookies].map(([k, val]) => `${k}=${val}`).join('; ');
    const watch = async (cookie?: string) => {
      const t = await TestClient.connect(server.url, cookie);
      t.send({ type: 'hello', table: id });
      return { t, welcome: await t.next('welcome') };
    };
    const odoSocket = (await watch(cookieOf(odo))).t;
    const anyone = (await watch()).t;
    const g = await seated(server.url, id, 0, seats[0]);
    const h = await seated(server.url, id, bSeat, seats[1]);
    g.send({ type: 'chat', text: 'from the blocked one' });
    await anyone.next('chat', (m) => m.message.text === 'from the blocked one');
    h.send({ type: 'chat', text: 'from the other player' });
    for (const t of [odoSocket, anyone])
      await t.next('chat', (m) => m.message.text === 'from the other player');
    const heardBy = (t: TestClient) => t.received.flatMap((m) => (m.type === 'chat' ? [m.message.text] : []));
    // One table's lines arrive in order: had Odo been sent Pia's line, it would be here before Quin's.
    expect(heardBy(odoSocket)).toEqual(['from the other player']);
    expect(heardBy(anyone)).toEqual(['from the blocked one', 'from the other player']);
    const later = await watch(cookieOf(odo));
    expect(later.welcome.chat.map((l) => l.text)).toEqual(['from the other player']);
    // Pia, watching her own game from another page, is a spectator like any other: she hears everyone.
    const piaWatching = await watch(cookieOf(pia));
    expect(piaWatching.welcome.chat.map((l) => l.text)).toEqual([
      'from the blocked one',
      'from the other player',
    ]);
    for (const t of [odoSocket, anyone, g, h, later.t, piaWatching.t]) t.socket.close();
  });

  it("a muted table's chat is not sent to the player who muted it, but their own lines are", async () => {
    const [eve, fred] = [await account(server.url, 'Eve'), await account(server.url, 'Fred')];
    const { id, seats, bSeat } = await knightsBetween(eve, fred);
    expect(codeOf(await eve.post('/api/account/chat-mute', { table: 'nope', muted: true }))).toEqual([
      400,
      'request.invalid',
    ]);
    expect(
      codeOf(await eve.post('/api/account/chat-mute', { table: 'no-such-table-1', muted: true })),
    ).toEqual([404, 'table.not-found']);
    const muted = await eve.post<CommunityState>('/api/account/chat-mute', { table: id, muted: true });
    expect(muted.body.mutedTables).toEqual([id]);
    const e = await seated(server.url, id, 0, seats[0]);
    const f = await seated(server.url, id, bSeat, seats[1]);
    f.send({ type: 'chat', text: 'anyone there?' });
    await f.next('chat');
    e.send({ type: 'chat', text: 'mine' });
    await e.next('chat', (m) => m.message.text === 'mine');
    expect(e.received.flatMap((m) => (m.type === 'chat' ? [m.message.text] : []))).toEqual(['mine']);
    const unmuted = await eve.post<CommunityState>('/api/account/chat-mute', { table: id, muted: false });
    expect(unmuted.body.mutedTables).toEqual([]);
    const later = await seated(server.url, id, 0, seats[0]);
    expect(later.received.find((m) => m.type === 'welcome')).toMatchObject({
      chat: [{ text: 'anyone there?' }, { text: 'mine' }],
    });
    for (const t of [e, f, later]) t.socket.close();
  });

  it('files a report with a reason and the game; refuses no reason, a missing game, a game the player did not play, twice', async () => {
    const [gus, hal, ivy] = [
      await account(server.url, 'Gus'),
      await account(server.url, 'Hal'),
      await account(server.url, 'Ivy'),
    ];
    const { id } = await knightsBetween(gus, hal);
    const report = (body: unknown) => gus.post<{ report: string } & Refusal>('/api/account/reports', body);
    expect(codeOf(await report({ name: 'Hal', from: 'table', table: id }))).toEqual([400, 'request.invalid']);
    expect((await report({ name: 'Hal', from: 'table', table: id })).body.error.message).toMatch(/reason/);
    expect(codeOf(await report({ name: 'Hal', reason: 'rude', from: 'table', table: id }))).toEqual([
      400,
      'request.invalid',
    ]);
    expect(codeOf(await report({ name: 'Hal', reason: 'abuse', from: 'table' }))).toEqual([
      400,
      'request.invalid',
    ]);
    expect(codeOf(await report({ name: 'Hal', reason: 'other', from: 'profile' }))).toEqual([
      400,
      'request.invalid',
    ]);
    expect(
      codeOf(await report({ name: 'Hal', reason: 'abuse', from: 'replay', table: 'no-such-game-1' })),
    ).toEqual([404, 'report.table-not-found']);
    expect(codeOf(await report({ name: 'Ivy', reason: 'abuse', from: 'table', table: id }))).toEqual([
      400,
      'report.not-at-table',
    ]);
    expect(codeOf(await report({ name: 'Gus', reason: 'abuse', from: 'profile' }))).toEqual([
      400,
      'report.self',
    ]);
    const filed = await report({
      name: 'Hal',
      reason: 'abuse',
      note: 'insults in chat',
      from: 'table',
      table: id,
    });
    expect(filed.status).toBe(201);
    expect(filed.body.report).toMatch(/^[A-Za-z0-9_-]{8,}$/);
    expect(codeOf(await report({ name: 'hal', reason: 'cheating', from: 'replay', table: id }))).toEqual([
      409,
      'report.duplicate',
    ]);
    // From the profile (no game) it is another report.
    expect((await report({ name: 'Hal', reason: 'cheating', from: 'profile' })).status).toBe(201);
    void ivy;
  });

  it('two players of whom one blocked the other are never paired in a pool; a third is paired with either', async () => {
    const [kim, lea, max] = [
      await account(server.url, 'Kim'),
      await account(server.url, 'Lea'),
      await account(server.url, 'Max'),
    ];
    await lea.post('/api/account/block', { name: 'Kim' });
    const jk = await join(kim, { game: 'knights', speed: 'fast' });
    const sk = await Stream.open(kim, jk.entry);
    const jl = await join(lea, { game: 'knights', speed: 'fast' });
    const sl = await Stream.open(lea, jl.entry);
    // Several pairing rounds pass (100 ms each) with both waiting and nobody else there.
    await new Promise((r) => setTimeout(r, 1000));
    expect(sk.events.map((e) => e.type)).not.toContain('paired');
    expect(sl.events.map((e) => e.type)).not.toContain('paired');
    const jm = await join(max, { game: 'knights', speed: 'fast' });
    const sm = await Stream.open(max, jm.entry);
    const withMax = await sm.paired();
    const kimPaired = await sk.paired();
    expect(kimPaired.table).toBe(withMax.table);
    expect(sl.events.map((e) => e.type)).not.toContain('paired');
    for (const s of [sk, sl, sm]) s.close();
  });
});
