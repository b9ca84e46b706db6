/**
 * An account's name is reserved for it (name-skeletons.ts): over a real server, a guest cannot rename to
 * it, a client without a session cannot sit under it, and a name that only looks like it (Cyrillic letters,
 * "rn" for "m") is taken for new accounts and guests alike.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse } from '@attila/protocol';
import { startServer, type RunningServer } from '../server.js';
import { SqliteStorage } from '../storage/sqlite.js';
import { tempDb } from '../test-support/http.js';
import { Visitor } from '../test-support/visitor.js';
import { fillSkeletons, nameSkeleton } from './name-skeletons.js';

/** Latin letters swapped for their Cyrillic look-alikes (В, а, о, е, Х). */
const cyrillic = (name: string) =>
  name.replace(/B/g, '\u0412').replace(/a/g, '\u0430').replace(/o/g, '\u043e').replace(/e/g, '\u0435');

describe('name skeletons (UTS #39)', () => {
  it('look-alikes share a skeleton; different names do not', () => {
    expect(nameSkeleton(cyrillic('Bob'))).toBe(nameSkeleton('bob'));
    expect(nameSkeleton('Boris')).toBe(nameSkeleton('BORIS'));
    expect(nameSkeleton('modern')).toBe(nameSkeleton('rnodern'));
    expect(nameSkeleton('Ｂｏｂ')).toBe(nameSkeleton('Bob'));
    expect(nameSkeleton('Bob')).not.toBe(nameSkeleton('Rob'));
  });

  it('accounts made before skeletons get theirs, oldest first; a later look-alike keeps its name', async () => {
    const storage = new SqliteStorage(tempDb());
    const sql = storage.accounts.sql;
    for (const [id, name, at] of [
      ['p1', 'Bob', 1],
      ['p2', cyrillic('Bob'), 2],
      ['p3', 'Ann', 3],
    ] as const)
      await sql.run(
        'INSERT INTO players (id, display_name, name_key, created_at, claimed_at) VALUES (?, ?, ?, ?, ?)',
        [id, name, name.toLowerCase(), at, at],
      );
    expect(await fillSkeletons(storage.accounts)).toBe(2);
    expect((await storage.accounts.accountBySkeleton(nameSkeleton('BOB')))?.id).toBe('p1');
    expect((await storage.accounts.accountBySkeleton(nameSkeleton('ann')))?.id).toBe('p3');
    expect(await fillSkeletons(storage.accounts)).toBe(0);
    await storage.close();
  });
});

describe('an account name is reserved for its account', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      port: 0,
      logger: pino({ level: 'silent' }),
      dbFile: tempDb(),
      httpRate: { writesPerMinute: 10_000, readsPerMinute: 10_000 },
    });
  });
  afterAll(() => server.close());
  let n = 0;
  const uniqueName = () => `Bobea${Date.now() % 100000}x${++n}`;
  async function account() {
    const name = uniqueName();
    const v = new Visitor(server.url);
    await v.post('/api/me/guest');
    expect((await v.post('/api/account/claim', { name, password: 'correct horse' })).status).toBe(200);
    return name;
  }
  const refusedAs = (code: string) => ({
    status: 409,
    body: { error: { code, message: expect.any(String) } },
  });

  it('a guest cannot rename itself to an account name, in any case, nor to a look-alike', async () => {
    const name = await account();
    const guest = new Visitor(server.url);
    await guest.post('/api/me/guest');
    for (const taken of [name, name.toUpperCase(), cyrillic(name)])
      expect(await guest.post('/api/me/name', { name: taken })).toMatchObject(refusedAs('name.account'));
    expect((await guest.post('/api/me/name', { name: `${name}z` })).status).toBe(200);
  });

  it('a client without a session cannot create or join a table under an account name or a look-alike', async () => {
    const name = await account();
    const client = new Visitor(server.url);
    const table = { game: 'nim', seats: [{ type: 'human' }, { type: 'human' }] };
    const noCookie = { noCsrf: true, origin: null } as const;
    expect(await client.post('/api/tables', { ...table, name }, noCookie)).toMatchObject(
      refusedAs('name.account'),
    );
    const created = await client.post<CreateTableResponse>(
      '/api/tables',
      { ...table, name: 'Host' },
      noCookie,
    );
    expect(created.status).toBe(201);
    const join = `/api/tables/${created.body.table.id}/join`;
    expect(await client.post(join, { name: cyrillic(name) }, noCookie)).toMatchObject(
      refusedAs('name.account'),
    );
    expect((await client.post(join, { name: 'Guest two' }, noCookie)).status).toBe(200);
  });

  it('a look-alike of an account name cannot become an account; of two claimed at once, one wins', async () => {
    const name = await account();
    const v = new Visitor(server.url);
    await v.post('/api/me/guest');
    expect(
      await v.post('/api/account/claim', { name: cyrillic(name), password: 'correct horse' }),
    ).toMatchObject(refusedAs('account.name-taken'));
    const fresh = uniqueName();
    const both = await Promise.all(
      [fresh, cyrillic(fresh)].map(async (claimed) => {
        const g = new Visitor(server.url);
        await g.post('/api/me/guest');
        return (await g.post('/api/account/claim', { name: claimed, password: 'correct horse' })).status;
      }),
    );
    expect(both.sort()).toEqual([200, 409]);
  });

  it('a deleted account frees its name', async () => {
    const name = uniqueName();
    const v = new Visitor(server.url);
    await v.post('/api/me/guest');
    await v.post('/api/account/claim', { name, password: 'correct horse' });
    expect((await v.post('/api/account/delete', { password: 'correct horse' })).status).toBe(200);
    const guest = new Visitor(server.url);
    await guest.post('/api/me/guest');
    expect((await guest.post('/api/me/name', { name: cyrillic(name) })).status).toBe(200);
  });
});
