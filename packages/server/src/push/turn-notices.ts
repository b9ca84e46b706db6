/**
 * Which notices a change of a correspondence game sends: "your turn" to the players whose turn began (never
 * to the player who moved), and "low time" once per turn when a player's clock falls below `lowTimeMs`.
 * Live games send none: their players are at the table (the tab title and a sound tell them).
 * The table calls these after the change is stored and goes on at once: the notices are sent in the
 * background, so a push service never slows a move down.
 */
import type { ClockSettings, GameKind } from '@attila/protocol';
import type { Logger } from 'pino';
import { DAY_MS, isCorrespondence, nextExpiry, type ClockState } from '../clock.js';
import type { AccountStore } from '../storage/accounts.js';
import type { Push } from './push.js';

/**
 * A clock is low when less than a day is left, or a quarter of the turn's allowance if that is shorter
 * (a day per move warns at 6 hours).
 */
export function lowTimeMs(settings: ClockSettings): number | null {
  if (settings.mode === 'days') return Math.min(DAY_MS, (settings.days * DAY_MS) / 4);
  if (settings.mode === 'bank') return Math.min(DAY_MS, settings.initialMs / 4);
  return null;
}

/** When `seat`'s running clock falls below the low mark (a seat on vacation later), or null. */
export function lowTimeAt(settings: ClockSettings, clock: ClockState, seat: number): number | null {
  const low = lowTimeMs(settings);
  const expiry = nextExpiry(clock, [seat]);
  return low === null || expiry === null ? null : expiry - low;
}

/**
 * The seats whose turn began with a change: to act now and not before, played by a person, and not the
 * seat that moved (in a simultaneous phase it may be to act again at once: it is at the table).
 */
export function turnsBegan(
  before: readonly number[],
  after: readonly number[],
  mover: number | null,
  seats: readonly { readonly seat: number; readonly controller: 'human' | 'bot' }[],
): number[] {
  return after.filter(
    (seat) => !before.includes(seat) && seat !== mover && seats[seat]?.controller === 'human',
  );
}

export interface TurnChange {
  readonly table: string;
  readonly game: GameKind;
  readonly clockSettings: ClockSettings | null;
  /** Seats (played by people) whose turn began with this change. */
  readonly began: readonly number[];
  /** The seat that moved (its player is never told of their own move), or null (the game started). */
  readonly mover: number | null;
}

/** What the tables call; absent (no push configured) nothing is sent. */
export interface TurnNotices {
  turnsBegan(change: TurnChange): void;
  /** `seat`'s clock is low at this turn, named by `turn` (line and seq): told once, whatever the process. */
  lowTime(t: { table: string; game: GameKind; seat: number; turn: string; hoursLeft: number }): void;
}

export const tablePath = (table: string) => `#/table/${encodeURIComponent(table)}`;

export class PushTurnNotices implements TurnNotices {
  constructor(
    private readonly push: Push,
    private readonly accounts: AccountStore,
    private readonly log: Logger,
    private readonly now: () => number,
  ) {}

  turnsBegan(c: TurnChange): void {
    if (!c.clockSettings || !isCorrespondence(c.clockSettings) || c.began.length === 0) return;
    void this.tellTurns(c).catch((e) => this.log.warn({ err: e, table: c.table }, 'turn notices failed'));
  }

  private async tellTurns(c: TurnChange): Promise<void> {
    const mover = c.mover === null ? null : await this.accounts.seatPlayer(c.table, c.mover);
    const told = new Set<string>();
    for (const seat of c.began) {
      const player = await this.accounts.seatPlayer(c.table, seat);
      // The same account at two seats (or the mover's other seat) is not told of its own move.
      if (!player || player === mover || told.has(player)) continue;
      told.add(player);
      await this.push.notify(player, 'turn', {
        path: tablePath(c.table),
        tag: `table-${c.table}`,
        game: c.game,
      });
    }
  }

  lowTime(t: { table: string; game: GameKind; seat: number; turn: string; hoursLeft: number }): void {
    void (async () => {
      const player = await this.accounts.seatPlayer(t.table, t.seat);
      if (!player) return;
      if (!(await this.push.store.firstTime(`low:${t.table}:${t.seat}:${t.turn}`, this.now()))) return;
      await this.push.notify(player, 'low-time', {
        path: tablePath(t.table),
        tag: `table-${t.table}`,
        game: t.game,
        hours: t.hoursLeft,
      });
    })().catch((e) => this.log.warn({ err: e, table: t.table }, 'low-time notice failed'));
  }
}
