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
import {
  ACK_WAIT_MS,
  EMPTY_OUTBOX,
  NO_MOVE,
  queueMove,
  settle,
  silence,
  type MoveStatus,
  type Outbox,
} from './move-outbox.js';

export interface LiveState<View = unknown, Event extends GameEvent = GameEvent> {
  readonly status: 'connecting' | 'open' | 'closed';
  readonly table: TableInfo | null;
  readonly seat: number | null;
  readonly snapshot: Snapshot<View> | null;
  readonly chat: readonly ChatMessage[];
  /** Public events of the moves seen live, oldest first (for logs and animations). */
  readonly notices: readonly MoveNotice<Event>[];
  readonly error: { readonly code: string; readonly message: string } | null;
  /** The player's last move: pending (the board is locked), refused, or given up (move-outbox.ts). */
  readonly move: MoveStatus;
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
    move: NO_MOVE,
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
  /** The socket's welcome came: messages other than hello may be sent. */
  private welcomed = false;
  private stopped = false;
  private retry = 0;
  private state: LiveState<V, E> = initialLive();
  private refs = 0;
  /** Refs unique across page loads: a repeat after a reload is never taken for another move's answer. */
  private readonly refPrefix = Math.random().toString(36).slice(2, 8);
  private outbox: Outbox = EMPTY_OUTBOX;
  private ackTimer: ReturnType<typeof setTimeout> | null = null;
  /** The next hello asks for the whole game again (the server stayed silent: reload what we show). */
  private reload = false;

  constructor(
    private readonly table: string,
    private readonly seat: HeldSeat | null,
    private readonly onState: (s: LiveState<V, E>) => void,
    private readonly ackWaitMs = ACK_WAIT_MS,
  ) {
    this.connect();
  }

  private connect(): void {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
    const ws = new WebSocket(url);
    this.socket = ws;
    this.welcomed = false;
    this.set({ ...this.state, status: 'connecting' });
    ws.onopen = () => {
      this.retry = 0;
      const known = this.reload ? null : this.state;
      this.reload = false;
      const hello: ClientMessage = {
        type: 'hello',
        table: this.table,
        ...(this.seat ? { seat: this.seat.seat, token: this.seat.token } : {}),
        // A first hello asks for everything since the start: a reload, a spectator and a late joiner get
        // the whole log; a reconnect only what it missed.
        since: known?.snapshot?.seq ?? 0,
        ...(known?.table ? { line: known.table.line } : {}),
      };
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (e) => {
      // The trust boundary: the message is parsed with the protocol's schema; its view and events are the
      // engine's types (the server runs the same engine module, and the connection is opened for the
      // table's game through the registry). A message that does not parse is passed over.
      const m = parseServerMessage<V, E>(String(e.data));
      if (m.ok) this.received(m.value);
    };
    ws.onclose = () => {
      if (this.socket !== ws) return;
      this.socket = null;
      this.welcomed = false;
      if (this.stopped) return;
      // Only silence on an open socket counts against the move: the next welcome sends it again.
      this.stopWaiting();
      this.set({ ...this.state, status: 'closed', move: this.moveStatus(true) });
      const delay = Math.min(5000, 250 * 2 ** this.retry++);
      setTimeout(() => !this.stopped && this.socket === null && this.connect(), delay);
    };
  }

  private received(m: ServerMessage<V, E>): void {
    const settled = settle(this.outbox, m);
    if (settled) {
      this.outbox = settled.box;
      this.stopWaiting();
      // A refused move is the move's news (its own banner), not the table's error.
      this.set({ ...this.state, move: settled.status });
      return;
    }
    this.set(reduceLive(this.state, m));
    if (m.type === 'welcome') {
      this.welcomed = true;
      // The move that had no answer is sent again, exactly as first sent; the server acks it if stored.
      if (this.outbox.pending) {
        this.transmit(this.outbox.pending);
        this.set({ ...this.state, move: this.moveStatus(false) });
      }
    }
  }

  /** The pending move's status, offline or not (unchanged news when nothing is pending). */
  private moveStatus(offline: boolean): MoveStatus {
    const p = this.outbox.pending;
    return p ? { kind: 'pending', move: p.move, offline } : this.state.move;
  }

  private set(s: LiveState<V, E>): void {
    this.state = s;
    this.onState(s);
  }

  private send(m: ClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(m));
  }

  /** A move goes out only once the socket was welcomed (the server answers nothing before the hello). */
  private get online(): boolean {
    return this.socket?.readyState === WebSocket.OPEN && this.welcomed;
  }

  /** Sends the pending move and waits for its answer; silence opens the socket again (or gives up). */
  private transmit(m: ClientMessage): void {
    if (this.online) this.send(m);
    this.stopWaiting();
    this.ackTimer = setTimeout(() => this.silent(), this.ackWaitMs);
  }

  private stopWaiting(): void {
    if (this.ackTimer !== null) clearTimeout(this.ackTimer);
    this.ackTimer = null;
  }

  private silent(): void {
    this.ackTimer = null;
    const pending = this.outbox.pending;
    const { box, next } = silence(this.outbox);
    this.outbox = box;
    if (next === 'nothing' || !pending) return;
    if (next === 'give-up') {
      // The server heard nothing or said nothing: show the game as it stores it, and say so.
      this.reload = true;
      this.set({ ...this.state, move: { kind: 'unsent', move: pending.move } });
    }
    this.reconnectNow();
  }

  /** Drops the current socket (it may be half dead) and opens another at once. */
  private reconnectNow(): void {
    const old = this.socket;
    this.socket = null;
    if (old) {
      old.onclose = null;
      old.onmessage = null;
      old.close();
    }
    if (!this.stopped) this.connect();
  }

  /**
   * Plays `move`, decided at the snapshot shown now. Kept until the server answers; while the socket is
   * closed it waits and goes out after the reconnect. Ignored while another move is pending.
   */
  move(move: string): void {
    const seq = this.state.snapshot?.seq ?? 0;
    const line = this.state.table?.line;
    const message = {
      type: 'move' as const,
      seq,
      move,
      ...(line !== undefined ? { line } : {}),
      ref: `m-${this.refPrefix}-${++this.refs}`,
    };
    const box = queueMove(this.outbox, message);
    if (!box) return;
    this.outbox = box;
    const online = this.online;
    this.set({ ...this.state, move: { kind: 'pending', move, offline: !online } });
    if (online) this.transmit(message);
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
    this.stopWaiting();
    this.socket?.close();
    this.socket = null;
  }
}
