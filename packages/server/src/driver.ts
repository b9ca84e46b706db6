/**
 * What moves a live game on by itself: the timer of its clock (a seat running out of time) and its bots.
 * It holds only `read` (what it needs of the table, as a read-only snapshot) and `submit` (the table's one
 * door): a bot's move and a clock running out are commands like a person's move.
 * A table's driver runs only while this process drives the table: always with one server process, and with
 * several only in the process holding the table's lease (leases.ts). Moves by people are taken anywhere.
 */
import type { Result } from '@attila/core';
import type { Logger } from 'pino';
import type { BotRequest, BotRunner } from './bots/types.js';
import type { ClockSettings } from '@attila/protocol';
import { HOUR_MS, nextExpiry, type ClockState } from './clock.js';
import type { Outcome, TableCommand } from './commands.js';
import { OVERTAKEN } from './errors.js';
import { lowTimeAt, type TurnNotices } from './push/turn-notices.js';
import type { Observer } from './ops/observer.js';

/** Counters shown by the health endpoint. */
export interface Metrics {
  moves: number;
  botMoves: number;
  botFailures: number;
  /** Bot moves refused because the game had moved on (another move came first): wasted work. */
  botOvertaken: number;
  /** The operator's metrics (ops/prometheus.ts) when they are on; not shown by the health endpoint. */
  observer?: Observer;
}

/** The table as its driver sees it, at one moment. */
export interface DriverView {
  readonly seq: number;
  /** Takebacks so far: a bot's answer for an earlier line is stale even at the same seq. */
  readonly line: number;
  readonly playing: boolean;
  readonly clock: ClockState | null;
  readonly clockSettings: ClockSettings | null;
  /** The seats whose clocks are watched: those played by people (a bot's clock never flags). */
  readonly watchedSeats: readonly number[];
  readonly toAct: readonly number[];
  /** Per seat, the bot playing it now, or null when a person does. */
  readonly botFor: readonly (string | null)[];
  /** What a bot is asked with, but its seat and name. */
  readonly game: Omit<BotRequest, 'seat' | 'bot'>;
}

type Submit = <C extends TableCommand>(command: C) => Promise<Result<Outcome<C>>>;

export interface DriverDeps {
  readonly bots: BotRunner;
  readonly log: Logger;
  readonly now: () => number;
  /** Pause before a bot's move is asked for, so people can follow the game. */
  readonly botDelayMs: number;
  readonly metrics: Metrics;
  /** Push notices of correspondence games (push/turn-notices.ts); absent: none are sent. */
  readonly notices?: TurnNotices;
}

/** How long a driver waits before trying again when storage or broadcast is down. */
const RETRY_MS = 500;

export class TableDriver {
  private clockTimer: NodeJS.Timeout | null = null;
  private lowTimer: NodeJS.Timeout | null = null;
  /** The seats told of low time at this turn (`line:seq`), so one turn tells each seat once here. */
  private lowTold = { turn: '', seats: new Set<number>() };
  private readonly botTimers = new Set<NodeJS.Timeout>();
  private readonly botPending = new Set<string>();
  /**
   * The last turn this driver looked at while driving: a turn it drove before a blip (its lease back) is not
   * inherited, since its question may still be out.
   */
  private seenTurn: string | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private driving = false;
  private closed = false;
  /**
   * The turn (`line:seq`) under way when this driver started driving a game already begun: it began before
   * (another process died, or this one restarted), so its bot has waited longer than the pause already.
   */
  private inherited: string | null = null;
  /** Driving just began: the next look at the game tells which turn was inherited. */
  private starting = false;

  constructor(
    private readonly table: string,
    private readonly read: () => DriverView,
    private readonly submit: Submit,
    private readonly deps: DriverDeps,
  ) {}

  /** Counts the times the driving stopped: a bot's answer counts only in the term it was asked in. */
  private term = 0;

  /** Whether this process runs the table's clock and bots now. */
  get active(): boolean {
    return this.driving && !this.closed;
  }

  /** Starts (lease gained) or stops (lease lost) running the clock and bots; `update()` rearms them. */
  setDriving(on: boolean): void {
    if (on && !this.driving) this.starting = true;
    this.driving = on;
    if (!on) {
      this.term++;
      this.stopTimers();
    }
  }

  /** After any change of the game: rearm the clock's timer, and let the bots to act think. */
  update(): void {
    if (!this.active) return;
    const view = this.read();
    const turn = `${view.line}:${view.seq}`;
    if (this.starting) {
      this.starting = false;
      this.inherited = view.playing && view.seq > 0 && turn !== this.seenTurn ? turn : null;
    }
    this.seenTurn = turn;
    this.scheduleClock(view);
    this.scheduleBots(view);
    this.scheduleLowTime(view);
  }

  /** A move showed a seat out of time before its timer went off: settle it at once. */
  clockNow(): void {
    if (this.active) this.scheduleClock(this.read(), 0);
  }

  /** For good (table closed); the table's queue may still finish what it started. */
  stop(): void {
    this.closed = true;
    this.stopTimers();
  }

  private stopTimers(): void {
    if (this.clockTimer) clearTimeout(this.clockTimer);
    this.clockTimer = null;
    if (this.lowTimer) clearTimeout(this.lowTimer);
    this.lowTimer = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    for (const t of this.botTimers) clearTimeout(t);
    this.botTimers.clear();
    this.botPending.clear();
  }

