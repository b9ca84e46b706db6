/**
 * The WebSocket endpoint `/ws`: every message is checked for size, rate and shape at the edge, then handed
 * to its table. One subscription per table per process fans each table's news out to its sockets.
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { RawData, WebSocket } from 'ws';
import type { Broadcast } from './broadcast/types.js';
import { refusalOf } from './errors.js';
import { Feeds, type Watcher } from './feed.js';
import type { Lobby } from './lobby.js';
import {
  clientMessageSchema,
  describeZodError,
  LIMITS,
  plainMoveMessage,
  type ChatMessage,
  type ClientMessage,
  type ErrorBody,
  type ServerMessage,
} from '@attila/protocol';
import { SeatChatLimiter, type ChatRate } from './chat-limit.js';
import { originAllowed, type OriginAllowList } from './origins.js';
import { AddressCounter, slowReadersToClose, type SocketLimits } from './socket-limits.js';
import type { Table } from './table.js';
import type { Result } from '@attila/core';
import type { ChatHidden, WatchedFilter } from './community/chat-filters.js';
import { ackMessage, encode, errorMessage, pongMessage } from './wire.js';
import { corkUntilTicksEnd, type Corkable } from './socket-cork.js';
import { commandOf } from './socket-command.js';

/** What all connections share: the limits, the per-address counts, the seats' chat allowances. */
interface Edge {
  readonly limits: SocketLimits;
  readonly addresses: AddressCounter;
  readonly chat: SeatChatLimiter;
  readonly connections: Set<Connection>;
  readonly community: SocketCommunity | null;
}

/**
 * What sockets ask of the community (community/community.ts): whether a seat's player may chat (a
 * moderator's mute), and whose lines a seated player does not want (the players they blocked; everyone's
 * but their own when they muted the table's chat), kept current while the socket is open
 * (community/chat-filters.ts).
 */
export interface SocketCommunity {
  chatAllowed(playerId: string): Promise<Result<void>>;
  watchChatHidden(
    playerId: string,
    tableId: string,
    heard: (hidden: ChatHidden) => void,
  ): Promise<WatchedFilter>;
}

export interface SocketStats {
  connections: number;
}

class Connection implements Watcher {
  seat: number | null = null;
  /** Whose chat lines this seat's player does not get (null: everyone's). */
  private hidden: ChatHidden | null = null;
  /** Stops hearing changes of the player's blocks and mutes (null: not watching). */
  private stopHidden: (() => void) | null = null;
  private token: string | null = null;
  private table: Table | null = null;
  private greeted = false;
  private tokens: number = LIMITS.rateBurst;
  private refilled = Date.now();
  private chain: Promise<void> = Promise.resolve();

  private readonly counted: boolean;

  constructor(
    private readonly socket: WebSocket,
    private readonly lobby: Lobby,
    private readonly feeds: Feeds,
    private readonly log: Logger,
    private readonly stats: SocketStats,
    private readonly edge: Edge,
    private readonly address: string,
    /** The signed-in account of the page that opened the socket (a spectator's blocks and mutes), or null. */
    private readonly viewer: () => Promise<string | null>,
  ) {
    this.counted = edge.addresses.tryAdd(address, edge.limits.perAddress);
    socket.on('error', (e) => this.log.debug({ err: e }, 'socket error'));
    if (!this.counted) {
      this.fail(
        'sockets.address',
        `at most ${edge.limits.perAddress} sockets may be open at once from one address; close one first`,
      );
      socket.close(1008, 'too many sockets from this address');
      return;
    }
    stats.connections++;
    edge.connections.add(this);
    socket.on('message', (data: RawData, isBinary: boolean) => this.receive(data, isBinary));
    socket.on('close', () => this.closed());
  }

  /** Bytes queued for this socket that it has not read yet. */
  get buffered(): number {
    return this.socket.bufferedAmount;
  }

  /** The server holds too much for slow readers in all: this one, far behind, goes. */
  dropSlow(): void {
    this.socket.close(1013, 'server busy: too far behind (reconnect to catch up)');
  }

