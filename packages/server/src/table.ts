/**
 * One live game: its seats, its state, its clock, and the one door through which they change. Every change
 * is a command (commands.ts) handed to `submit`, which runs it through the table's serial queue: decide
 * (pure: moves.ts, seating.ts), commit to storage, apply to this copy, then publish to every audience
 * (audience.ts, wire.ts). Nobody is told of a change that is not stored. The clock's timer and the bots are
 * run by the driver (driver.ts), which only reads the table and submits commands like everyone else.
 */
import { err, ok, replayMoves, type Result } from '@attila/core';
import type { ChatMessage, MoveNotice, TableInfo } from '@attila/protocol';
import { LIMITS } from '@attila/protocol';
import { Audience } from './audience.js';
import type { Broadcast } from './broadcast/types.js';
import { resumeClock } from './clock.js';
import { decide, type Change, type Outcome, type Outcomes, type TableCommand } from './commands.js';
import { TableDriver, type DriverDeps, type DriverView } from './driver.js';
import { refusalOf, Unavailable } from './errors.js';
import type { AnyGame } from './games.js';
import { repeatedMove, replayStored, stale, type HistoryEntry } from './moves.js';
import { takebacksAllowed } from './live-play.js';
import { turnsBegan } from './push/turn-notices.js';
import { SerialQueue } from './queue.js';
import { botFor, recordOf, watchedSeats } from './seating.js';
import {
  playOf,
  SeqTakenError,
  type Storage,
  type StoredMove,
  type StoredTable,
  type TablePatch,
} from './storage/types.js';
import type { Sql } from './storage/sql.js';
import { hashToken, newSeed, newTableId, newToken, tokenMatches } from './tokens.js';
import {
  encode,
  tableInfo,
  tableMessage,
  updateTexts,
  welcomeMessage,
  type GameNow,
  type Message,
} from './wire.js';

export type { Metrics } from './driver.js';

export interface TableDeps extends DriverDeps {
  readonly storage: Storage;
  readonly broadcast: Broadcast;
}

/** Called once a command is stored and before anyone is told: a mover's acknowledgement goes out first. */
export interface SubmitHooks {
  readonly committed?: (seq: number) => void;
}

const newSecret = () => {
  const token = newToken();
  return { token, hash: hashToken(token) };
};

const newNames = { newToken: newSecret, newSeed, newTableId };

export class Table {
  private readonly queue = new SerialQueue();
  private meta: StoredTable;
  private state: unknown;
  private readonly moves: string[];
  private readonly history: HistoryEntry[];
  private readonly chatLog: ChatMessage[];
  private readonly audience: Audience;
  private readonly driver: TableDriver;
  private constructor(
    readonly game: AnyGame,
    meta: StoredTable,
    state: unknown,
    moves: StoredMove[],
    history: HistoryEntry[],
    chat: ChatMessage[],
    private readonly deps: TableDeps,
  ) {
    this.meta = meta;
    this.state = state;
    this.moves = moves.map((m) => m.move);
    this.history = history;
    this.chatLog = chat;
    this.audience = new Audience(meta.id, meta.seats.length, deps.broadcast, deps.now());
    this.driver = new TableDriver(
      meta.id,
      () => this.driverView(),
      (command) => this.submit(command),
      deps,
    );
  }

  /** Rebuilds a table from storage: its moves are replayed through the engine (each one re-checked). */
  static restore(
    game: AnyGame,
    meta: StoredTable,
    moves: StoredMove[],
    chat: ChatMessage[],
    deps: TableDeps,
  ): Result<Table> {
    const settings = game.parseSettings(meta.settings);
    if (!settings.ok) return settings;
    const replayed = replayMoves(
      game,
      settings.value,
      meta.seed,
      moves.map((m) => m.move),
    );
    if (!replayed.ok) return err(replayed.error.code, `table ${meta.id}: ${replayed.error.message}`);
    const { states, events } = replayed.value;
    const history = moves.map((m, i) => ({
      seat: m.seat,
      events: events[i],
      toActBefore: game.toAct(states[i]),
    }));
    return ok(new Table(game, meta, states[states.length - 1], moves, history, chat, deps));
  }