  /** A command failed for want of a service (or an error): look at the game again shortly, not never. */
  private retry(): void {
    if (this.retryTimer || !this.active) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.update();
    }, RETRY_MS);
  }

  private scheduleBots(view: DriverView): void {
    if (!view.playing) return;
    for (const seat of view.toAct) {
      const bot = view.botFor[seat];
      const key = `${view.line}:${view.seq}:${seat}`;
      if (bot === null || this.botPending.has(key)) continue;
      this.botPending.add(key);
      const delay = this.inherited === `${view.line}:${view.seq}` ? 0 : this.deps.botDelayMs;
      const timer = setTimeout(() => {
        this.botTimers.delete(timer);
        void this.runBot(seat, view.seq, view.line, bot, key);
      }, delay);
      this.botTimers.add(timer);
    }
  }

  /** A bot's think time, for the operator's metrics when they are on. */
  private thought(game: string, asked: number): void {
    this.deps.metrics.observer?.botThought(game, (performance.now() - asked) / 1000);
  }

  private async runBot(seat: number, seq: number, line: number, bot: string, key: string): Promise<void> {
    let failed = false;
    // A thought begun before the driving stopped is dropped, even once it runs again: by then the new term
    // asked the bot afresh (its pending turns were cleared), and two answers to one turn would race.
    const term = this.term;
    try {
      const view = this.read();
      if (!this.active || seq !== view.seq || line !== view.line) return;
      let move: string | null;
      const asked = performance.now();
      try {
        move = await this.deps.bots.choose({ ...view.game, seat, bot });
        this.thought(view.game.game, asked);
      } catch (e) {
        this.thought(view.game.game, asked);
        // A broken bot must not stall the game: it plays the first legal move instead, and we hear of it.
        this.deps.metrics.botFailures++;
        this.deps.log.error(
          { table: this.table, seat, bot, err: e },
          'bot failed; playing its first legal move',
        );
        move = null;
      }
      if (!this.active || term !== this.term) return;
      const r = await this.submit({ kind: 'bot-move', seat, seq, move, line });
      if (r.ok) return;
      if (OVERTAKEN.has(r.error.code)) this.deps.metrics.botOvertaken++;
      else {
        failed = true;
        this.deps.log.warn({ table: this.table, seat, bot, move, error: r.error }, 'bot move refused');
      }
    } catch (e) {
      failed = true;
      this.deps.log.error({ table: this.table, seat, bot, err: e }, 'bot move failed');
    } finally {
      this.botPending.delete(key);
      // Storage or broadcast down (or a failure): the bot tries again shortly rather than stall the game.
      if (failed) this.retry();
    }
  }

  private scheduleClock(view: DriverView, delayOverride?: number): void {
    if (this.clockTimer) clearTimeout(this.clockTimer);
    this.clockTimer = null;
    const clock = view.clock;
    if (!view.playing || !clock || !this.active) return;
    const expiry = nextExpiry(clock, view.watchedSeats);
    if (expiry === null) return;
    const delay = delayOverride ?? Math.max(0, expiry - this.deps.now() + 5);
    this.clockTimer = setTimeout(
      () => {
        this.clockTimer = null;
        void this.settleClock();
      },
      Math.min(delay, 2 ** 31 - 1),
    );
  }

  /**
   * Correspondence games: tells each seat to act (played by a person) once per turn that its clock is low,
   * and sets a timer for the next seat that will be. The notice itself is sent once per turn whatever the
   * process or restart (the database keeps which were sent).
   */
  private scheduleLowTime(view: DriverView): void {
    if (this.lowTimer) clearTimeout(this.lowTimer);
    this.lowTimer = null;
    const { clock, clockSettings: settings } = view;
    const notices = this.deps.notices;
    if (!notices || !view.playing || !clock || !settings || !this.active) return;
    const turn = `${view.line}:${view.seq}`;
    if (this.lowTold.turn !== turn) this.lowTold = { turn, seats: new Set() };
    const now = this.deps.now();
    let next: number | null = null;
    for (const seat of clock.running) {
      const at = view.watchedSeats.includes(seat) ? lowTimeAt(settings, clock, seat) : null;
      if (at === null || this.lowTold.seats.has(seat)) continue;
      if (at > now) {
        next = next === null ? at : Math.min(next, at);
        continue;
      }
      this.lowTold.seats.add(seat);
      const left = Math.max(0, (nextExpiry(clock, [seat]) ?? now) - now);
      notices.lowTime({
        table: this.table,
        game: view.game.game,
        seat,
        turn,
        hoursLeft: Math.ceil(left / HOUR_MS),
      });
    }
    if (next === null) return;
    this.lowTimer = setTimeout(
      () => {
        this.lowTimer = null;
        if (this.active) this.scheduleLowTime(this.read());
      },
      Math.min(next - now + 5, 2 ** 31 - 1),
    );
  }

  /** The clock's timer went off: the table settles who ran out of time (a move may have come first). */
  private async settleClock(): Promise<void> {
    if (!this.active) return;
    try {
      const r = await this.submit({ kind: 'clock' });
      if (!r.ok) {
        this.deps.log.warn({ table: this.table, error: r.error }, 'settling the clock was refused');
        this.retry();
      }
    } catch (e) {
      this.deps.log.error({ table: this.table, err: e }, 'settling the clock failed');
      this.retry();
    }
  }
}