  /**
   * Messages for one socket made in the same tick (an ack and its update, say) leave in one write:
   * the TCP socket is corked until the tick's work is done.
   */
  send(text: string): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.hidden) {
      const kept = this.withoutHiddenChat(text);
      if (kept === null) return;
      text = kept;
    }
    if (this.socket.bufferedAmount > this.edge.limits.perSocketBytes) {
      this.socket.close(1008, 'too far behind');
      return;
    }
    const raw = (this.socket as unknown as { _socket?: Corkable })._socket;
    if (raw) corkUntilTicksEnd(raw);
    this.socket.send(text);
  }

  /** The text without the chat lines this player does not want (null: nothing left to send). */
  private withoutHiddenChat(text: string): string | null {
    const shown = (line: ChatMessage) => {
      if (line.seat === this.seat) return true;
      if (this.hidden!.muted) return false;
      const from = this.table?.seatPlayerId(line.seat) ?? null;
      return from === null || !this.hidden!.blocked.has(from);
    };
    if (text.startsWith('{"type":"chat"')) {
      const m = JSON.parse(text) as { message: ChatMessage };
      return shown(m.message) ? text : null;
    }
    if (text.startsWith('{"type":"welcome"')) {
      const m = JSON.parse(text) as { chat: ChatMessage[] };
      return JSON.stringify({ ...m, chat: m.chat.filter(shown) });
    }
    return text;
  }

  private reply(message: ServerMessage): void {
    this.send(encode(message));
  }

  private fail(code: string, message: string, ref: string | null = null): void {
    this.reply(errorMessage(code, message, ref));
  }

  private allow(): boolean {
    const now = Date.now();
    this.tokens = Math.min(
      LIMITS.rateBurst,
      this.tokens + ((now - this.refilled) / 1000) * LIMITS.ratePerSecond,
    );
    this.refilled = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (!this.allow()) {
      return this.fail(
        'rate.limited',
        `too many messages: at most ${LIMITS.ratePerSecond} per second (bursts of ${LIMITS.rateBurst})`,
      );
    }
    const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength;
    if (size > LIMITS.messageBytes) {
      return this.fail(
        'message.too-large',
        `a message may have at most ${LIMITS.messageBytes} bytes; this one has ${size}`,
      );
    }
    if (isBinary) return this.fail('message.binary', 'messages are JSON text, not binary frames');
    let value: unknown;
    try {
      value = JSON.parse(data.toString());
    } catch {
      return this.fail('message.json', 'a message must be one JSON object, like {"type":"ping"}');
    }
    // Moves, nearly all of the traffic, skip the schema when they plainly pass it (move-message.ts).
    const move = plainMoveMessage(value);
    const parsed = move ? { success: true as const, data: move } : clientMessageSchema.safeParse(value);
    if (!parsed.success) {
      const ref =
        typeof (value as { ref?: unknown })?.ref === 'string'
          ? ((value as { ref: string }).ref as string)
          : null;
      return this.fail(
        'message.invalid',
        `${describeZodError(parsed.error)} (messages: hello, move, chat, reclaim, vacation, resign, abort, takeback, takeback-answer, rematch, ping)`,
        ref?.slice(0, 64) ?? null,
      );
    }
    // Messages of one socket are handled in order, even while one waits on storage.
    this.chain = this.chain
      .then(() => this.handle(parsed.data))
      .catch((e) => {
        const refusal = refusalOf(e);
        if (refusal.code === 'server.error') this.log.error({ err: e }, 'socket message failed');
        this.fail(refusal.code, refusal.message);
      });
  }

  private async handle(m: ClientMessage): Promise<void> {
    const ref = 'ref' in m ? (m.ref ?? null) : null;
    if (m.type === 'ping') return this.reply(pongMessage(ref, Date.now()));
    if (m.type === 'hello') return this.hello(m);
    const table = this.table;
    if (!table) return this.fail('hello.first', 'say hello first: {"type":"hello","table":"<id>", ...}', ref);
    if (this.seat === null || this.token === null) {
      return this.fail('spectator', 'spectators can only watch: join a seat to play or chat', ref);
    }
    const seat = this.seat;
    const token = this.token;
    if (m.type === 'chat' && !this.edge.chat.allow(table.id, seat, Date.now())) {
      // One allowance per seat, shared by all its sockets (tabs).
      const { perMinute, burst } = this.edge.chat.rate;
      return this.fail(
        'chat.rate-limited',
        `a seat may chat at most ${perMinute} lines a minute (bursts of ${burst}), counting all its tabs; ` +
          `retry in ${this.edge.chat.retryIn(table.id, seat)} seconds`,
        ref,
      );
    }
    const player = table.seatPlayerId(seat);
    if (m.type === 'chat' && player !== null && this.edge.community) {
      const allowed = await this.edge.community.chatAllowed(player);
      if (!allowed.ok) return this.fail(allowed.error.code, allowed.error.message, ref);
    }
    // A move is acknowledged once stored, before anyone hears of it; the rest are answered by the news.
    const hooks = m.type === 'move' ? { committed: (seq: number) => this.reply(ackMessage(ref, seq)) } : {};
    const r = await table.submit(commandOf(m, seat, token), hooks);
    if (!r.ok) this.fail(r.error.code, r.error.message, ref);
    else if (m.type === 'chat') await this.lobby.trimChat(table.id);
  }

  private async hello(m: Extract<ClientMessage, { type: 'hello' }>): Promise<void> {
    if (this.greeted)
      return this.fail(
        'hello.again',
        'this socket already watches a table; open another socket for another table',
      );
    if ((m.seat === undefined) !== (m.token === undefined)) {
      return this.fail('hello.auth', 'give both "seat" and "token" to play, or neither to watch');
    }
    this.greeted = true;
    // Storage or broadcast down: refused (the error says which), and the socket may say hello again.
    const undo = (e: unknown): never => {
      this.unwatchHidden();
      this.greeted = false;
      this.table = this.seat = this.token = null;
      throw e;
    };
    const table = await this.lobby.open(m.table).catch(undo);
    if (!table) {
      this.greeted = false;
      return this.fail('table.not-found', `there is no table "${m.table}"`);
    }
    await table.sync().catch(undo);
    if (m.seat !== undefined && m.token !== undefined) {
      if (!table.seatHolds(m.seat, m.token)) {
        this.greeted = false;
        return this.fail('auth.token', `the token does not hold seat ${m.seat} at this table`);
      }
      this.seat = m.seat;
      this.token = m.token;
    }
    // Whose lines this socket does not carry: the seat's player's choices, or a spectator's own (a blocker
    // watching the blocked player's game does not get their lines either), from now and as they change.
    if (this.edge.community) {
      const player = this.seat !== null ? table.seatPlayerId(this.seat) : await this.viewer().catch(undo);
      if (player !== null) {
        const watched = await this.edge.community
          .watchChatHidden(player, table.id, (hidden) => this.hide(hidden))
          .catch(undo);
        this.stopHidden = watched.stop;
        this.hide(watched.current);
      }
    }
    if (this.socket.readyState !== this.socket.OPEN) return this.unwatchHidden();
    this.table = table;
    await this.feeds.watch(table, this, m.since, m.line).catch(undo);
    this.lobby.touch(table.id);
  }

  private hide(hidden: ChatHidden): void {
    this.hidden = hidden.muted || hidden.blocked.size > 0 ? hidden : null;
  }

  private unwatchHidden(): void {
    this.stopHidden?.();
    this.stopHidden = null;
  }

  private closed(): void {
    this.unwatchHidden();
    this.stats.connections--;
    this.edge.connections.delete(this);
    this.edge.addresses.remove(this.address);
    if (this.table) {
      this.feeds.unwatch(this.table, this);
    }
  }
}

