/**
 * The periodic jobs run in one process of several (singleton-jobs.ts): a server killed with SIGKILL (a child
 * process, the real `attila serve`) and one in this process, on one PostgreSQL schema and Redis. The ladder
 * plays in the first only, and moves to the second when the first dies, without a round failing (two
 * ladders on one database clash on the ladder's keys).
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { LadderView } from '@attila/protocol';
import { startServer, type RunningServer } from './server.js';
import { kill, startChild, type ChildServer } from './test-support/child.js';
import { get } from './test-support/http.js';
import { SHARED_UP } from './test-support/shared-servers.js';
import { dropSchema, freshSchema, POSTGRES_URL, REDIS_URL } from './test-support/services.js';

const LEASE_MS = 300;
const JOB_LEASE_MS = 5 * LEASE_MS;
const schema = freshSchema();
let child: ChildServer | null = null;
let server: RunningServer | null = null;
afterAll(async () => {
  if (child) await kill(child);
  await server?.close();
  if (SHARED_UP) await dropSchema(schema);
});

const jobsOf = async (url: string) => (await get<{ jobs: string[] }>(url, '/health')).body.jobs;
const gamesOf = async (url: string) => (await get<LadderView>(url, '/api/ladder')).body.games;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitFor<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await sleep(50);
  }
}

describe('singleton jobs across two processes (PostgreSQL + Redis)', { timeout: 90_000 }, () => {
  it.skipIf(!SHARED_UP)(
    'the ladder runs in one process only, and in the other once that one is killed',
    async () => {
      const shared = ['--postgres', POSTGRES_URL, '--postgres-schema', schema, '--redis', REDIS_URL];
      child = await startChild('unused.db', [
        ...shared,
        '--lease-ms',
        String(LEASE_MS),
        '--bot-delay',
        '0',
        '--ladder',
        'on',
        '--ladder-levels',
        'random,easy',
      ]);
      const first = child.url;
      expect(
        await waitFor(
          () => jobsOf(first),
          (j) => j.includes('ladder'),
          5000,
        ),
      ).toEqual(expect.arrayContaining(['ladder', 'purge-sessions']));
      // The second process, with the ladder on too; what it logs at warn level and above is kept.
      const warnings: string[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _enc, done) {
          warnings.push(chunk.toString());
          done();
        },
      });
      server = await startServer({
        port: 0,
        postgres: POSTGRES_URL,
        postgresSchema: schema,
        redis: REDIS_URL,
        leaseMs: LEASE_MS,
        botDelayMs: 0,
        botMinThinkMs: 0,
        logger: pino({ level: 'warn' }, sink),
        ladder: { levels: { knights: ['random', 'easy'], tribes: ['random', 'easy'] }, roundMs: 100 },
      });
      const second = server.url;
      // For several job leases: the ladder runs in the first only, and plays there.
      const before = await gamesOf(first);
      for (let i = 0; i < 10; i++) {
        const [a, b] = await Promise.all([jobsOf(first), jobsOf(second)]);
        expect(a).toContain('ladder');
        expect(b).toEqual([]);
        await sleep(JOB_LEASE_MS / 4);
      }
      expect(
        await waitFor(
          () => gamesOf(first),
          (g) => g > before,
          20_000,
        ),
      ).toBeGreaterThan(before);

      const killedAt = Date.now();
      await kill(child);
      child = null;
      const taken = await waitFor(
        () => jobsOf(second),
        (j) => j.includes('ladder'),
        10_000,
      );
      const tookMs = Date.now() - killedAt;
      expect(taken).toEqual(expect.arrayContaining(['ladder', 'purge-sessions']));
      // The lease of the dead process ran out, then the next try took it.
      expect(tookMs).toBeGreaterThan(JOB_LEASE_MS - 2 * LEASE_MS);
      expect(tookMs).toBeLessThan(JOB_LEASE_MS + 3 * LEASE_MS + 1000);
      // The ladder goes on from the second process, its games rated there.
      const atTakeover = await gamesOf(second);
      expect(
        await waitFor(
          () => gamesOf(second),
          (g) => g > atTakeover + 1,
          30_000,
        ),
      ).toBeGreaterThan(atTakeover + 1);
      expect(warnings.filter((w) => /ladder/.test(w))).toEqual([]);
    },
  );
});
