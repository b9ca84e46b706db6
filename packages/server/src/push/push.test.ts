/**
 * Web Push notices through the real server, SQLite and sockets, to a push service run by this test that
 * verifies each request's VAPID signature and decrypts its payload (test-support/push-service.ts): "your
 * turn" in a correspondence game goes to the player whose turn began and never to the mover; "low time"
 * once per turn, across restarts; the VAPID key is made once and kept; choices, unsubscribing and a
 * subscription the push service reports gone stop notices; a slow push service holds up no move.
 */
import { Agent } from 'node:https';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse, PushSettings, SeatGrant, Snapshot } from '@attila/protocol';
import { DAY_MS, HOUR_MS } from '../clock.js';
import { startServer, type RunningServer } from '../server.js';
import { TestClient } from '../test-support/client.js';
import { tempDb } from '../test-support/http.js';
import { localCertificate, LocalPushService, type TestSubscription } from '../test-support/push-service.js';
import { Visitor } from '../test-support/visitor.js';
import { lowTimeMs } from './turn-notices.js';

const CONTACT = 'mailto:operator@example.org';
const T0 = Date.UTC(2026, 2, 1, 9);
let time = T0;
let service: LocalPushService;
let agent: Agent;
const servers: RunningServer[] = [];

beforeAll(async () => {
  const tls = localCertificate();
  service = await LocalPushService.start(tls);
  agent = new Agent({ ca: tls.cert });
});
afterAll(async () => {
  await service.close();
  agent.destroy();
});
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function serve(dbFile: string, port = 0): Promise<RunningServer> {
  const server = await startServer({
    port,
    dbFile,
    botDelayMs: 0,
    logger: pino({ level: 'silent' }),
    now: () => time,
    push: { contact: CONTACT, agent },
  });
  servers.push(server);
  return server;
}

async function restart(db: string): Promise<RunningServer> {
  // At the same address: the visitors keep their cookies (and sessions) for it.
  const old = servers.pop()!;
  await old.close();
  return serve(db, old.port);
}

async function account(url: string, name: string): Promise<Visitor> {
  const v = new Visitor(url);
  await v.post('/api/me/guest');
  const claimed = await v.post('/api/account/claim', { name, password: 'a long enough password' });
  expect(claimed.status).toBe(200);
  return v;
}

async function subscribed(v: Visitor): Promise<TestSubscription> {
  const sub = service.subscribe();
  const r = await v.post<PushSettings>('/api/account/push/subscribe', { subscription: sub.json });
  expect(r.status).toBe(201);
  expect(r.body.endpoints).toEqual([sub.json.endpoint]);
  return sub;
}

/** Connects `grant`'s seat, plays its first legal move at `seq`, and resolves once it is acknowledged. */
async function move(url: string, table: string, grant: { seat: number; token: string }, seq: number) {
  const client = await TestClient.connect(url);
  try {
    client.send({ type: 'hello', table, seat: grant.seat, token: grant.token });
    const snapshot = (await client.next('welcome')).snapshot as Snapshot;
    client.send({ type: 'move', seq, move: snapshot.legalMoves[0], ref: `m${seq}` });
    await client.next('ack');
  } finally {
    client.socket.close();
  }
}

/** Nothing more arrives while the server has time to send (absence: a short wait, then a count). */
const settle = () => new Promise((r) => setTimeout(r, 600));
const texts = (sub: TestSubscription) => service.delivered(sub.id).map((t) => JSON.parse(t) as object);

