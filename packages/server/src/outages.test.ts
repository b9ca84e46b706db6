/**
 * Outages survived, under three server processes with games running (test-support/drill.ts): a
 * PostgreSQL connection ended, PostgreSQL restarted, Redis stopped, and one process killed with SIGKILL.
 * The services are the test's own (a fresh `initdb` cluster and a `redis-server` on free ports), never the
 * machine's. bench/outages.ts runs the same drill with 50 games and Redis down for 10 s.
 */
import { describe, expect, it } from 'vitest';
import { runDrill } from './test-support/drill.js';
import { postgresAvailable, redisAvailable } from './test-support/own-services.js';
import { skipWithout } from './test-support/skip-without.js';

describe('outages of PostgreSQL and Redis, and a process killed, under three processes', () => {
  it.skipIf(
    skipWithout(postgresAvailable && redisAvailable, 'PostgreSQL and Redis binaries (initdb, redis-server)'),
  )(
    'every process that was not killed stays up; no acknowledged move is lost, no update is duplicated or skipped; games move again within 5 s of each return; a dead process’s bots resume within 2 s and its clocks within 1 s',
    { timeout: 120_000 },
    async () => {
      const r = await runDrill({ processes: 3, games: 9, redisDownMs: 3000 });
      expect(r.processesUp).toBe(2);
      expect(r.movesAcknowledged).toBeGreaterThan(100);
      expect(r.acknowledgedMovesLost).toBe(0);
      expect(r.duplicates).toBe(0);
      expect(r.gaps).toBe(0);
      expect(r.outOfOrder).toBe(0);
      expect(r.pgConnectionEnded.connectionsEnded).toBeGreaterThan(0);
      for (const recovery of [r.pgConnectionEnded, r.pgRestarted, r.redisStopped, r.processKilled]) {
        expect(recovery.games).toBeGreaterThan(0);
        expect(recovery.everyGameMovedMs).toBeLessThan(5000);
      }
      expect(r.processKilled.botResumeMs.count).toBeGreaterThan(0);
      expect(r.processKilled.botResumeMs.max).toBeLessThan(2000);
      expect(r.processKilled.lossOnTimeLateMs.count).toBe(4);
      expect(r.processKilled.lossOnTimeLateMs.max).toBeLessThan(1000);
    },
  );
});