export interface SocketOptions {
  /** Pages of other origins that may open sockets (the server's own always may). */
  readonly allowedOrigins: OriginAllowList;
  readonly limits: SocketLimits;
  /** Chat lines per seat (default `CHAT_RATE`). */
  readonly chatRate?: ChatRate;
  /** Chat mutes and blocks (null: none applied). */
  readonly community?: SocketCommunity | null;
  /** The account signed in on the socket's request (its session cookie), for spectators' blocks. */
  readonly viewerOf?: (req: FastifyRequest) => Promise<string | null>;
}

/** Chat lines per seat (all its sockets together). */
export const CHAT_RATE: ChatRate = { perMinute: LIMITS.chatPerMinute, burst: LIMITS.chatBurst };

/** How often the memory held for slow readers is added up. */
const SLOW_READER_SWEEP_MS = 1000;

export function registerSockets(
  app: FastifyInstance,
  lobby: Lobby,
  broadcast: Broadcast,
  log: Logger,
  options: SocketOptions,
): SocketStats {
  const feeds = new Feeds(broadcast, log);
  const stats: SocketStats = { connections: 0 };
  const edge: Edge = {
    limits: options.limits,
    addresses: new AddressCounter(),
    chat: new SeatChatLimiter(options.chatRate ?? CHAT_RATE),
    connections: new Set(),
    community: options.community ?? null,
  };
  const sweep = setInterval(() => {
    for (const conn of slowReadersToClose([...edge.connections], options.limits.slowReaderBytes)) {
      log.warn({ buffered: conn.buffered }, 'closing a slow reader: too much held for slow readers');
      conn.dropSlow();
    }
    edge.chat.prune(Date.now());
  }, SLOW_READER_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  app.get(
    '/ws',
    {
      websocket: true,
      // Before the upgrade: a refused page gets an HTTP answer in the error shape, never a socket.
      preValidation: async (req, reply) => {
        if (originAllowed(req.headers.origin, req.headers.host, options.allowedOrigins)) return;
        const body: ErrorBody = {
          error: {
            code: 'origin.forbidden',
            message: `pages of ${req.headers.origin} may not open live-play sockets here (allowed: this server's own pages${
              options.allowedOrigins === '*' ? '' : options.allowedOrigins.map((o) => `, ${o}`).join('')
            })`,
          },
        };
        return reply.code(403).send(body);
      },
    },
    (socket, req) => {
      const viewerOf = options.viewerOf;
      const viewer = () => (viewerOf ? viewerOf(req) : Promise.resolve(null));
      new Connection(socket, lobby, feeds, log, stats, edge, normalizeIP(req.ip), viewer);
    },
  );
  return stats;
}
