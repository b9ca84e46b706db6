/**
 * A block or a table mute made while the blocker's sockets are open applies to them at once (one process,
 * SQLite; community-shared.test.ts does it across two processes): the blocked player's next line does not
 * reach the blocker's seated socket nor the socket they watch a game with, a muted table's next lines stop,
 * and undoing either lets the next line through. A challenge sent before a block can no longer be accepted,
 * and a player waiting in a pool is not paired with someone they blocked while waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse, SeatGrant } from '@attila/protocol';
import type { ChallengeView } from '@attila/protocol/challenges';
import type { RunningServer } from '../server.js';
import { account } from '../test-support/challenge-client.js';
import { TestClient } from '../test-support/client.js';
import { join, Stream } from '../test-support/pool-client.js';
import { startTestServer } from '../test-support/test-server.js';
import type { Visitor } from '../test-support/visitor.js';

type Refusal = { error: { code: string } };

const cookieOf = (v: Visitor) => [...v.cookies].map(([k, x]) => `${k}=${x}`).join('; ');
const chatOf = (c: TestClient) => c.received.flatMap((m) => (m.type === 'chat' ? [m.message.text] : []));

/** A Knights table `a` made and `b` joined, both seated with open sockets. */
async function seatedPair(url: string, a: Visitor, b: Visitor) {
  const made = await a.post<CreateTableResponse>('/api/tables', {
    game: 'knights',
    seats: [{ type: 'human' }, { type: 'human' }],
    name: 'x',
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = made.body.table.id;
  const joined = await b.post<SeatGrant>(`/api/tables/${id}/join`, { name: 'x' });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  const sockets = await Promise.all(
    [
      { seat: made.body.seat!, token: made.body.token! },
      { seat: joined.body.seat, token: joined.body.token },
    ].map(async (s) => {
      const c = await TestClient.connect(url);
      c.send({ type: 'hello', table: id, ...s });
      await c.next('welcome');
      return c;
    }),
  );
  return { id, a: sockets[0], b: sockets[1] };
}

/**
 * `from` says `text` and `to` says a line of its own after it: one table's lines reach a socket in order,
 * so once `to` has its own line back, `from`'s line was either delivered before it or not at all.
 */
async function say(from: TestClient, text: string, to: TestClient, mine: string): Promise<void> {
  from.send({ type: 'chat', text });
  await from.next('chat', (m) => m.message.text === text);
  to.send({ type: 'chat', text: mine });
  await to.next('chat', (m) => m.message.text === mine);
}

describe('blocks and table mutes on sockets already open', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer({ httpRate: false, pools: { tickMs: 100, touchMs: 300, aliveMs: 1500 } });
  });
  afterAll(() => server?.close());

  it("a block made while seated stops the blocked player's lines at once; unblocking lets them through", async () => {
    const [ada, ben] = [await account(server.url, 'Ada'), await account(server.url, 'Ben')];
    const { a, b } = await seatedPair(server.url, ada, ben);
    await say(b, 'before', a, 'ada 1');
    expect((await ada.post('/api/account/block', { name: 'Ben' })).status).toBe(200);
    await say(b, 'blocked', a, 'ada 2');
    expect((await ada.post('/api/account/unblock', { name: 'Ben' })).status).toBe(200);
    await say(b, 'again', a, 'ada 3');
    expect(chatOf(a)).toEqual(['before', 'ada 1', 'ada 2', 'again', 'ada 3']);
    // The block is one-way: Ben heard every line of Ada's.
    await b.next('chat', (m) => m.message.text === 'ada 3');
    expect(chatOf(b)).toEqual(['before', 'ada 1', 'blocked', 'ada 2', 'again', 'ada 3']);
    for (const c of [a, b]) c.socket.close();
  });

  it('a table muted while seated keeps only the own lines from then on; unmuting brings the others back', async () => {
    const [cyd, dan] = [await account(server.url, 'Cyd'), await account(server.url, 'Dan')];
    const { id, a: c, b: d } = await seatedPair(server.url, cyd, dan);
    await say(d, 'heard', c, 'cyd 1');
    expect((await cyd.post('/api/account/chat-mute', { table: id, muted: true })).status).toBe(200);
    await say(d, 'muted', c, 'cyd 2');
    expect((await cyd.post('/api/account/chat-mute', { table: id, muted: false })).status).toBe(200);
    await say(d, 'unmuted', c, 'cyd 3');
    expect(chatOf(c)).toEqual(['heard', 'cyd 1', 'cyd 2', 'unmuted', 'cyd 3']);
    for (const s of [c, d]) s.socket.close();
  });

  it("a spectator who blocks a player while watching stops getting that player's lines at once", async () => {
    const [eve, fay, gus] = [
      await account(server.url, 'Eve'),
      await account(server.url, 'Fay'),
      await account(server.url, 'Gus'),
    ];
    const { id, a: f, b: g } = await seatedPair(server.url, fay, gus);
    const watching = await TestClient.connect(server.url, cookieOf(eve));
    watching.send({ type: 'hello', table: id });
    await watching.next('welcome');
    await say(f, 'fay 1', g, 'gus 1');
    await watching.next('chat', (m) => m.message.text === 'gus 1');
    expect((await eve.post('/api/account/block', { name: 'Fay' })).status).toBe(200);
    await say(f, 'fay 2', g, 'gus 2');
    await watching.next('chat', (m) => m.message.text === 'gus 2');
    expect(chatOf(watching)).toEqual(['fay 1', 'gus 1', 'gus 2']);
    for (const s of [f, g, watching]) s.socket.close();
  });

  it('a challenge sent before a block cannot be accepted after it (either side blocking); it may be declined', async () => {
    const [hal, ivy] = [await account(server.url, 'Hal'), await account(server.url, 'Ivy')];
    const sent = await hal.post<{ challenge: ChallengeView }>('/api/challenges', {
      game: 'knights',
      players: ['Ivy'],
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const id = sent.body.challenge.id;
    // The challenged player blocks the challenger, then tries to accept.
    expect((await ivy.post('/api/account/block', { name: 'Hal' })).status).toBe(200);
    const refused = await ivy.post<Refusal>(`/api/challenges/${id}/accept`);
    expect([refused.status, refused.body.error?.code]).toEqual([403, 'challenge.blocked']);
    // Nothing changed: the challenge is still pending, no table was made; declining works.
    const seen = await ivy.get<{ challenge: ChallengeView }>(`/api/challenges/${id}`);
    expect(seen.body.challenge).toMatchObject({ status: 'pending', table: null });
    expect((await ivy.post(`/api/challenges/${id}/decline`)).status).toBe(200);

    // The challenger blocks the one challenged: the challenged may not accept either.
    expect((await ivy.post('/api/account/unblock', { name: 'Hal' })).status).toBe(200);
    const again = await hal.post<{ challenge: ChallengeView }>('/api/challenges', {
      game: 'knights',
      players: ['Ivy'],
    });
    expect(again.status).toBe(201);
    expect((await hal.post('/api/account/block', { name: 'Ivy' })).status).toBe(200);
    const also = await ivy.post<Refusal>(`/api/challenges/${again.body.challenge.id}/accept`);
    expect([also.status, also.body.error?.code]).toEqual([403, 'challenge.blocked']);
  });

  it('a player waiting in a pool is not paired with someone they blocked while waiting', async () => {
    const [joe, kay] = [await account(server.url, 'Joe'), await account(server.url, 'Kay')];
    const jj = await join(joe, { game: 'knights', speed: 'fast' });
    const sj = await Stream.open(joe, jj.entry);
    expect((await joe.post('/api/account/block', { name: 'Kay' })).status).toBe(200);
    const jk = await join(kay, { game: 'knights', speed: 'fast' });
    const sk = await Stream.open(kay, jk.entry);
    await new Promise((r) => setTimeout(r, 1000));
    expect(sj.events.map((e) => e.type)).not.toContain('paired');
    expect(sk.events.map((e) => e.type)).not.toContain('paired');
    for (const s of [sj, sk]) s.close();
  });
});
