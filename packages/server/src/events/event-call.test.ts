/**
 * The call to an event game by Web Push, through the real server and a push service run by the test
 * (test-support/push-service.ts, which checks each request's signature and decrypts it): when the event
 * seats players at a new table, each subscribed player there gets a "turn" notice naming the event and
 * leading to their table; the player with the bye and a subscriber outside the event get nothing.
 */
import { Agent } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushSettings } from '@attila/protocol';
import {
  createEvent,
  eventAccount,
  eventView,
  joinEvent,
  startEventServer,
} from '../test-support/event-players.js';
import { localCertificate, LocalPushService, type TestSubscription } from '../test-support/push-service.js';
import type { Visitor } from '../test-support/visitor.js';

let service: LocalPushService;
let agent: Agent;
let offset = 0;

beforeAll(async () => {
  const tls = localCertificate();
  service = await LocalPushService.start(tls);
  agent = new Agent({ ca: tls.cert });
});
afterAll(async () => {
  await service.close();
  agent.destroy();
});

async function subscribed(v: Visitor): Promise<TestSubscription> {
  const sub = service.subscribe();
  const r = await v.post<PushSettings>('/api/account/push/subscribe', { subscription: sub.json });
  expect(r.status).toBe(201);
  return sub;
}

const texts = (sub: TestSubscription) => service.delivered(sub.id).map((t) => JSON.parse(t) as object);

describe('the call to an event game (Web Push)', () => {
  it('tells each seated player of their new table, naming the event; not the bye, not outsiders', async () => {
    const server = await startEventServer(() => Date.now() + offset, {
      push: { contact: 'mailto:operator@example.org', agent },
    });
    try {
      const players = await Promise.all(['Ann', 'Ben', 'Cid'].map((p) => eventAccount(server.url, p)));
      const outsider = await eventAccount(server.url, 'Out');
      const subs = await Promise.all([...players, outsider].map(subscribed));
      const event = await createEvent(players[0], {
        name: 'Called Swiss',
        rounds: 1,
        startsAt: Date.now() + offset + 60_000,
      });
      await joinEvent(players, event.id);
      expect(service.messages).toHaveLength(0);
      offset += 61_000;
      await expect.poll(async () => (await eventView(players[0], event.id)).round).toBe(1);
      await service.waitFor(2);
      await new Promise((r) => setTimeout(r, 500));
      const views = await Promise.all(players.map((p) => eventView(p, event.id)));
      const seated = views.map((v) => v.you?.table ?? null);
      expect(seated.filter((t) => t !== null)).toHaveLength(2);
      players.forEach((_, i) => {
        const table = seated[i];
        expect(texts(subs[i])).toEqual(
          table === null
            ? []
            : [
                {
                  kind: 'turn',
                  path: `#/table/${table}`,
                  tag: `table-${table}`,
                  game: 'knights',
                  event: 'Called Swiss',
                },
              ],
        );
      });
      expect(texts(subs[3])).toEqual([]);
      expect(service.messages).toHaveLength(2);
    } finally {
      await server.close();
    }
  }, 60_000);
});
