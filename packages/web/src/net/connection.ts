/**
 * One live table over the WebSocket: says hello (with the held seat's token, and the last sequence number
 * seen so a reconnect only fetches what was missed, 0 at first so the whole game's log comes), reconnects with back-off, and hands every server
 * message to the screen: the latest table, snapshot and chat. `View` and `Event` are the game's own types:
 * the registry of client games opens a connection typed by the engine module the server runs for the table.
 */
import type { GameEvent } from '@attila/core';
import {
  parseServerMessage,
  type ChatMessage,
  type ClientMessage,
  type MoveNotice,
  type ServerMessage,
  type Snapshot,
  type TableInfo,
} from '@attila/protocol';
import type { HeldSeat } from './api.js';

export interface LiveState<View = unknown, Event extends GameEvent = GameEvent> {
  readonly status: 'connecting' | 'open' | 'closed';
  readonly table: TableInfo | null;
  readonly seat: number | null;
  readonly snapshot: Snapshot<View> | null;
  readonly chat: readonly ChatMessage[];
  /** Public events of the moves seen live, oldest first (for logs and animations). */
  readonly notices: readonly MoveNotice<Event>[];
  readonly error: { readonly code: string; readonly message: string } | null;
}

/** Before the socket's welcome: nothing known yet. */
export function initialLive<V, E extends GameEvent>(): LiveState<V, E> {
  return {
    status: 'connecting',
    table: null,
    seat: null,
    snapshot: null,
    chat: [],
    notices: [],
    error: null,
  };
}

export const INITIAL_LIVE: LiveState = initialLive();

export function reduceLive<V, E extends GameEvent>(
  s: LiveState<V, E>,
  m: ServerMessage<V, E>,
): LiveState<V, E> {
  switch (m.type) {
    case 'welcome': {
      // After a takeback (another line) the moves seen are no longer the game's: only the log sent counts.
      const seen = s.table && s.table.line !== m.table.line ? [] : upTo(s.notices, m.snapshot?.seq);
      return {
        ...s,
        status: 'open',
        table: m.table,
        seat: m.seat,
        snapshot: m.snapshot,
        chat: m.chat,
        notices: m.missed ? withMissed(seen, m.missed) : seen,
        error: null,
      };
    }
    case 'update':
      if (s.snapshot && m.snapshot.seq <= s.snapshot.seq) return s;
      return {
        ...s,
        snapshot: m.snapshot,
        notices: [...s.notices, { seq: m.seq, seat: m.seat, events: m.events }],
        error: null,
      };
    case 'table':
      return {
        ...s,
        table: m.table,
        snapshot: m.snapshot ?? s.snapshot,
        notices: upTo(s.notices, m.snapshot?.seq),
      };
    case 'chat':
      return { ...s, chat: [...s.chat, m.message] };
    case 'error':
      return { ...s, error: { code: m.code, message: m.message } };
    case 'ack':
    case 'pong':
      return s;
  }
}

/** The moves seen up to `seq` (all of them without one). */
function upTo<E extends GameEvent>(notices: readonly MoveNotice<E>[], seq: number | undefined) {
  return seq === undefined || notices.every((n) => n.seq <= seq)
    ? notices
    : notices.filter((n) => n.seq <= seq);
}

/** The log after a welcome: what was seen before the first missed move, then every missed move. */
function withMissed<E extends GameEvent>(
  seen: readonly MoveNotice<E>[],
  missed: readonly MoveNotice<E>[],
): readonly MoveNotice<E>[] {
  if (missed.length === 0) return seen;
  return [...seen.filter((n) => n.seq < missed[0].seq), ...missed];
}

export class Connection<V = unknown, E extends GameEvent = GameEvent> {
  private socket: WebSocket | null = null;
  private stopped = false;
  private retry = 0;
  private state: LiveState<V, E> = initialLive();
  private refs = 0;

  constructor(
    private readonly table: string,
    private readonly seat: HeldSeat | null,
    private readonly onState: (s: LiveState<V, E>) => void,
  ) {
    this.connect();
  }

  private connect(): void {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
    const ws = new WebSocket(url);
    this.socket = ws;
    this.set({ ...this.state, status: 'connecting' });
    ws.onopen = () => {
      this.retry = 0;
      const hello: ClientMessage = {
        type: 'hello',
        table: this.table,
        ...(this.seat ? { seat: this.seat.seat, token: this.seat.token } : {}),
        // A first hello asks for everything since the start: a reload, a spectator and a late joiner get
        // the whole log; a reconnect only what it missed.
        since: this.state.snapshot?.seq ?? 0,
        ...(this.state.table ? { line: this.state.table.line } : {}),
      };
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (e) => {
      // The trust boundary: the message is parsed with the protocol's schema; its view and events are the
      // engine's types (the server runs the same engine module, and the connection is opened for the
      // table's game through the registry). A message that does not parse is passed over.
      const m = parseServerMessage<V, E>(String(e.data));
      if (m.ok) this.set(reduceLive(this.state, m.value));
    };
    ws.onclose = () => {
      if (this.socket !== ws) return;
      this.socket = null;
      if (this.stopped) return;
      this.set({ ...this.state, status: 'closed' });
      const delay = Math.min(5000, 250 * 2 ** this.retry++);
      setTimeout(() => !this.stopped && this.connect(), delay);
    };
  }

  private set(s: LiveState<V, E>): void {
    this.state = s;
    this.onState(s);
  }

  private send(m: ClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(m));
  }

  move(move: string): void {
    const seq = this.state.snapshot?.seq ?? 0;
    const line = this.state.table?.line;
    this.send({ type: 'move', seq, move, ...(line !== undefined ? { line } : {}), ref: `m${++this.refs}` });
  }

  resign(): void {
    this.send({ type: 'resign', ref: `g${++this.refs}` });
  }

  abort(): void {
    this.send({ type: 'abort', ref: `a${++this.refs}` });
  }

  askTakeback(): void {
    this.send({ type: 'takeback', ref: `t${++this.refs}` });
  }

  answerTakeback(answer: 'accept' | 'refuse' | 'never'): void {
    this.send({ type: 'takeback-answer', answer, ref: `t${++this.refs}` });
  }

  rematch(accept: boolean): void {
    this.send({ type: 'rematch', accept, ref: `r${++this.refs}` });
  }

  chat(text: string): void {
    this.send({ type: 'chat', text, ref: `c${++this.refs}` });
  }

  reclaim(): void {
    this.send({ type: 'reclaim', ref: `r${++this.refs}` });
  }

  /** Correspondence clocks: go on vacation (the seat's clock stands still) or come back. */
  vacation(away: boolean): void {
    this.send({ type: 'vacation', away, ref: `v${++this.refs}` });
  }

  close(): void {
    this.stopped = true;
    this.socket?.close();
    this.socket = null;
  }
}
