/**
 * The tables this browser holds a seat at (the seat tokens the table screen keeps in `localStorage`), and a
 * short look at each: one socket says hello with the seat's token, reads the welcome (whose turn, the
 * clocks, the result), and closes. No account is needed: this is what the browser knows by itself.
 */
import { parseServerMessage, type Snapshot, type TableInfo } from '@attila/protocol';
import { err, ok, type Result } from '@attila/core';
import { heldSeat, type HeldSeat } from './api.js';

const SEAT_PREFIX = 'attila.seat.';

/** Every table id with a seat held in this browser. */
export function heldTables(): { readonly table: string; readonly held: HeldSeat }[] {
  const out: { table: string; held: HeldSeat }[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith(SEAT_PREFIX)) continue;
    const table = key.slice(SEAT_PREFIX.length);
    const held = heldSeat(table);
    if (held) out.push({ table, held });
  }
  return out;
}

export interface TableGlance {
  readonly table: TableInfo;
  readonly seat: number;
  readonly snapshot: Snapshot | null;
  /** When the glance was taken (this browser's time): the clocks count on from here. */
  readonly at: number;
}

const GLANCE_TIMEOUT_MS = 8000;

/** The table as the seat's holder sees it now, or why not (gone, the token refused, no server). */
export function glance(table: string, held: HeldSeat): Promise<Result<TableGlance>> {
  return new Promise((resolve) => {
    let socket: WebSocket;
    try {
      socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
    } catch (e) {
      return resolve(err('net.offline', String(e)));
    }
    const done = (r: Result<TableGlance>) => {
      clearTimeout(timer);
      socket.close();
      resolve(r);
    };
    const timer = setTimeout(() => done(err('net.timeout', 'the server did not answer')), GLANCE_TIMEOUT_MS);
    socket.onopen = () =>
      socket.send(JSON.stringify({ type: 'hello', table, seat: held.seat, token: held.token }));
    socket.onerror = () => done(err('net.offline', 'no connection to the server'));
    socket.onmessage = (e) => {
      const parsed = parseServerMessage(String(e.data));
      if (!parsed.ok) return done(parsed);
      const m = parsed.value;
      if (m.type === 'welcome')
        done(ok({ table: m.table, seat: held.seat, snapshot: m.snapshot, at: Date.now() }));
      else if (m.type === 'error') done(err(m.code, m.message));
    };
  });
}

export type Turn = 'mine' | 'theirs' | 'waiting' | 'over';

/** Whose turn it is at a table, for its seat holder. */
export function turnOf(g: TableGlance): Turn {
  if (g.table.status === 'finished' || g.snapshot?.result) return 'over';
  if (g.table.status === 'open' || !g.snapshot) return 'waiting';
  return g.snapshot.toAct.includes(g.seat) ? 'mine' : 'theirs';
}

/** Time left on the clock that matters: mine on my turn, else the first of those to act; null: no clock. */
export function timeLeft(g: TableGlance): number | null {
  const clock = g.snapshot?.clock;
  if (!clock) return null;
  const seats = turnOf(g) === 'mine' ? [g.seat] : (g.snapshot?.toAct ?? []);
  const left = seats.map((s) => clock.remainingMs[s]).filter((ms) => ms !== undefined);
  return left.length ? Math.min(...left) : null;
}

const TURN_ORDER: Record<Turn, number> = { mine: 0, theirs: 1, waiting: 2, over: 3 };

/** My turns first, then the others' turns, then tables still filling, then finished games; by time left. */
export function byUrgency(a: TableGlance, b: TableGlance): number {
  const turn = TURN_ORDER[turnOf(a)] - TURN_ORDER[turnOf(b)];
  if (turn !== 0) return turn;
  return (timeLeft(a) ?? Infinity) - (timeLeft(b) ?? Infinity);
}