describe('Web Push notices', { timeout: 60_000 }, () => {
  it('tells the player whose turn began, never the mover; low time once per turn; keys kept over restarts', async () => {
    time = T0;
    const db = tempDb();
    let server = await serve(db);
    const ann = await account(server.url, 'Ann');
    const bob = await account(server.url, 'Bob');
    const annSub = await subscribed(ann);
    const bobSub = await subscribed(bob);
    const { publicKey } = (await ann.get<PushSettings>('/api/account/push')).body;

    const created = await ann.post<CreateTableResponse>('/api/tables', {
      game: 'knights',
      seats: [{ type: 'human' }, { type: 'human' }],
      name: 'Ann',
      clock: { mode: 'days', days: 3 },
    });
    const id = created.body.table.id;
    const joined = await bob.post<SeatGrant>(`/api/tables/${id}/join`, { name: 'Bob' });
    const grants = [
      { seat: 0, token: created.body.token as string },
      { seat: 1, token: joined.body.token },
    ];
    // Bob's join starts the game: Ann (seat 0) is to move, and only she is told.
    await service.waitFor(1);
    const turn = { kind: 'turn', path: `#/table/${id}`, tag: `table-${id}`, game: 'knights' };
    expect(texts(annSub)).toEqual([turn]);
    const first = service.messages[0];
    expect(first.vapidKey).toBe(publicKey);
    expect(first.claims).toMatchObject({ aud: service.origin, sub: CONTACT });
    expect(first.headers).toMatchObject({ ttl: '86400', urgency: 'normal', 'content-encoding': 'aes128gcm' });

    // Ann moves: Bob is told, Ann is not told of her own move.
    await move(server.url, id, grants[0], 0);
    await service.waitFor(2);
    await settle();
    expect(texts(bobSub)).toEqual([turn]);
    expect(texts(annSub)).toHaveLength(1);

    // Bob's clock passes the low mark (a quarter of 3 days: 18 h left) by an hour: after a restart his low
    // time is told, once.
    time += 3 * DAY_MS - lowTimeMs({ mode: 'days', days: 3 })! + HOUR_MS;
    await restart(db);
    await service.waitFor(3);
    expect(texts(bobSub)[1]).toEqual({ ...turn, kind: 'low-time', hours: 17 });
    expect(service.messages[2].headers.urgency).toBe('high');
    server = await restart(db);
    await settle();
    expect(texts(bobSub)).toHaveLength(2);
    // The same VAPID key signs after the restarts (subscriptions made with it stay valid).
    expect((await ann.get<PushSettings>('/api/account/push')).body.publicKey).toBe(publicKey);
    expect(service.messages.every((m) => m.vapidKey === publicKey)).toBe(true);

    // Ann turns "your turn" off: Bob's move tells her nothing; back on, it does again.
    const off = await ann.post<PushSettings>('/api/account/push/choices', { turn: false });
    expect(off.body.choices).toEqual({ turn: false, challenge: true, 'low-time': true });
    const sent = service.messages.length;
    await move(server.url, id, grants[1], 1);
    await settle();
    expect(service.messages.length).toBe(sent);
    await move(server.url, id, grants[0], 2);
    await service.waitFor(sent + 1);
    expect(texts(bobSub)).toHaveLength(3);

    // Bob unsubscribes: his turns are not told any more.
    const gone = await bob.post<PushSettings & { removed: boolean }>('/api/account/push/unsubscribe', {
      endpoint: bobSub.json.endpoint,
    });
    expect(gone.body).toMatchObject({ removed: true, endpoints: [] });
    await ann.post('/api/account/push/choices', { turn: true });
    await move(server.url, id, grants[1], 3);
    await service.waitFor(sent + 2);
    await move(server.url, id, grants[0], 4);
    await settle();
    expect(texts(bobSub)).toHaveLength(3);
    expect(texts(annSub)).toHaveLength(2);
  });

  it('three accounts at a Tribes table: each is told when its own turn begins, never of its own move', async () => {
    time = T0;
    const server = await serve(tempDb());
    const names = ['Ann', 'Bob', 'Cid'];
    const visitors = await Promise.all(names.map((n) => account(server.url, n)));
    const subs = await Promise.all(visitors.map(subscribed));
    const created = await visitors[0].post<CreateTableResponse>('/api/tables', {
      game: 'tribes',
      settings: { players: 3 },
      seats: [{ type: 'human' }, { type: 'human' }, { type: 'human' }],
      name: 'Ann',
      clock: { mode: 'days', days: 2 },
    });
    const id = created.body.table.id;
    const grants = [{ seat: 0, token: created.body.token as string }];
    for (const [i, v] of visitors.slice(1).entries()) {
      const joined = await v.post<SeatGrant>(`/api/tables/${id}/join`, { name: names[i + 1] });
      grants.push({ seat: joined.body.seat, token: joined.body.token });
    }
    const toAct = async () => {
      const c = await TestClient.connect(server.url);
      c.send({ type: 'hello', table: id, seat: 0, token: grants[0].token });
      const snapshot = (await c.next('welcome')).snapshot as Snapshot;
      c.socket.close();
      return snapshot.toAct;
    };
    // What each account should have been told: the seats whose turn began, move after move.
    const expected = [0, 0, 0];
    let before = await toAct();
    // The start: the seats to act are told, but not Cid, whose join started the game.
    for (const seat of before) if (seat !== grants[2].seat) expected[seat]++;
    // Played on until every seat's turn began at least once (a seat's decisions often follow each other).
    for (let seq = 0; seq < 60 && expected.some((n) => n === 0); seq++) {
      const mover = before[0];
      await move(server.url, id, grants[mover], seq);
      const after = await toAct();
      for (const seat of after) if (!before.includes(seat) && seat !== mover) expected[seat]++;
      before = after;
    }
    await expect
      .poll(() => subs.map((s) => service.delivered(s.id).length), { timeout: 10_000 })
      .toEqual(expected);
    await settle();
    expect(subs.map((s) => service.delivered(s.id).length)).toEqual(expected);
    expect(expected.every((n) => n > 0)).toBe(true);
    // The notice says which game, nothing of anyone's hand.
    for (const s of subs)
      for (const text of texts(s)) expect(Object.keys(text).sort()).toEqual(['game', 'kind', 'path', 'tag']);
  });

  it('removes a subscription the push service reports gone (410), and a slow push service holds up no move', async () => {
    time = T0;
    const server = await serve(tempDb());
    const ann = await account(server.url, 'Ann');
    const bob = await account(server.url, 'Bob');
    const annSub = await subscribed(ann);
    const bobSub = await subscribed(bob);
    const created = await ann.post<CreateTableResponse>('/api/tables', {
      game: 'knights',
      seats: [{ type: 'human' }, { type: 'human' }],
      name: 'Ann',
      clock: { mode: 'bank', initialMs: 10 * DAY_MS, incrementMs: 36 * HOUR_MS, capMs: 10 * DAY_MS },
    });
    const id = created.body.table.id;
    const joined = await bob.post<SeatGrant>(`/api/tables/${id}/join`, { name: 'Bob' });
    await service.waitFor(service.messages.length); // the start's notice to Ann may still be on its way
    await settle();
    const before = service.messages.length;

    // The push service answers nothing yet: Ann's move is acknowledged all the same.
    const release = service.hold();
    await move(server.url, id, { seat: 0, token: created.body.token as string }, 0);
    await service.waitFor(before + 1);
    release();
    expect(texts(bobSub).at(-1)).toMatchObject({ kind: 'turn' });

    // Ann's browser dropped its subscription: the push service says 410, the server forgets it.
    service.drop(annSub.id);
    await move(server.url, id, { seat: 1, token: joined.body.token }, 1);
    await service.waitFor(before + 2);
    expect(service.messages.at(-1)?.status).toBe(410);
    await expect
      .poll(async () => (await ann.get<PushSettings>('/api/account/push')).body.endpoints)
      .toEqual([]);
  });

  it('refuses a guest, an endpoint that is not https, and keys of the wrong size, with the reason', async () => {
    const server = await serve(tempDb());
    const guest = new Visitor(server.url);
    await guest.post('/api/me/guest');
    const sub = service.subscribe();
    const asGuest = await guest.post<{ error: { code: string } }>('/api/account/push/subscribe', {
      subscription: sub.json,
    });
    expect(asGuest.status).toBe(409);
    expect(asGuest.body.error.code).toBe('account.guest');
    const ann = await account(server.url, 'Ann');
    const http = await ann.post<{ error: { code: string; message: string } }>('/api/account/push/subscribe', {
      subscription: { ...sub.json, endpoint: sub.json.endpoint.replace('https:', 'http:') },
    });
    expect(http.status).toBe(400);
    expect(http.body.error.message).toContain('https: URL');
    const short = await ann.post<{ error: { message: string } }>('/api/account/push/subscribe', {
      subscription: { ...sub.json, keys: { ...sub.json.keys, auth: 'abc' } },
    });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toContain('16 bytes');
    expect((await ann.get<PushSettings>('/api/account/push')).body.endpoints).toEqual([]);
    const signedOut = await new Visitor(server.url).get<{ error: { code: string } }>('/api/account/push');
    expect(signedOut.body.error.code).toBe('session.none');
  });
});