  /**
   * A new table, not stored yet (`store` writes it). One whose seats are all taken already (bots only, or
   * every person seated by the lobby) starts at once, so no table is ever left open with nobody to join it.
   * Refused while the broadcast is down (several processes): nobody would hear of its start or its moves.
   */
  static fresh(game: AnyGame, meta: StoredTable, deps: TableDeps): Result<Table> {
    if (!deps.broadcast.up) return err('broadcast.unavailable', BROADCAST_DOWN);
    const fresh = Table.restore(game, meta, [], [], deps);
    if (!fresh.ok) return err('create.settings', fresh.error.message);
    const start = decide(fresh.value.moment(), { kind: 'start' }, { now: deps.now(), ...newNames });
    if (start.ok && start.value.kind === 'table') fresh.value.meta = start.value.meta;
    return fresh;
  }

  /** Writes a fresh table in one write, or in the caller's open transaction (`within`). */
  store(within?: Sql): Promise<void> {
    return this.deps.storage.createTable(this.meta, within);
  }

  get id(): string {
    return this.meta.id;
  }
  get status() {
    return this.meta.status;
  }
  get seq(): number {
    return this.moves.length;
  }
  get listed(): boolean {
    return this.meta.listed;
  }

  // ------------------------------------------------------------ the door

  /**
   * The one way to change the table: the command is checked against the table as stored (several
   * processes: caught up first), committed, applied here, then published. A refusal changes nothing; so
   * does an outage of storage or broadcast (`storage.unavailable`, `broadcast.unavailable`).
   */
  submit<C extends TableCommand>(command: C, hooks: SubmitHooks = {}): Promise<Result<Outcome<C>>> {
    return this.queue.run(async () => {
      try {
        // The one place the outcome's type follows the command's kind (execute answers each kind's own).
        return (await this.execute(command, hooks)) as Result<Outcome<C>>;
      } catch (e) {
        if (!(e instanceof Unavailable)) throw e;
        return err(e.code, e.message);
      }
    });
  }

  private async execute(
    command: TableCommand,
    hooks: SubmitHooks,
  ): Promise<Result<Outcomes[TableCommand['kind']]>> {
    const shared = !this.deps.broadcast.local;
    if (shared) {
      if (!this.deps.broadcast.up) throw new Unavailable('broadcast.unavailable', BROADCAST_DOWN);
      // With storage shared by several processes, another one may have written since.
      await this.refresh();
    }
    // A move sent again (no ack reached its sender) is answered as stored, never played twice.
    const again = this.repeat(command, hooks);
    if (again) return again;
    const now = this.deps.now();
    const decided = decide(this.moment(), command, { now, ...newNames });
    if (!decided.ok) {
      if (decided.error.code === 'clock.flagged') this.driver.clockNow();
      return decided;
    }
    const change = decided.value;
    const toActBefore = this.toActNow();
    let chat: ChatMessage | null;
    try {
      chat = await this.commit(change);
    } catch (e) {
      if (!(e instanceof SeqTakenError) || (change.kind !== 'move' && change.kind !== 'takeback')) throw e;
      // Another writer got there first: the database decides, and this copy catches up.
      await this.refresh();
      // The other writer may have stored this very move (sent twice, to two processes).
      const stored = this.repeat(command, hooks);
      if (stored) return stored;
      return stale(this.seq, change.kind === 'move' ? change.move.seq - 1 : change.seq);
    }
    this.apply(change, chat);
    hooks.committed?.(this.seq);
    this.publish(change, chat);
    this.noticeTurns(change, toActBefore);
    this.driver.update();
    switch (command.kind) {
      case 'move':
      case 'bot-move':
        return ok(this.seq);
      case 'join':
        return change.kind === 'seats' && change.outcome ? ok(change.outcome) : err('server.error', 'join');
      case 'chat':
        return chat ? ok(chat) : err('server.error', 'chat');
      default:
        return ok(null);
    }
  }

  /** The ack of a person's move that is already stored (moves.ts `repeatedMove`), or null. */
  private repeat(command: TableCommand, hooks: SubmitHooks): Result<number> | null {
    const seq = command.kind === 'move' ? repeatedMove(this.moment(), command) : null;
    if (seq === null) return null;
    hooks.committed?.(seq);
    return ok(seq);
  }

  /** The seats to act while the game is played (none before its start and after its end). */
  private toActNow(): readonly number[] {
    return this.meta.status === 'playing' ? this.game.toAct(this.state) : [];
  }

