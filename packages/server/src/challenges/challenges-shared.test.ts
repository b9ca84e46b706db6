/**
 * Challenges across two server processes (PostgreSQL and Redis): a challenge made through one process is
 * heard at once on the challenged player's socket held by the other, accepted there, and the challenger's
 * socket on the first hears the table; both seats then play through different processes to the end.
 */
import { describe, expect, it } from 'vitest';
import type { ChallengeView } from '@attila/protocol/challenges';
import { account, playerSocket } from '../test-support/challenge-client.js';
import { playRandomly, seatClients } from '../test-support/play.js';
import { SHARED_UP, twoSharedServers } from '../test-support/shared-servers.js';
import { skipWithout } from '../test-support/skip-without.js';

const servers = twoSharedServers({ httpRate: false });

type One = { challenge: ChallengeView };

describe.skipIf(skipWithout(SHARED_UP, 'PostgreSQL and Redis'))('challenges across two processes', () => {
  it('made on one, heard and accepted on the other, played to the end through both', async () => {
    const a = await account(servers[0].url, 'Ermanaric');
    const b = await account(servers[1].url, 'Vithimiris');
    const [socketA, socketB] = [await playerSocket(a), await playerSocket(b)];
    const made = await a.post<One>('/api/challenges', { game: 'knights', players: ['Vithimiris'] });
    const id = made.body.challenge.id;
    await expect.poll(() => socketB.heard.some((c) => c.id === id && c.status === 'pending')).toBe(true);
    const accepted = await b.post<One>(`/api/challenges/${id}/accept`);
    const table = accepted.body.challenge.table!;
    await expect
      .poll(() => socketA.heard.find((c) => c.id === id && c.table === table)?.token ?? null)
      .not.toBe(null);
    const mine = socketA.heard.find((c) => c.id === id && c.table === table)!;
    const [pa] = await seatClients(servers[0].url, table, [{ seat: mine.seat, token: mine.token! }]);
    const [pb] = await seatClients(servers[1].url, table, [
      { seat: accepted.body.challenge.seat, token: accepted.body.challenge.token! },
    ]);
    await playRandomly([pa, pb], 'shared-challenge');
    for (const p of [pa, pb]) p.client.close();
    socketA.close();
    socketB.close();
  });
});
