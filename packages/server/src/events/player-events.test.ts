/**
 * Events on profiles, over a real server (HTTP, sockets, SQLite, the director): after a two-player Swiss is
 * played out, each player's profile lists it with their place and points; a private event shows on its
 * entrant's own profile only; a player who entered nothing lists nothing.
 */
import { describe, expect, it } from 'vitest';
import type { PlayerProfile } from '@attila/protocol';
import {
  createEvent,
  eventAccount,
  eventView,
  joinEvent,
  startEventServer,
} from '../test-support/event-players.js';
import { playRandomly, seatClients } from '../test-support/play.js';
import type { Visitor } from '../test-support/visitor.js';

let offset = 0;

const nameOf = async (v: Visitor) => (await v.get<{ player: { name: string } }>('/api/me')).body.player.name;
const profile = async (viewer: Visitor, name: string) => {
  const r = await viewer.get<{ profile: PlayerProfile }>(`/api/players/${encodeURIComponent(name)}`);
  expect(r.status).toBe(200);
  return r.body.profile;
};

describe('events on profiles', () => {
  it('lists the events a player entered with their place and points; private ones only to themselves', async () => {
    const server = await startEventServer(() => Date.now() + offset);
    try {
      const [ann, ben, out] = await Promise.all(
        ['Ann', 'Ben', 'Out'].map((p) => eventAccount(server.url, p)),
      );
      const swiss = await createEvent(ann, {
        name: 'Profile Swiss',
        rounds: 1,
        startsAt: Date.now() + offset + 60_000,
      });
      await joinEvent([ann, ben], swiss.id);
      const secret = await createEvent(ann, {
        name: 'Secret Cup',
        private: true,
        startsAt: Date.now() + offset + 3_600_000,
      });
      expect((await ann.post(`/api/events/${secret.id}/join`, { code: secret.code })).status).toBe(200);
      const [annName, benName] = [await nameOf(ann), await nameOf(ben)];
      // Before the start: entered, no place yet.
      expect((await profile(out, benName)).events).toMatchObject([
        { id: swiss.id, name: 'Profile Swiss', status: 'upcoming', rank: null, score: 0, entrants: 2 },
      ]);

      offset += 61_000;
      await expect.poll(async () => (await eventView(ann, swiss.id)).round).toBe(1);
      const grants = await Promise.all([ann, ben].map(async (p) => (await eventView(p, swiss.id)).you!));
      const seated = await seatClients(
        server.url,
        grants[0].table!,
        grants.map((g) => ({ seat: g.seat!, token: g.token! })),
      );
      await playRandomly(seated, 'profile-swiss');
      for (const s of seated) s.client.close();
      await expect
        .poll(async () => (await eventView(ann, swiss.id)).status, { timeout: 20_000 })
        .toBe('finished');
      const standings = (await eventView(ann, swiss.id)).standings;
      const winner = standings[0].name === annName ? 'ann' : 'ben';

      // Another's profile: the public event only, with the place and points of its standings.
      const seenByOut = (await profile(out, annName)).events;
      expect(seenByOut).toEqual([
        {
          id: swiss.id,
          name: 'Profile Swiss',
          format: 'swiss',
          status: 'finished',
          startsAt: swiss.startsAt,
          rank: winner === 'ann' ? 1 : 2,
          score: winner === 'ann' ? 1 : 0,
          entrants: 2,
          withdrawn: false,
        },
      ]);
      expect((await profile(out, benName)).events).toMatchObject([
        { id: swiss.id, rank: winner === 'ben' ? 1 : 2, score: winner === 'ben' ? 1 : 0 },
      ]);
      // One's own: the private one too, the latest start first.
      expect((await profile(ann, annName)).events.map((e) => [e.name, e.status])).toEqual([
        ['Secret Cup', 'upcoming'],
        ['Profile Swiss', 'finished'],
      ]);
      expect((await profile(ann, await nameOf(out))).events).toEqual([]);
    } finally {
      await server.close();
      offset = 0;
    }
  }, 60_000);
});
