/**
 * A real crash between making a table and marking the rows that point to it: a child server process
 * (SQLite) kills itself with SIGKILL right after writing its first table (`test-support/crash-child.ts`),
 * in the middle of a quick pairing or of the last acceptance of a challenge. Restarted on the same file:
 * no orphan table, the pool's players are paired once and told; the challenge waits for that acceptance,
 * and accepted again gives every player the one started table.
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { PoolJoined } from '@attila/protocol';
import type { ChallengeView } from '@attila/protocol/challenges';
import { kill, spawnServer, type ChildServer } from './test-support/child.js';
import { tempDb } from './test-support/http.js';
import { guest, join, seatWorks, Stream } from './test-support/pool-client.js';
import { SqliteStorage } from './storage/sqlite.js';
import { hashToken } from './tokens.js';
import { Visitor } from './test-support/visitor.js';

const SCRIPT = fileURLToPath(new URL('./test-support/crash-child.ts', import.meta.url));
const children: ChildServer[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) await kill(c, 'SIGTERM');
});

async function child(db: string, crash: boolean) {
  const c = await spawnServer(['--import', 'tsx', SCRIPT, db, ...(crash ? [] : ['--no-crash'])]);
  children.push(c);
  return c;
}

/** Until the child has died of its own SIGKILL: the id of the table it wrote last. */
async function died(c: ChildServer & { output(): string }): Promise<string> {
  if (c.process.signalCode === null) await new Promise((resolve) => c.process.once('exit', resolve));
  expect(c.process.signalCode).toBe('SIGKILL');
  return /killed after writing table (\S+)/.exec(c.output())![1];
}

/** The same browser (its cookies) on another server. */
function at(v: Visitor, url: string): Visitor {
  const w = new Visitor(url);
  for (const [k, x] of v.cookies) w.cookies.set(k, x);
  return w;
}

describe('a server killed right after writing a table (SIGKILL, SQLite)', () => {
  it('in a pairing: restarted, no orphan table; the two players are paired once, told, and seated', async () => {
    const db = tempDb();
    const first = await child(db, true);
    // Tribes for 3, bots after 5 s: the pairing is a tick's, after both joins were answered.
    const people = [await guest(first.url), await guest(first.url)];
    const joined: PoolJoined[] = [];
    for (const v of people) {
      const j = await join(v, { game: 'tribes', speed: 'fast', seats: 3, botsAfterSeconds: 5 });
      joined.push(j);
      await Stream.open(v, j.entry);
    }
    const lost = await died(first);

    const second = await child(db, false);
    const streams = await Promise.all(people.map((v, i) => Stream.open(at(v, second.url), joined[i].entry)));
    const paired = await Promise.all(streams.map((s) => s.paired(15_000)));
    for (const s of streams) s.close();
    expect(paired[0].table).toBe(paired[1].table);
    expect(paired[0].table).not.toBe(lost);
    for (let i = 0; i < 2; i++) {
      const table = await seatWorks(second.url, paired[i].table, paired[i].seat, joined[i].token);
      expect(table.status).toBe('playing');
    }
    const check = new SqliteStorage(db);
    try {
      expect(await check.getTable(lost)).toBeNull();
      const hashes = new Set(joined.map((j) => hashToken(j.token)));
      const holding = (await check.activeTables()).filter((t) =>
        t.seats.some((s) => s.tokenHash !== null && hashes.has(s.tokenHash)),
      );
      expect(holding.map((t) => t.id)).toEqual([paired[0].table]);
    } finally {
      await check.close();
    }
  }, 60_000);

  it('in the last acceptance of a challenge: restarted, it waits for it; accepted again, both have the table', async () => {
    const db = tempDb();
    const first = await child(db, true);
    const account = async (name: string) => {
      const v = new Visitor(first.url);
      await v.post('/api/me/guest');
      expect((await v.post('/api/account/claim', { name, password: 'a good long password' })).status).toBe(
        200,
      );
      return v;
    };
    const a = await account('Valamir');
    const b = await account('Thiudimir');
    const made = await a.post<{ challenge: ChallengeView }>('/api/challenges', {
      game: 'knights',
      players: ['Thiudimir'],
    });
    const id = made.body.challenge.id;
    await expect(b.post(`/api/challenges/${id}/accept`)).rejects.toThrow();
    const lost = await died(first);

    const second = await child(db, false);
    const [a2, b2] = [at(a, second.url), at(b, second.url)];
    const waiting = (await a2.get<{ challenge: ChallengeView }>(`/api/challenges/${id}`)).body.challenge;
    expect(waiting).toMatchObject({ status: 'pending', table: null });
    const check = new SqliteStorage(db);
    try {
      expect(await check.getTable(lost)).toBeNull();
      expect(await check.activeTables()).toEqual([]);
      const accepted = await b2.post<{ challenge: ChallengeView }>(`/api/challenges/${id}/accept`);
      expect(accepted.body.challenge.status).toBe('accepted');
      const table = accepted.body.challenge.table!;
      for (const v of [a2, b2]) {
        const view = (await v.get<{ challenge: ChallengeView }>(`/api/challenges/${id}`)).body.challenge;
        expect(view.table).toBe(table);
        expect((await seatWorks(second.url, table, view.seat!, view.token!)).status).toBe('playing');
      }
      expect((await check.activeTables()).map((t) => t.id)).toEqual([table]);
    } finally {
      await check.close();
    }
  }, 60_000);
});
