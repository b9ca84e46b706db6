/**
 * One live game: its seats, its state, its clock, and the one door through which they change. Every change
 * is a command (commands.ts) handed to `submit`, which runs it through the table's serial queue: decide
 * (pure: moves.ts, seating.ts), commit to storage, apply to this copy, then publish to every audience
 * (audience.ts, wire.ts). Nobody is told of a change that is not stored. The clock's timer and the bots are
 * run by the driver (driver.ts), which only reads the table and submits commands like everyone else.
 * What each kind of change stores, applies and publishes is in table/kinds/ (found through
 * table/change-kinds.ts); rebuilding a table from storage, driving it and catching up with other
 * processes, the driver's view and the turn notices are in table/ too.
 */
import { err, ok, type Result } from '@attila/core';
import type { ChatMessage, TableInfo } from '@attila/protocol';
import { Audience } from './audience.js';
import type { Broadcast } from './broadcast/types.js';
import { decide, type Change, type Outcome, type Outcomes, type TableCommand } from './commands.js';
import { TableDriver, type DriverDeps } from './driver.js';
import { Unavailable } from './errors.js';
import type { AnyGame } from './games.js';
import { repeatedMove, stale, type HistoryEntry } from './moves.js';
import { mayAbort, takebacksAllowed } from './live-play.js';
import { SerialQueue } from './queue.js';
import { recordOf } from './seating.js';
import {
  playOf,
  SeqTakenError,
  type SeatPlayer,
  type Storage,
  type StoredMove,
  type StoredTable,
  type TablePatch,
} from './storage/types.js';
import type { Sql } from './storage/sql.js';
import { hashToken, newSeed, newTableId, newToken, tokenMatches } from './tokens.js';
import { encode, tableInfo, tableMessage, welcomeMessage, type GameNow, type Message } from './wire.js';
import type { ChangeSite, TableCopy } from './table/change-kind.js';
import { commitChange, type Committed } from './table/change-kinds.js';
import { catchUpWithStorage, followMove } from './table/catch-up.js';
import { DriverViewCache } from './table/driver-view.js';
import { Driving } from './table/driving.js';
import { KnownCurrent } from './table/known-current.js';
import { replayedCopy } from './table/replay.js';
import { recordTimeouts } from './table/timeouts.js';
import { noticeTurns } from './table/turn-notices.js';
import { missedSince, updatesSince } from './table/updates-since.js';

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
  /** The game as this process knows it: changed by `apply` of each change kind and by catching up. */
  private readonly copy: TableCopy;
  private readonly audience: Audience;
  private readonly driver: TableDriver;
  private readonly driverViews = new DriverViewCache();
  /** Who runs the clock and bots, and catching up with other processes (table/driving.ts). */
  private readonly drivingSwitch: Driving;
  /** What the change kinds see of this table (table/change-kind.ts). */
  private readonly site: ChangeSite;
  /** Several processes: whether a move may be decided without reading storage first. */
  private readonly known: KnownCurrent;
  private constructor(
    readonly game: AnyGame,
    copy: TableCopy,
    private readonly deps: TableDeps,
  ) {
    this.copy = copy;
    const meta = copy.meta;
    this.known = new KnownCurrent(meta.id, deps.broadcast, (stored, line, heard) =>
      this.follow(stored.move, stored.patch, line, heard),
    );
    this.audience = new Audience(meta.id, meta.seats.length, deps.broadcast, deps.now());
    this.driver = new TableDriver(
      meta.id,
      () => this.driverViews.read(this.game, this.copy),
      (command) => this.submit(command),
      deps,
    );
    const seq = () => this.seq;
    const line = () => this.line;
    this.site = {
      copy: this.copy,
      storage: deps.storage,
      metrics: deps.metrics,
      audience: this.audience,
      shared: !deps.broadcast.local,
      get seq() {
        return seq();
      },
      get line() {
        return line();
      },
      moment: () => this.moment(),
      publishTable: () => this.publishTable(),
    };
    this.drivingSwitch = new Driving({
      id: meta.id,
      copy: this.copy,
      queue: this.queue,
      driver: this.driver,
      alone: deps.broadcast.local,
      now: () => deps.now(),
      log: deps.log,
      refresh: () => this.refresh(),
      publishTable: () => this.publishTable(),
    });
  }

  /** Rebuilds a table from storage: its moves are replayed through the engine (each one re-checked). */
  static restore(
    game: AnyGame,
    meta: StoredTable,
    moves: StoredMove[],
    chat: ChatMessage[],
    deps: TableDeps,
  ): Result<Table> {
    const copy = replayedCopy(game, meta, moves, chat);
    return copy.ok ? ok(new Table(game, copy.value, deps)) : copy;
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
    if (start.ok && start.value.kind === 'table') fresh.value.copy.meta = start.value.meta;
    return fresh;
  }

  /** The players of the seats a fresh table is made with (before `store`, which writes them with the seats). */
  holdSeats(players: ReadonlyMap<number, SeatPlayer>): void {
    const meta = this.copy.meta;
    const seats = meta.seats.map((s) => ({ ...s, player: players.get(s.seat) ?? s.player }));
    this.copy.meta = { ...meta, seats };
  }

  /** Writes a fresh table in one write, or in the caller's open transaction (`within`). */
  async store(within?: Sql): Promise<void> {
    await this.deps.storage.createTable(this.copy.meta, within);
    const meta = this.copy.meta;
    // Started at once (every seat taken at its creation): counted as the start a join would have been.
    if (meta.status === 'playing')
      this.deps.metrics.observer?.changed(meta.game, 'table', 'open', 'playing', false);
  }

  get id(): string {
    return this.copy.meta.id;
  }
  get status() {
    return this.copy.meta.status;
  }
  get seq(): number {
    return this.copy.moves.length;
  }
  get listed(): boolean {
    return this.copy.meta.listed;
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
        const result = (await this.execute(command, hooks)) as Result<Outcome<C>>;
        if (!result.ok) this.deps.metrics.observer?.refused(result.error.code);
        return result;
      } catch (e) {
        if (!(e instanceof Unavailable)) throw e;
        this.deps.metrics.observer?.refused(e.code);
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
      // With storage shared by several processes, another one may have written since. A move on a copy
      // known current skips the read: its commit refuses it if another process wrote first.
      const move = command.kind === 'move' || command.kind === 'bot-move';
      if (!move || !this.known.current) await this.refresh();
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
    const before = this.copy.meta;
    const toActBefore = this.toActNow();
    let committed: Committed<Change['kind']>;
    try {
      committed = await commitChange(change.kind, change, this.site);
    } catch (e) {
      if (!(e instanceof SeqTakenError) || (change.kind !== 'move' && change.kind !== 'takeback')) throw e;
      // Another writer got there first: the database decides, and this copy catches up.
      await this.refresh();
      // The other writer may have stored this very move (sent twice, to two processes).
      const stored = this.repeat(command, hooks);
      if (stored) return stored;
      return stale(this.seq, change.kind === 'move' ? change.move.seq - 1 : change.seq);
    }
    committed.apply();
    this.stopHearingIfOver();
    hooks.committed?.(this.seq);
    committed.publish();
    noticeTurns(this.deps.notices, this.copy.meta, committed.mover, toActBefore, this.toActNow());
    if (command.kind === 'clock') recordTimeouts(this.deps, before, this.copy.meta, now);
    this.driver.update();
    switch (command.kind) {
      case 'move':
      case 'bot-move':
        return ok(this.seq);
      case 'join':
        return change.kind === 'seats' && change.outcome ? ok(change.outcome) : err('server.error', 'join');
      case 'chat':
        return committed.stored ? ok(committed.stored) : err('server.error', 'chat');
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
    return this.copy.meta.status === 'playing' ? this.game.toAct(this.copy.state) : [];
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
    const { meta, state, history, moves } = this.copy;
    return { game: this.game, meta, state, seq: this.seq, now: this.deps.now(), history, moves };
  }

  /** How many takebacks rewrote the move list: (line, seq) names one position of this game. */
  get line(): number {
    return playOf(this.copy.meta).line;
  }

  info(): TableInfo {
    const m = this.copy.meta;
    return tableInfo(m, this.seq, this.audience.connected, {
      abortable: mayAbort(this.copy).ok,
      takebacks: m.status === 'playing' && takebacksAllowed(this.game, m),
    });
  }

  /**
   * The welcome for a socket of `seat` (null: a spectator) that last saw `since` on `line`: built here only.
   * A client that saw another line (a takeback since) gets the whole log.
   */
  welcome(seat: number | null, since: number | undefined, line?: number): Message<'welcome'> {
    const from = line !== undefined && line !== this.line && since !== undefined ? 0 : since;
    const missed = missedSince(this.copy.history, from);
    return welcomeMessage(this.moment(), this.info(), seat, missed, this.copy.chatLog);
  }

  /** The table's news as `seat` hears it now (a watcher that missed some of it). */
  news(seat: number | null): string {
    return encode(tableMessage(this.info(), this.moment(), seat));
  }

  /** The updates after `from` up to now, as `seat` hears them (table/updates-since.ts): rare use only. */
  updatesSince(from: number, seat: number | null): string[] {
    return updatesSince(this.game, this.copy, from, seat, this.deps.now());
  }

  /** The people's accounts seated here (the lobby list ranks tables where one waits first). */
  seatedAccounts(): string[] {
    return this.copy.meta.seats.flatMap((s) =>
      s.tokenHash !== null && s.player?.kind === 'account' ? [s.player.id] : [],
    );
  }

  /** The player holding a seat (null: nobody's, a bot's, or a client without a session). */
  seatPlayerId(seat: number): string | null {
    return this.copy.meta.seats[seat]?.player?.id ?? null;
  }

  seatHolds(seat: number, token: string): boolean {
    const s = this.copy.meta.seats[seat];
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
    return recordOf(this.copy.meta, this.copy.moves);
  }

  // ------------------------------------------------------------ several processes

  /** Reads what other processes wrote (seats, status, moves) and replays the new moves (table/catch-up.ts). */
  private async refresh(): Promise<void> {
    await this.known.read(() => catchUpWithStorage(this.game, this.copy, this.deps.storage));
    this.stopHearingIfOver();
  }

  /** A finished game changes no more by moves: nothing more to hear of it (table/known-current.ts). */
  private stopHearingIfOver(): void {
    if (this.status === 'finished') this.known.close();
  }

  /** Another process's move, heard (table/known-current.ts): followed, or the driver reads storage. */
  private follow(move: StoredMove, patch: TablePatch, line: number, heard: number): void {
    void this.queue.run(() => {
      const next = this.known.currentUpTo(heard - 1) && line === this.line && move.seq === this.seq + 1;
      if (!next || !followMove(this.game, this.copy, move, patch)) return this.drivingSwitch.catchUp();
      this.known.followed(heard);
      this.stopHearingIfOver();
      if (this.driver.active) this.driver.update();
    });
  }

  /** Catches up with storage (several processes), through the queue: no read while known current. */
  sync(): Promise<void> {
    return this.drivingSwitch.sync(() => this.known.current);
  }

  // ------------------------------------------------------------ bots and clocks (driver.ts runs them)

  /** Whether this process runs the table's clock and bots now (see leases.ts). */
  get driving(): boolean {
    return this.driver.active;
  }

  /** This process starts (or stops) running the table's clock and bots (table/driving.ts). */
  drive(on: boolean): Promise<void> {
    return this.drivingSwitch.drive(on);
  }

  /** Another process changed the game (the driver heard it, or the broadcast is back): catch up, drive on. */
  catchUp(): void {
    this.drivingSwitch.catchUp();
  }

  /** Stops timers and bots (server shutdown); resolves once what was under way is stored. */
  close(): Promise<void> {
    this.driver.stop();
    this.known.close();
    return this.queue.run(() => undefined);
  }
}

const BROADCAST_DOWN =
  'the server cannot reach its broadcast (Redis) right now, so nobody would hear of this change; ' +
  'nothing was changed: try again in a few seconds';
