/**
 * The password limits hold across processes (login-limits.ts counts in the shared database): two servers on
 * one PostgreSQL schema and Redis, 40 wrong passwords for one name sent at once, half through each.
 */
import { describe, expect, it } from 'vitest';
import { SHARED_UP, twoSharedServers } from '../test-support/shared-servers.js';
import { Visitor } from '../test-support/visitor.js';

const servers = twoSharedServers({ httpRate: { writesPerMinute: 10_000, readsPerMinute: 10_000 } });

describe('password limits across two processes (PostgreSQL + Redis)', () => {
  it.skipIf(!SHARED_UP)(
    '40 wrong passwords at once through both: 5 verified in all, then the owner elsewhere still signs in',
    async () => {
      const [one, two] = servers;
      const name = `Shared${Date.now() % 100000}`;
      const owner = new Visitor(one.url);
      await owner.post('/api/me/guest');
      expect((await owner.post('/api/account/claim', { name, password: 'correct horse' })).status).toBe(200);
      const attackers = [new Visitor(one.url, 'a', '127.0.0.20'), new Visitor(two.url, 'a', '127.0.0.20')];
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          attackers[i % 2].post('/api/account/login', { name, password: `guess ${i}` }),
        ),
      );
      expect(answers.filter((a) => a.status === 401)).toHaveLength(5);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(35);
      const laptop = new Visitor(two.url, 'laptop', '127.0.0.21');
      expect((await laptop.post('/api/account/login', { name, password: 'correct horse' })).status).toBe(200);
    },
  );
});