  /** After a stored change: the players whose turn began are told (push/turn-notices.ts), in the background. */
  private noticeTurns(change: Change, before: readonly number[]): void {
    if (!this.deps.notices || (change.kind !== 'move' && change.kind !== 'seats' && change.kind !== 'table'))
      return;
    // Who moved, or whose join started the game: they are at the table.
    const mover =
      change.kind === 'move'
        ? change.move.seat
        : change.kind === 'seats'
          ? (change.outcome?.seat ?? null)
          : null;
    const began = turnsBegan(before, this.toActNow(), mover, this.meta.seats);
    if (began.length === 0) return;
    this.deps.notices.turnsBegan({
      table: this.meta.id,
      game: this.meta.game,
      clockSettings: this.meta.clockSettings,
      began,
      mover,
    });
  }

  /** Stores a decided change (one transaction each); the stored chat line when it is one. */
  private async commit(change: Change): Promise<ChatMessage | null> {
    const { storage } = this.deps;
    const id = this.meta.id;
    switch (change.kind) {
      case 'move':
        await storage.appendMove(id, change.move, change.patch, this.line);
        return null;
      case 'takeback':
        await storage.takeBack(id, change.keep, change.seq, change.patch);
        return null;
      case 'rematch':
        await this.commitRematch(change.table, change.patch);
        return null;
      case 'seats':
        await storage.updateSeats(id, change.seats, change.patch);
        return null;
      case 'table':
        await storage.updateTable(id, change.patch);
        return null;
      case 'chat':
        return storage.addChat(id, change.chat);
      case 'none':
        return null;
    }
  }

  /** This copy after a stored change. */
  private apply(change: Change, chat: ChatMessage | null): void {
    switch (change.kind) {
      case 'move':
        this.state = change.next;
        this.moves.push(change.move.move);
        this.history.push(change.entry);
        this.meta = change.meta;
        this.deps.metrics.moves++;
        if (change.byBot) this.deps.metrics.botMoves++;
        return;
      case 'seats':
      case 'table':
      case 'rematch':
        this.meta = change.meta;
        return;
      case 'takeback':
        this.state = change.next;
        this.moves.length = change.keep;
        this.history.length = change.keep;
        this.meta = change.meta;
        return;
      case 'chat':
        if (!chat) return;
        this.chatLog.push(chat);
        if (this.chatLog.length > LIMITS.chatHistory) this.chatLog.shift();
        return;
      case 'none':
        return;
    }
  }

  /** Everyone hears of a stored change: an update for a move, the table's news for seats and status. */
  private publish(change: Change, chat: ChatMessage | null): void {
    switch (change.kind) {
      case 'move':
        this.audience.publish(updateTexts(this.moment(), change.move.seat, change.events), {
          seq: this.seq,
          line: this.line,
        });
        // A seat's first move may end the time the game can be aborted: the table's news says so.
        if (change.meta.result || this.history.filter((h) => h.seat === change.move.seat).length === 1) {
          this.publishTable();
        }
        return;
      case 'seats':
      case 'table':
      case 'rematch':
      case 'takeback':
        return this.publishTable();
      case 'chat':
        if (chat) this.audience.publishAll({ type: 'chat', message: chat });
        return;
      case 'none':
        return;
    }
  }

  /** The table's news (seats, status, result) with each audience's snapshot. */
  private publishTable(): void {
    const info = this.info();
    const g = this.moment();
    this.audience.publish((viewer) => encode(tableMessage(info, g, viewer)), {
      at: this.seq,
      line: this.line,
    });
  }

  // ------------------------------------------------------------ what viewers see

  /** The game at this moment, as the decisions and the watchers see it. */
  private moment(): GameNow & {
    readonly history: readonly HistoryEntry[];
    readonly moves: readonly string[];
  } {
    return {
      game: this.game,
      meta: this.meta,
      state: this.state,
      seq: this.seq,
      now: this.deps.now(),
      history: this.history,
      moves: this.moves,
    };
  }

  /** How many takebacks rewrote the move list: (line, seq) names one position of this game. */
  get line(): number {
    return playOf(this.meta).line;
  }

