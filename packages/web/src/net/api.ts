/**
 * The server's HTTP lobby API (see packages/server/README.md). Every call returns a `Result`: the server's
 * own error (code and message) or a network failure, never an exception.
 */
import { err, ok, type Result } from '@attila/core';
import type {
  CreateTableRequest,
  CreateTableResponse,
  GameInfo,
  SeatGrant,
  TableInfo,
} from '@attila/protocol';

/**
 * One request to the API. Every change carries `x-attila-csrf: 1`: with the session cookie the server
 * refuses a change without it (a page of another site cannot send it).
 */
export async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Result<T>> {
  let res: Response;
  const headers: Record<string, string> = method === 'GET' ? {} : { 'x-attila-csrf': '1' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    return err('net.offline', messageOf(e));
  }
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    return err('net.response', `the server answered ${res.status} without JSON`);
  }
  if (!res.ok) {
    const e = errorBody(json);
    return err(e?.code ?? `http.${res.status}`, e?.message ?? `HTTP ${res.status}`);
  }
  // The server's answers are typed by the protocol package it answers with.
  return ok(json as T);
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The server's `{ error: { code, message } }`, or null for any other body. */
function errorBody(json: unknown): { code: string; message: string } | null {
  if (typeof json !== 'object' || json === null || !('error' in json)) return null;
  const e = json.error;
  if (typeof e !== 'object' || e === null || !('code' in e) || !('message' in e)) return null;
  return typeof e.code === 'string' && typeof e.message === 'string'
    ? { code: e.code, message: e.message }
    : null;
}

export const api = {
  games: () => call<{ games: GameInfo[] }>('GET', '/api/games'),
  /** One page of the lobby list; `cursor` is the `next` of the page before (none: the first page). */
  tables: (cursor?: string) =>
    call<{ tables: TableInfo[]; next?: string | null }>(
      'GET',
      cursor === undefined ? '/api/tables' : `/api/tables?cursor=${encodeURIComponent(cursor)}`,
    ),
  /** Listed finished games, the most recently finished first (for their replays). */
  finishedTables: () => call<{ tables: TableInfo[] }>('GET', '/api/tables?status=finished'),
  table: (id: string) => call<{ table: TableInfo }>('GET', `/api/tables/${encodeURIComponent(id)}`),
  create: (req: CreateTableRequest) => call<CreateTableResponse>('POST', '/api/tables', req),
  join: (id: string, name: string, seat?: number) =>
    call<SeatGrant>(
      'POST',
      `/api/tables/${encodeURIComponent(id)}/join`,
      seat === undefined ? { name } : { name, seat },
    ),
  leave: (id: string, seat: number, token: string) =>
    call<{ table: TableInfo }>('POST', `/api/tables/${encodeURIComponent(id)}/leave`, { seat, token }),
  /** The finished game's record in its text form (also what a player downloads). */
  async record(id: string): Promise<Result<string>> {
    try {
      const res = await fetch(`/api/tables/${encodeURIComponent(id)}/record`);
      const text = await res.text();
      if (!res.ok) {
        let body: unknown = null;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: the text itself is the message
        }
        const e = errorBody(body);
        return e ? err(e.code, e.message) : err(`http.${res.status}`, text);
      }
      return ok(text);
    } catch (e) {
      return err('net.offline', messageOf(e));
    }
  },
};

/** Seats this browser holds, remembered across reloads (the token proves the seat to the server). */
export interface HeldSeat {
  readonly seat: number;
  readonly token: string;
}

const seatKey = (table: string) => `attila.seat.${table}`;

export function heldSeat(table: string): HeldSeat | null {
  try {
    const raw = localStorage.getItem(seatKey(table));
    if (!raw) return null;
    const v: unknown = JSON.parse(raw);
    if (typeof v !== 'object' || v === null || !('seat' in v) || !('token' in v)) return null;
    return typeof v.seat === 'number' && typeof v.token === 'string'
      ? { seat: v.seat, token: v.token }
      : null;
  } catch {
    return null;
  }
}

export function holdSeat(table: string, seat: HeldSeat | null): void {
  if (seat) localStorage.setItem(seatKey(table), JSON.stringify(seat));
  else localStorage.removeItem(seatKey(table));
}

export function playerName(): string {
  return localStorage.getItem('attila.name') ?? '';
}

export function setPlayerName(name: string): void {
  localStorage.setItem('attila.name', name);
}
