/**
 * Players of events in tests over a real server: accounts (each a `Visitor` with its own session), an event
 * created by one of them, and each player's view of it.
 */
import pino from 'pino';
import { expect } from 'vitest';
import type { CreateEvent, EventView } from '@attila/protocol/events';
import { startServer, type RunningServer, type ServerOptions } from '../server.js';
import { tempDb } from './http.js';
import { Visitor } from './visitor.js';

let n = 0;
const unique = (base: string) => `${base}${Date.now() % 100000}x${++n}`;

/** A signed-up account (a unique name from `base`). */
export async function eventAccount(url: string, base: string): Promise<Visitor> {
  const v = new Visitor(url);
  await v.post('/api/me/guest');
  const r = await v.post('/api/account/claim', { name: unique(base), password: 'a good long password' });
  expect(r.status).toBe(200);
  return v;
}

export type OneEvent = { event: EventView };

/** Creates an event (a three-round Swiss at 2 minutes a player unless `body` says otherwise). */
export async function createEvent(v: Visitor, body: Partial<CreateEvent>): Promise<EventView> {
  const r = await v.post<OneEvent>('/api/events', {
    name: 'Test event',
    format: 'swiss',
    rounds: 3,
    clock: { mode: 'game', initialMs: 120_000, incrementMs: 0 },
    ...body,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.event;
}

export async function eventView(v: Visitor, id: string): Promise<EventView> {
  const r = await v.get<OneEvent>(`/api/events/${id}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.event;
}

export async function joinEvent(players: readonly Visitor[], id: string): Promise<void> {
  for (const p of players) expect((await p.post(`/api/events/${id}/join`)).status).toBe(200);
}

/**
 * A server for event tests: a fresh SQLite file, no bot pause, no request limit in the way of many accounts
 * from one address, the director looking every 100 ms, and the test's clock (`now`).
 */
export function startEventServer(
  now: () => number,
  more: Partial<ServerOptions> = {},
): Promise<RunningServer> {
  return startServer({
    port: 0,
    dbFile: tempDb(),
    botDelayMs: 0,
    logger: pino({ level: 'silent' }),
    httpRate: { writesPerMinute: 10_000, readsPerMinute: 10_000 },
    events: { tickMs: 100 },
    now,
    ...more,
  });
}