  /**
   * The rematch's table, its seats' players (the same people: profiles, ratings) and this table's pointer
   * to it, in one transaction: a failure between them leaves none of it (no started table nobody is told
   * of, no pointer to a table that is not there), and the players may accept again.
   */
  private async commitRematch(table: StoredTable, patch: TablePatch): Promise<void> {
    const { storage } = this.deps;
    const to = patch.play?.rematch?.seats ?? [];
    const players = await Promise.all(to.map((_, seat) => storage.accounts.seatPlayer(this.meta.id, seat)));
    await storage.accounts.sql.tx(async (sql) => {
      await storage.createTable(table, sql);
      for (const [seat, next] of to.entries()) {
        const player = players[seat];
        if (player) await storage.accounts.setSeatPlayer(table.id, next, player, sql);
      }
      await storage.updateTable(this.meta.id, patch, sql);
    });
  }

  info(): TableInfo {
    const m = this.meta;
    return tableInfo(m, this.seq, this.audience.connected, {
      abortable: m.status === 'playing' && m.seats.some((s) => !this.history.some((h) => h.seat === s.seat)),
      takebacks: m.status === 'playing' && takebacksAllowed(this.game, m),
    });
  }

  /**
   * The welcome for a socket of `seat` (null: a spectator) that last saw `since` on `line`: built here only.
   * A client that saw another line (a takeback since) gets the whole log.
   */
  welcome(seat: number | null, since: number | undefined, line?: number): Message<'welcome'> {
    const from = line !== undefined && line !== this.line && since !== undefined ? 0 : since;
    return welcomeMessage(this.moment(), this.info(), seat, this.missedSince(from), this.chatLog);
  }

  /** The table's news as `seat` hears it now (a watcher that missed some of it). */
  news(seat: number | null): string {
    return encode(tableMessage(this.info(), this.moment(), seat));
  }

  /** What a client that last saw `since` missed, or null when it cannot be told move by move. */
  private missedSince(since: number | undefined): MoveNotice[] | null {
    if (since === undefined || since > this.seq) return null;
    return this.history.slice(since).map((h, i) => ({ seq: since + i + 1, seat: h.seat, events: h.events }));
  }

  /**
   * The updates after `from` up to now, as `seat` hears them: for a watcher whose news was lost (a broadcast
   * outage, an update overtaken by a later one). Replays the game, so rare use only; each update's clock is
   * the current one.
   */
  updatesSince(from: number, seat: number | null): string[] {
    if (from >= this.seq) return [];
    const settings = this.game.parseSettings(this.meta.settings);
    if (!settings.ok) return [];
    const replayed = replayMoves(this.game, settings.value, this.meta.seed, this.moves);
    if (!replayed.ok) return [];
    const now = this.deps.now();
    const out: string[] = [];
    for (let seq = from + 1; seq <= this.seq; seq++) {
      const g: GameNow = { game: this.game, meta: this.meta, state: replayed.value.states[seq], seq, now };
      const meta = seq === this.seq ? this.meta : { ...this.meta, status: 'playing' as const, result: null };
      out.push(updateTexts({ ...g, meta }, this.history[seq - 1].seat, this.history[seq - 1].events)(seat));
    }
    return out;
  }

  seatHolds(seat: number, token: string): boolean {
    const s = this.meta.seats[seat];
    return s !== undefined && tokenMatches(token, s.tokenHash);
  }

  isIdle(): boolean {
    return this.audience.isIdle();
  }

  /** When the table last had no socket (for evicting finished tables from memory). */
  get idleSince(): number {
    return this.audience.idleSince;
  }

  /** A socket of `seat` watches now (who is connected is not stored: no command). */
  attach(seat: number | null): void {
    if (this.audience.attach(seat)) this.publishPresence();
  }

  detach(seat: number | null): void {
    if (this.audience.detach(seat, this.deps.now())) this.publishPresence();
  }

  private publishPresence(): void {
    this.audience.publishAll({ type: 'table', table: this.info(), snapshot: null });
  }

  /** A finished game as a record that replays it. */
  record() {
    return recordOf(this.meta, this.moves);
  }

  // ------------------------------------------------------------ several processes

  /** Reads what other processes wrote (seats, status, moves) and replays the new moves. */
  private async refresh(): Promise<void> {
    const meta = await this.deps.storage.getTable(this.meta.id);
    if (!meta) return;
    const stored = await this.deps.storage.getMoves(this.meta.id);
    if (playOf(meta).line !== this.line) return this.reload(meta, stored);
    const moves = stored.slice(this.seq);
    const replayed = replayStored(this.game, this.meta.id, this.state, moves);
    this.state = replayed.state;
    for (const m of moves) this.moves.push(m.move);
    this.history.push(...replayed.entries);
    this.meta = meta;
  }

