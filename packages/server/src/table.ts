/**
 * One live game: its seats, its state, its clock, and the only code that changes them. Every change runs
 * through the table's serial queue and is committed to storage before anyone is told of it; then each
 * audience (each seat, the spectators) gets its own message through the broadcast (audience.ts). Its clock
 * timer and bots are run by its driver (driver.ts), in the one process that drives it (leases.ts).
 * The decisions themselves are pure and live elsewhere (a move in moves.ts, a seat in seating.ts, the clock in
 * clock.ts, each audience's message in audience.ts); this class is the one writer that applies them in order.
 */
import { err, ok, replayMoves, type GameEvent, type Result } from '@attila/core';
import type { Broadcast } from './broadcast/types.js';
import { flagged, resumeClock, startClock, withGrace, type ClockState } from './clock.js';
import { Audience, snapshotOf, tableInfo, updateTexts, type GameNow } from './audience.js';
import { TableDriver, type DriverDeps } from './driver.js';
import type { AnyGame } from './games.js';
import { checkMove, replayStored, stale, type HistoryEntry } from './moves.js';
import {
  LIMITS,
  type ChatMessage,
  type MoveNotice,
  type ServerMessage,
  type Snapshot,
  type TableInfo,
} from '@attila/protocol';
import { SerialQueue } from './queue.js';
import {
  botFor,
  everySeatTaken,
  joinedSeat,
  leftSeat,
  reclaimedSeat,
  recordOf,
  timeOut,
  watchedSeats,
} from './seating.js';
import {
  SeqTakenError,
  type Storage,
  type StoredMove,
  type StoredSeat,
  type StoredTable,
} from './storage/types.js';
import { hashToken, newToken, tokenMatches } from './tokens.js';

export type { Metrics } from './driver.js';

