/**
 * What moves a live game on by itself: the timer of its clock (a seat running out of time) and its bots.
 * A table's driver runs only while this process drives the table: always with one server process, and with
 * several only in the process holding the table's lease (leases.ts). Moves by people are taken anywhere.
 */
import type { Result } from '@attila/core';
import type { Logger } from 'pino';
import type { BotRequest, BotRunner } from './bots/types.js';
import { nextExpiry, type ClockState } from './clock.js';

/** Counters shown by the health endpoint. */
export interface Metrics {
  moves: number;
  botMoves: number;
  botFailures: number;
  /** Bot moves refused because the game had moved on (another move came first): wasted work. */
  botOvertaken: number;
}

/** The table as its driver sees it. */
export interface DriverHost {
  seq(): number;
  playing(): boolean;
  clock(): ClockState | null;
  /** The seats whose clocks are watched: those played by people (a bot's clock never flags). */
  watchedSeats(): number[];
  toAct(): readonly number[];
  /** The bot playing `seat` now, or null when a person does. */
  botFor(seat: number): string | null;
  botRequest(seat: number, bot: string): BotRequest;
  /** What a broken bot plays instead: the first legal move. */
  fallbackMove(seat: number): string;
  playBot(seat: number, seq: number, move: string): Promise<Result<number>>;
  /** The clock's timer went off: settle who ran out of time (through the table's queue). */
  clockExpired(): void;
}

export interface DriverDeps {
  readonly bots: BotRunner;
  readonly log: Logger;
  readonly now: () => number;
  /** Pause before a bot's move is asked for, so people can follow the game. */
  readonly botDelayMs: number;
  readonly metrics: Metrics;
}

/** Refusals that only mean the game moved on while the bot was thinking. */
const OVERTAKEN = ['move.stale', 'move.not-your-turn', 'move.not-playing', 'move.not-bot'];

export class TableDriver {
  private clockTimer: NodeJS.Timeout | null = null;
  private readonly botTimers = new Set<NodeJS.Timeout>();
  private readonly botPending = new Set<string>();
  private driving: boolean;
  private closed = false;

  constructor(
    private readonly table: string,
    private readonly host: DriverHost,
    private readonly deps: DriverDeps,
    driving: boolean,
  ) {
    this.driving = driving;
  }

  /** Whether this process runs the table's clock and bots now. */
  get active(): boolean {
    return this.driving && !this.closed;
  }

  /** Starts (lease gained) or stops (lease lost) running the clock and bots; `update()` rearms them. */
  setDriving(on: boolean): void {
    this.driving = on;
    if (!on) this.stopTimers();
  }

  /** After any change of the game: rearm the clock's timer, and let the bots to act think. */
  update(): void {
    if (!this.active) return;
    this.scheduleClock();
    this.scheduleBots();
  }

  /** A move showed a seat out of time before its timer went off: settle it at once. */
  clockNow(): void {
    if (this.active) this.scheduleClock(0);
  }

  /** For good (table closed); the table's queue may still finish what it started. */
  stop(): void {
    this.closed = true;
    this.stopTimers();
  }

  private stopTimers(): void {
    if (this.clockTimer) clearTimeout(this.clockTimer);
    this.clockTimer = null;
    for (const t of this.botTimers) clearTimeout(t);
    this.botTimers.clear();
    this.botPending.clear();
  }

  private scheduleBots(): void {
    if (!this.host.playing()) return;
    const seq = this.host.seq();
    for (const seat of this.host.toAct()) {
      const bot = this.host.botFor(seat);
      const key = `${seq}:${seat}`;
      if (bot === null || this.botPending.has(key)) continue;
      this.botPending.add(key);
      const timer = setTimeout(() => {
        this.botTimers.delete(timer);
        void this.runBot(seat, seq, bot, key);
      }, this.deps.botDelayMs);
      this.botTimers.add(timer);
    }
  }

  private async runBot(seat: number, seq: number, bot: string, key: string): Promise<void> {
    try {
      if (!this.active || seq !== this.host.seq()) return;
      let move: string;
      try {
        move = await this.deps.bots.choose(this.host.botRequest(seat, bot));
      } catch (e) {
        if (!this.active) return;
        // A broken bot must not stall the game: it plays the first legal move instead, and we hear of it.
        this.deps.metrics.botFailures++;
        this.deps.log.error(
          { table: this.table, seat, bot, err: e },
          'bot failed; playing its first legal move',
        );
        move = this.host.fallbackMove(seat);
      }
      if (!this.active) return;
      const r = await this.host.playBot(seat, seq, move);
      if (r.ok) return;
      if (OVERTAKEN.includes(r.error.code)) this.deps.metrics.botOvertaken++;
      else this.deps.log.error({ table: this.table, seat, bot, move, error: r.error }, 'bot move refused');
    } catch (e) {
      // Storage failed: the bot tries again shortly rather than stall the game.
      this.deps.log.error({ table: this.table, seat, bot, err: e }, 'bot move failed');
      setTimeout(() => this.update(), 1000);
    } finally {
      this.botPending.delete(key);
    }
  }

  private scheduleClock(delayOverride?: number): void {
    if (this.clockTimer) clearTimeout(this.clockTimer);
    this.clockTimer = null;
    const clock = this.host.clock();
    if (!this.host.playing() || !clock || !this.active) return;
    const expiry = nextExpiry(clock, this.host.watchedSeats());
    if (expiry === null) return;
    const delay = delayOverride ?? Math.max(0, expiry - this.deps.now() + 5);
    this.clockTimer = setTimeout(
      () => {
        this.clockTimer = null;
        this.host.clockExpired();
      },
      Math.min(delay, 2 ** 31 - 1),
    );
  }
}