  /** Another process took moves back: the game is replayed from its settings, seed and stored moves. */
  private reload(meta: StoredTable, stored: readonly StoredMove[]): void {
    const settings = this.game.parseSettings(meta.settings);
    if (!settings.ok) throw new Error(`table ${meta.id}: ${settings.error.message}`);
    const start = this.game.setup(settings.value, meta.seed);
    if (!start.ok) throw new Error(`table ${meta.id}: ${start.error.message}`);
    const replayed = replayStored(this.game, meta.id, start.value, stored);
    this.state = replayed.state;
    this.moves.length = 0;
    this.moves.push(...stored.map((m) => m.move));
    this.history.length = 0;
    this.history.push(...replayed.entries);
    this.meta = meta;
  }

  /** Catches up with storage (several processes), through the queue. */
  sync(): Promise<void> {
    return this.queue.run(() => (this.deps.broadcast.local ? undefined : this.refresh()));
  }

  // ------------------------------------------------------------ bots and clocks (driver.ts runs them)

  /** What the driver reads: a snapshot of what it needs, nothing it could change. */
  private driverView(): DriverView {
    if (this.viewed?.meta === this.meta && this.viewed.seq === this.seq) return this.viewed.view;
    const m = this.meta;
    const view: DriverView = {
      seq: this.seq,
      line: this.line,
      playing: m.status === 'playing',
      clock: m.clock,
      clockSettings: m.clockSettings,
      watchedSeats: watchedSeats(m),
      toAct: m.status === 'playing' ? this.game.toAct(this.state) : [],
      botFor: m.seats.map((s) => botFor(m, s.seat)),
      // The move list is copied only for a table with a bot to ask (a bot's request may wait in a queue).
      game: {
        table: m.id,
        game: m.game,
        settings: m.settings,
        seed: m.seed,
        moves: m.takeover || m.seats.some((s) => s.controller === 'bot') ? this.moves.slice() : [],
      },
    };
    this.viewed = { meta: m, seq: this.seq, view };
    return view;
  }
  /** The last view read, kept while the table is unchanged (the driver reads it more than once a move). */
  private viewed: { meta: StoredTable; seq: number; view: DriverView } | null = null;

  /** Whether this process runs the table's clock and bots now (see leases.ts). */
  get driving(): boolean {
    return this.driver.active;
  }

  private wantDrive = false;

  /**
   * This process starts (or stops) running the table's clock and bots. With one process this happens once,
   * right after the table is loaded: a running clock gets the restart grace. With several, the new driver
   * first catches up with storage, and goes on with the stored clock as it is.
   */
  drive(on: boolean): Promise<void> {
    this.wantDrive = on;
    if (!on) {
      this.driver.setDriving(false);
      return Promise.resolve();
    }
    return this.queue.run(async () => {
      if (!this.wantDrive || this.driver.active) return;
      if (!this.deps.broadcast.local) {
        await this.refresh();
        // The last driver may have died between storing a move and publishing it: the table's news at
        // this seq makes every watcher that has not heard of it catch up (feed.ts); the others ignore it.
        this.publishTable();
      } else if (this.meta.status === 'playing' && this.meta.clock) {
        this.meta = { ...this.meta, clock: resumeClock(this.meta.clock, this.deps.now()) };
      }
      this.driver.setDriving(true);
      this.driver.update();
    });
  }

  private catchingUp = false;

  /** Another process changed the game (the driver heard it, or the broadcast is back): catch up, drive on. */
  catchUp(): void {
    if (this.catchingUp || !this.driver.active) return;
    this.catchingUp = true;
    void this.queue
      .run(async () => {
        this.catchingUp = false;
        if (!this.driver.active) return;
        await this.refresh();
        this.driver.update();
      })
      .catch((e) => {
        this.deps.log.warn({ table: this.meta.id, err: refusalOf(e) }, 'catching up failed; retrying');
        setTimeout(() => this.catchUp(), 500).unref();
      });
  }

  /** Stops timers and bots (server shutdown); resolves once what was under way is stored. */
  close(): Promise<void> {
    this.driver.stop();
    return this.queue.run(() => undefined);
  }
}

const BROADCAST_DOWN =
  'the server cannot reach its broadcast (Redis) right now, so nobody would hear of this change; ' +
  'nothing was changed: try again in a few seconds';