export interface TableDeps extends DriverDeps {
  readonly storage: Storage;
  readonly broadcast: Broadcast;
}

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
    private readonly settings: unknown,
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
      {
        seq: () => this.seq,
        playing: () => this.meta.status === 'playing',
        clock: () => this.meta.clock,
        watchedSeats: () => watchedSeats(this.meta),
        toAct: () => this.game.toAct(this.state),
        botFor: (seat) => botFor(this.meta, seat),
        botRequest: (seat, bot) => ({
          table: this.meta.id,
          game: this.meta.game,
          settings: this.meta.settings,
          seed: this.meta.seed,
          moves: this.moves.slice(),
          seat,
          bot,
        }),
        fallbackMove: (seat) => this.game.legalMoves(this.state, seat)[0],
        playBot: (seat, seq, move) => this.move(seat, null, seq, move),
        clockExpired: () =>
          void this.queue
            .run(() => this.onClock())
            .catch((e) => {
              // Storage failed: try again shortly rather than leave the clock unwatched.
              this.deps.log.error({ table: this.meta.id, err: e }, 'handling the clock failed');
              setTimeout(() => this.afterChange(), 1000);
            }),
      },
      deps,
      false,
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
    const table = new Table(
      game,
      settings.value,
      meta,
      states[states.length - 1],
      moves,
      history,
      chat,
      deps,
    );
    return ok(table);
  }

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
      if (!this.deps.broadcast.local) await this.refresh();
      else if (this.meta.status === 'playing' && this.meta.clock) {
        this.meta = { ...this.meta, clock: resumeClock(this.meta.clock, this.deps.now()) };
      }
      this.driver.setDriving(true);
      this.afterChange();
    });
  }

  private catchingUp = false;

  /** Another process changed the game (the driver heard it on the broadcast): catch up and drive on. */
  catchUp(): void {
    if (this.catchingUp || !this.driver.active) return;
    this.catchingUp = true;
    void this.queue
      .run(async () => {
        this.catchingUp = false;
        if (!this.driver.active) return;
        await this.refresh();
        this.afterChange();
      })
      .catch((e) => this.deps.log.error({ table: this.meta.id, err: e }, 'catching up failed'));
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

  // ------------------------------------------------------------ what viewers see

  private gameNow(): GameNow {
    return { game: this.game, meta: this.meta, state: this.state, seq: this.seq, now: this.deps.now() };
  }

  info(): TableInfo {
    return tableInfo(this.meta, this.seq, this.audience.connected);
  }

  snapshot(seat: number | null): Snapshot {
    return snapshotOf(this.gameNow(), seat);
  }

  /** What a client that last saw `since` missed, or null when it cannot be told move by move. */
  missedSince(since: number | undefined): MoveNotice[] | null {
    if (since === undefined || since > this.seq) return null;
    return this.history.slice(since).map((h, i) => ({ seq: since + i + 1, seat: h.seat, events: h.events }));
  }

  chat(): readonly ChatMessage[] {
    return this.chatLog;
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

  attach(seat: number | null): void {
    if (this.audience.attach(seat)) this.publishTable(false);
  }

  detach(seat: number | null): void {
    if (this.audience.detach(seat, this.deps.now())) this.publishTable(false);
  }

  /** A finished game as a record that replays it. */
  record() {
    return recordOf(this.meta, this.moves);
  }

  // ------------------------------------------------------------ changes (all through the queue)

  join(name: string, wanted: number | undefined): Promise<Result<{ seat: number; token: string }>> {
    return this.queue.run(async () => {
      const token = newToken();
      const joined = joinedSeat(this.meta, name, wanted, hashToken(token));
      if (!joined.ok) return joined;
      await this.writeSeat(joined.value);
      await this.startIfFull();
      this.publishTable();
      return ok({ seat: joined.value.seat, token });
    });
  }

  leave(seat: number, token: string): Promise<Result<void>> {
    return this.queue.run(async () => {
      if (!this.seatHolds(seat, token)) return err('auth.token', `the token does not hold seat ${seat}`);
      const left = leftSeat(this.meta, seat);
      if (!left.ok) return left;
      await this.writeSeat(left.value);
      this.publishTable();
      this.afterChange();
      return ok(undefined);
    });
  }

  reclaim(seat: number, token: string): Promise<Result<void>> {
    return this.queue.run(async () => {
      if (!this.seatHolds(seat, token)) return err('auth.token', `the token does not hold seat ${seat}`);
      const reclaimed = reclaimedSeat(this.meta, seat);
      if (!reclaimed.ok) return reclaimed;
      const clock = this.meta.clock ? withGrace(this.meta.clock, seat, this.deps.now()) : null;
      await this.writeSeat(reclaimed.value, clock);
      this.publishTable();
      this.afterChange();
      return ok(undefined);
    });
  }

  addChat(seat: number, token: string, text: string): Promise<Result<ChatMessage>> {
    return this.queue.run(async () => {
      if (!this.seatHolds(seat, token)) return err('auth.token', `the token does not hold seat ${seat}`);
      const stored = await this.deps.storage.addChat(this.meta.id, {
        seat,
        name: this.meta.seats[seat].name ?? `seat ${seat}`,
        text,
        at: new Date(this.deps.now()).toISOString(),
      });
      this.chatLog.push(stored);
      if (this.chatLog.length > LIMITS.chatHistory) this.chatLog.shift();
      this.audience.publishAll({ type: 'chat', message: stored });
      return ok(stored);
    });
  }

  /** A move by a seat's player (`token` given) or its bot (`token` null): checked, committed, broadcast. */
  move(
    seat: number,
    token: string | null,
    seq: number,
    move: string,
    onCommitted?: (seq: number) => void,
  ): Promise<Result<number>> {
    return this.queue.run(() => this.applyMove(seat, token, seq, move, onCommitted));
  }

  /** `onCommitted` runs once the move is stored and before anyone is told: the mover's acknowledgement. */
  private async applyMove(
    seat: number,
    token: string | null,
    seq: number,
    move: string,
    onCommitted?: (seq: number) => void,
  ): Promise<Result<number>> {
    // With storage shared by several processes, another one may have written moves since.
    if (!this.deps.broadcast.local) await this.refresh();
    const now = this.deps.now();
    const log = {
      game: this.game,
      meta: this.meta,
      state: this.state,
      history: this.history,
      botFor: (n: number) => botFor(this.meta, n),
    };
    const checked = checkMove(log, { seat, token, seq, move }, now);
    if (!checked.ok) {
      if (checked.error.code === 'clock.flagged') this.driver.clockNow();
      return checked;
    }
    const { next, events, result, clock, recorded, toActBefore } = checked.value;
    const newSeq = this.seq + 1;
    const finishedAt = result ? new Date(now).toISOString() : undefined;
    try {
      await this.deps.storage.appendMove(
        this.meta.id,
        { seq: newSeq, seat, move: recorded, at: now },
        result ? { clock, status: 'finished', result, finishedAt } : clock ? { clock } : {},
      );
    } catch (e) {
      if (!(e instanceof SeqTakenError)) throw e;
      // Another writer got there first: the database decides, and this copy catches up.
      await this.refresh();
      return stale(this.seq, seq);
    }
    this.state = next;
    this.moves.push(recorded);
    this.history.push({ seat, events, toActBefore });
    this.meta = result
      ? { ...this.meta, clock, status: 'finished', result, finishedAt: finishedAt ?? null }
      : { ...this.meta, clock };
    this.deps.metrics.moves++;
    if (token === null) this.deps.metrics.botMoves++;
    onCommitted?.(newSeq);
    this.publishUpdate(seat, events);
    if (result) this.publishTable();
    this.afterChange();
    return ok(newSeq);
  }

  private async startIfFull(): Promise<void> {
    if (!everySeatTaken(this.meta)) return;
    const now = this.deps.now();
    const clock = this.meta.clockSettings
      ? startClock(this.meta.clockSettings, this.meta.seats.length, this.game.toAct(this.state), now)
      : null;
    const startedAt = new Date(now).toISOString();
    await this.deps.storage.updateTable(this.meta.id, { status: 'playing', startedAt, clock });
    this.meta = { ...this.meta, status: 'playing', startedAt, clock };
    this.afterChange();
  }

  /** Called right after creation: a table whose seats are all bots starts at once. */
  startIfReady(): Promise<void> {
    return this.queue.run(() => this.startIfFull());
  }

  /**
   * Ends a table that never started (its creator closed it, or it waited too long): finished with no
   * winner and `reason`, so it leaves the lobby and its watchers are told. Refused once the game started.
   */
  abandon(reason: string): Promise<Result<void>> {
    return this.queue.run(async () => {
      if (this.meta.status !== 'open') {
        return err('close.started', 'only a table that has not started can be closed; this one has');
      }
      const result = { winners: [], reason };
      const finishedAt = new Date(this.deps.now()).toISOString();
      await this.deps.storage.updateTable(this.meta.id, { status: 'finished', result, finishedAt });
      this.meta = { ...this.meta, status: 'finished', result, finishedAt };
      this.publishTable();
      return ok(undefined);
    });
  }

  private async writeSeat(seat: StoredSeat, clock?: ClockState | null): Promise<void> {
    await this.deps.storage.updateSeat(this.meta.id, seat, clock !== undefined ? { clock } : {});
    const seats = this.meta.seats.map((s) => (s.seat === seat.seat ? seat : s));
    this.meta = { ...this.meta, seats, clock: clock !== undefined ? clock : this.meta.clock };
  }

  /** Reads what other processes wrote (seats, status, moves) and replays the new moves. */
  private async refresh(): Promise<void> {
    const meta = await this.deps.storage.getTable(this.meta.id);
    if (!meta) return;
    const moves = (await this.deps.storage.getMoves(this.meta.id)).slice(this.seq);
    const replayed = replayStored(this.game, this.meta.id, this.state, moves);
    this.state = replayed.state;
    for (const m of moves) this.moves.push(m.move);
    this.history.push(...replayed.entries);
    this.meta = meta;
  }

  /** Catches up with storage (several processes), through the queue. */
  sync(): Promise<void> {
    return this.queue.run(() => (this.deps.broadcast.local ? undefined : this.refresh()));
  }

  // ------------------------------------------------------------ bots and clocks (driver.ts runs them)

  private afterChange(): void {
    this.driver.update();
  }

  /** The clock's timer went off: a seat out of time is taken over by the bot, or loses. */
  private async onClock(): Promise<void> {
    if (!this.driver.active) return;
    // A move made through another process just in time may not have reached this driver yet.
    if (!this.deps.broadcast.local) await this.refresh();
    const clock = this.meta.clock;
    if (this.meta.status !== 'playing' || !clock) return this.afterChange();
    const now = this.deps.now();
    const out = flagged(clock, watchedSeats(this.meta), now);
    if (out.length === 0) return this.afterChange();
    const outcome = timeOut(this.meta, clock, out, now);
    if (outcome.kind === 'takeover') {
      for (const seat of outcome.seats) await this.writeSeat(seat);
      this.deps.log.info({ table: this.meta.id, seats: out }, 'out of time: a bot takes over');
    } else {
      const { result, finishedAt, clock: stopped } = outcome;
      await this.deps.storage.updateTable(this.meta.id, {
        status: 'finished',
        result,
        finishedAt,
        clock: stopped,
      });
      this.meta = { ...this.meta, status: 'finished', result, finishedAt, clock: stopped };
      this.deps.log.info({ table: this.meta.id, seats: out }, 'out of time: game over');
    }
    this.publishTable();
    this.afterChange();
  }

  // ------------------------------------------------------------ broadcasting

  private publishUpdate(seat: number, events: readonly GameEvent[]): void {
    this.audience.publish(updateTexts(this.gameNow(), seat, events), this.seq);
  }

  /** The table's news; `withSnapshot` false when only who is connected changed (the game did not). */
  publishTable(withSnapshot = true): void {
    const table = this.info();
    if (!withSnapshot) return this.audience.publishAll({ type: 'table', table, snapshot: null });
    const message = (viewer: number | null): ServerMessage => ({
      type: 'table',
      table,
      snapshot: this.snapshot(viewer),
    });
    this.audience.publish((viewer) => JSON.stringify(message(viewer)));
  }

  /** Stops timers and bots (server shutdown); resolves once what was under way is stored. */
  close(): Promise<void> {
    this.driver.stop();
    return this.queue.run(() => undefined);
  }
}
