/**
 * A pairing that dies between making its table and marking its entries paired (the storage fails right
 * after the table is written, as a killed process would): nothing of it is left — no orphan table holding
 * the players' tokens — the players wait on, are paired at the next tick exactly once, are told, and
 * their table survives a restart. On SQLite, and on PostgreSQL with two processes that each crash once.
 */
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { ServerOptions } from '../server.js';
import type { CrashOnce } from '../test-support/crash-once.js';
import { postgresCrashScene, sqliteCrashScene } from '../test-support/crash-scene.js';
import { guest, join, seatWorks, Stream } from '../test-support/pool-client.js';
import { postgresUp, redisUp } from '../test-support/services.js';
import type { Storage } from '../storage/types.js';
import { hashToken } from '../tokens.js';
import { skipWithout } from '../test-support/skip-without.js';

const TIMES = { tickMs: 100, touchMs: 300, aliveMs: 3000 };
const base: ServerOptions = { port: 0, logger: pino({ level: 'silent' }), botDelayMs: 0, pools: TIMES };

/** The tables (open or being played) with a seat held by one of these tokens. */
async function tablesHolding(storage: Storage, tokens: readonly string[]): Promise<string[]> {
  const hashes = new Set(tokens.map(hashToken));
  const all = await storage.activeTables();
  return all.filter((t) => t.seats.some((s) => s.tokenHash && hashes.has(s.tokenHash))).map((t) => t.id);
}

/** Two people join through `urls` (first, second), each follows its entry: both are paired, together. */
async function pairTwo(urls: readonly [string, string]) {
  const people = [await guest(urls[0]), await guest(urls[1])];
  const joined = [];
  const streams: Stream[] = [];
  for (const v of people) {
    const j = await join(v, { game: 'knights', speed: 'fast' });
    joined.push(j);
    streams.push(await Stream.open(v, j.entry));
  }
  const paired = await Promise.all(streams.map((s) => s.paired(10_000)));
  for (const s of streams) s.close();
  return { joined, paired, tokens: joined.map((j) => j.token) };
}

describe('a pairing that crashes after its table is written (SQLite)', () => {
  const scene = sqliteCrashScene(base);

  it('leaves no table; the players are paired once at the next tick, told, and the table survives a restart', async () => {
    const { server, crash } = await scene.crashing();
    const { joined, paired, tokens } = await pairTwo([server.url, server.url]);

    const lost = crash.crashedAfter();
    expect(lost, 'the first pairing was made and crashed').not.toBeNull();
    expect(paired[0].table).toBe(paired[1].table);
    expect(paired[0].table).not.toBe(lost);
    expect(new Set(paired.map((p) => p.seat))).toEqual(new Set([0, 1]));
    // Nothing of the crashed pairing: its table is gone with the marks that never were.
    expect(await crash.storage.getTable(lost!)).toBeNull();
    expect(await tablesHolding(crash.storage, tokens)).toEqual([paired[0].table]);
    for (let i = 0; i < 2; i++) {
      const entry = await crash.storage.pools.entry(joined[i].entry);
      expect(entry).toMatchObject({ tableId: paired[i].table, seat: paired[i].seat });
    }

    // Restarted on the same file: the one table is there, being played, each token holds its seat, and
    // no tick pairs anyone again.
    const restarted = await scene.restart();
    for (let i = 0; i < 2; i++) {
      const table = await seatWorks(restarted.url, paired[i].table, paired[i].seat, tokens[i]);
      expect(table.status).toBe('playing');
    }
    await new Promise((r) => setTimeout(r, 5 * TIMES.tickMs));
    await scene.check(async (check) => expect(await tablesHolding(check, tokens)).toEqual([paired[0].table]));
  }, 30_000);
});

describe.skipIf(skipWithout(postgresUp && redisUp, 'PostgreSQL and Redis'))(
  'a pairing that crashes after its table is written (PostgreSQL, two processes)',
  () => {
    const scene = postgresCrashScene(base);

    it('each process crashes once in a pairing: every pair ends at one table, no orphan table is left', async () => {
      const crashing = [await scene.crashing(), await scene.crashing()];
      const crashes: CrashOnce[] = crashing.map((c) => c.crash);
      const [one, two] = crashing.map((c) => c.server.url);
      // Pairs joining through both processes, one pair after the other (all of one rating: pairs joining
      // at once could be paired across): the first pairing each process makes crashes.
      const pairs: Awaited<ReturnType<typeof pairTwo>>[] = [];
      for (const urls of [
        [one, two],
        [two, one],
        [one, one],
      ] as const)
        pairs.push(await pairTwo(urls));
      const lost = crashes.map((c) => c.crashedAfter()).filter((id): id is string => id !== null);
      expect(lost.length, 'at least one pairing crashed').toBeGreaterThan(0);
      await scene.check(async (check) => {
        for (const id of lost) expect(await check.getTable(id)).toBeNull();
        const tables = new Set<string>();
        for (const { paired, tokens } of pairs) {
          expect(paired[0].table).toBe(paired[1].table);
          expect(new Set(paired.map((p) => p.seat))).toEqual(new Set([0, 1]));
          expect(await tablesHolding(check, tokens)).toEqual([paired[0].table]);
          tables.add(paired[0].table);
          const table = await seatWorks(two, paired[0].table, paired[0].seat, tokens[0]);
          expect(table.status).toBe('playing');
        }
        expect(tables.size).toBe(3);
        expect((await check.activeTables()).length).toBe(3);
      });
    }, 40_000);
  },
);
