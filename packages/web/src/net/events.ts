/** Events (tournaments, packages/server/README.md "Events"): the HTTP calls. */
import type { CreateEvent, EventSummary, EventView } from '@attila/protocol/events';
import { call } from './api.js';

type One = { event: EventView };
const path = (id: string) => `/api/events/${encodeURIComponent(id)}`;

export const eventApi = {
  list: () => call<{ events: EventSummary[] }>('GET', '/api/events'),
  get: (id: string, code: string | null) =>
    call<One>('GET', code ? `${path(id)}?code=${encodeURIComponent(code)}` : path(id)),
  create: (body: CreateEvent) => call<One>('POST', '/api/events', body),
  join: (id: string, code: string | null) => call<One>('POST', `${path(id)}/join`, code ? { code } : {}),
  withdraw: (id: string) => call<One>('POST', `${path(id)}/withdraw`, {}),
};
