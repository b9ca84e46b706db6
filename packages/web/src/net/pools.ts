/**
 * Quick pairing from the browser: join a pool, follow the entry's event stream until a table is made,
 * leave. The waiting entry is kept in `sessionStorage`, so a reload of the tab goes on waiting.
 */
import { parsePoolEvent, type JoinPoolRequest, type PoolEvent, type PoolJoined } from '@attila/protocol';
import { call } from './api.js';

export const poolApi = {
  join: (req: JoinPoolRequest) => call<PoolJoined>('POST', '/api/pools/join', req),
  leave: (entry: string, token: string) =>
    call<{ left: true }>('POST', `/api/pools/entries/${encodeURIComponent(entry)}/leave`, { token }),
};

const WAITING_KEY = 'attila.pool';

export function savedWaiting(): PoolJoined | null {
  try {
    const raw = sessionStorage.getItem(WAITING_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<PoolJoined>;
    return typeof v.entry === 'string' &&
      typeof v.token === 'string' &&
      typeof v.pool === 'string' &&
      typeof v.joinedAt === 'number'
      ? (v as PoolJoined)
      : null;
  } catch {
    return null;
  }
}

export function saveWaiting(joined: PoolJoined | null): void {
  if (joined) sessionStorage.setItem(WAITING_KEY, JSON.stringify(joined));
  else sessionStorage.removeItem(WAITING_KEY);
}

/**
 * Follows the entry; `onEvent` hears `waiting`, then `paired` or `gone` (also when the stream cannot be
 * opened: the entry is gone). Returns the function that stops following.
 */
export function followEntry(entry: string, onEvent: (e: PoolEvent) => void): () => void {
  const source = new EventSource(`/api/pools/entries/${encodeURIComponent(entry)}/events`);
  let done = false;
  const finish = (e: PoolEvent) => {
    if (done) return;
    done = true;
    source.close();
    onEvent(e);
  };
  source.onmessage = (m) => {
    const parsed = parsePoolEvent(String(m.data));
    if (!parsed.ok) return; // not a pool event (a newer server's): passed over
    const e = parsed.value;
    if (e.type === 'waiting') onEvent(e);
    else finish(e);
  };
  // A refused stream (404: the entry expired) closes for good; a dropped one is opened again by the browser.
  // Leaving the page (a reload) closes it too, and that is not the entry's end: it goes on waiting. The
  // error comes before the page is gone, so it is acted on a moment later, which an unloaded page never is.
  source.onerror = () => {
    if (source.readyState === EventSource.CLOSED)
      setTimeout(() => finish({ type: 'gone', reason: 'no such entry' }), 500);
  };
  const leaving = () => {
    done = true;
  };
  addEventListener('beforeunload', leaving);
  addEventListener('pagehide', leaving);
  return () => {
    done = true;
    removeEventListener('beforeunload', leaving);
    removeEventListener('pagehide', leaving);
    source.close();
  };
}
