/**
 * The leaver rule against the real server (real HTTP, SQLite): leaving rated games under way is counted,
 * the third departure in 7 days bars rated play (casual tables stay open, another player is not touched),
 * and a Tribes table that lost a player to leaving says so in its result.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse, SeatGrant, TableInfo } from '@attila/protocol';
import type { CommunityState, ReportCase } from '@attila/protocol/community';
import type { RunningServer } from '../server.js';
import { SqliteStorage } from '../storage/sqlite.js';
import { account } from '../test-support/challenge-client.js';
import { tempDb } from '../test-support/http.js';
import { startTestServer } from '../test-support/test-server.js';
import type { Visitor } from '../test-support/visitor.js';

type Refusal = { error: { code: string; message: string } };
const FAST = { mode: 'move', moveMs: 30_000 } as const;
const RATED = {
  game: 'knights',
  seats: [{ type: 'human' }, { type: 'human' }],
  name: 'x',
  rated: true,
  clock: FAST,
  takeover: 'random',
};

/** A rated game `leaver` made and `other` joined, which `leaver` then leaves (the take-over bot plays on). */
async function leaveOne(leaver: Visitor, other: Visitor) {
  const made = await leaver.post<CreateTableResponse & Refusal>('/api/tables', RATED);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = made.body.table.id;
  expect((await other.post<SeatGrant>(`/api/tables/${id}/join`, { name: 'x' })).status).toBe(200);
  const left = await leaver.post<{ table: TableInfo }>(`/api/tables/${id}/leave`, {
    seat: 0,
    token: made.body.token,
  });
  expect(left.status, JSON.stringify(left.body)).toBe(200);
  return id;
}

describe('leavers', () => {
  let server: RunningServer;
  let storage: SqliteStorage;
  beforeAll(async () => {
    storage = new SqliteStorage(tempDb());
    server = await startTestServer({ storage, httpRate: false });
  });
  afterAll(() => server?.close());

  it('the third rated game left in 7 days bars rated play for a day; casual play and the opponent are untouched', async () => {
    const [leo, ann] = [await account(server.url, 'Leo'), await account(server.url, 'Ann')];
    await leaveOne(leo, ann);
    await leaveOne(leo, ann);
    // Two are forgiven.
    expect((await leo.post('/api/tables', RATED)).status).toBe(201);
    await leaveOne(leo, ann);
    const refused = await leo.post<Refusal>('/api/tables', RATED);
    expect([refused.status, refused.body.error.code]).toEqual([403, 'rated.leaver']);
    expect(refused.body.error.message).toMatch(/third departure in 7 days/);
    const until = (await leo.get<CommunityState>('/api/account/community')).body.ratedBarredUntil!;
    expect(until).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    expect((await leo.post('/api/tables', { ...RATED, rated: false, clock: undefined })).status).toBe(201);
    expect((await ann.post('/api/tables', RATED)).status).toBe(201);
    expect((await ann.get<CommunityState>('/api/account/community')).body.ratedBarredUntil).toBeNull();

    // Moderators see the count in the player's history.
    await storage.roles.grant('Ann', 'moderator', Date.now());
    const report = await ann.post<{ report: string }>('/api/account/reports', {
      name: 'Leo',
      reason: 'leaving',
      from: 'profile',
    });
    const c = (await ann.get<ReportCase>(`/api/moderation/reports/${report.body.report}`)).body;
    expect(c.history).toMatchObject({ abandoned: 3, timeouts: 0 });
  });

  it('leaving an open table (before the start) or a casual game does not count', async () => {
    const [ola, pia] = [await account(server.url, 'Ola'), await account(server.url, 'Pia')];
    for (let i = 0; i < 3; i++) {
      const open = await ola.post<CreateTableResponse>('/api/tables', RATED);
      await ola.post(`/api/tables/${open.body.table.id}/leave`, { seat: 0, token: open.body.token });
      const casual = await ola.post<CreateTableResponse>('/api/tables', { ...RATED, rated: false });
      await pia.post(`/api/tables/${casual.body.table.id}/join`, { name: 'x' });
      await ola.post(`/api/tables/${casual.body.table.id}/leave`, { seat: 0, token: casual.body.token });
    }
    expect((await ola.post('/api/tables', RATED)).status).toBe(201);
  });

  it('a Tribes table that lost a player to leaving says so in its result', async () => {
    const quin = await account(server.url, 'Quin');
    const made = await quin.post<CreateTableResponse>('/api/tables', {
      game: 'tribes',
      settings: { players: 3 },
      seats: [{ type: 'human' }, { type: 'bot', bot: 'random' }, { type: 'bot', bot: 'random' }],
      name: 'x',
      takeover: 'random',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.table.id;
    expect((await quin.post(`/api/tables/${id}/leave`, { seat: 0, token: made.body.token })).status).toBe(
      200,
    );
    await expect
      .poll(async () => (await quin.get<{ table: TableInfo }>(`/api/tables/${id}`)).body.table.status, {
        timeout: 60_000,
        interval: 200,
      })
      .toBe('finished');
    const result = (await quin.get<{ table: TableInfo }>(`/api/tables/${id}`)).body.table.result;
    expect(result?.left).toEqual([0]);
  });
});
