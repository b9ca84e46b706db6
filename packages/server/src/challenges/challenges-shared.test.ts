/**
 * Challenges across two server processes (PostgreSQL and Redis): a challenge made through one process is
 * heard at once on the challenged player's socket held by the other, accepted there, and the challenger's
 * socket on the first hears the table; both seats then play through different processes to the end.
 */
import pino from 'pino';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChallengeMessage, ChallengeView } from '@attila/protocol/challenges';
import { startServer, type RunningServer } from '../server.js';
import { playRandomly, seatClients } from '../test-support/play.js';
import {
  dropSchema,
  freshSchema,
  postgresUp,
  POSTGRES_URL,
  redisUp,
  REDIS_URL,
} from '../test-support/services.js';
import { Visitor } from '../test-support/visitor.js';

const up = postgresUp && redisUp;
const schema = freshSchema();
const servers: RunningServer[] = [];

beforeAll(async () => {
  if (!up) return;
  for (let i = 0; i < 2; i++) {
    servers.push(
      await startServer({
        port: 0,
        postgres: POSTGRES_URL,
        postgresSchema: schema,
        redis: REDIS_URL,
        botDelayMs: 0,
        logger: pino({ level: 'silent' }),
        httpRate: false,
      }),
    );
  }
});
afterAll(async () => {
  for (const s of servers) await s.close();
  if (up) await dropSchema(schema);
});

async function account(url: string, name: string): Promise<Visitor> {
  const v = new Visitor(url);
  await v.post('/api/me/guest');
  expect((await v.post('/api/account/claim', { name, password: 'a good long password' })).status).toBe(200);
  return v;
}

async function playerSocket(v: Visitor): Promise<{ heard: ChallengeView[]; close(): void }> {
  const heard: ChallengeView[] = [];
  const ws = new WebSocket(v.url.replace('http', 'ws') + '/ws/me', {
    headers: { cookie: [...v.cookies].map(([k, x]) => `${k}=${x}`).join('; '), origin: v.url },
  });
  ws.on('message', (d) => heard.push((JSON.parse(d.toString()) as ChallengeMessage).challenge));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { heard, close: () => ws.close() };
}

type One = { challenge: ChallengeView };

describe.skipIf(!up)('challenges across two processes', () => {
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
