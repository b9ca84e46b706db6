/**
 * Game clocks as pure values: a clock is each seat's remaining time banked at `since`, plus which seats'
 * clocks run from then on. Every change takes the time `now` explicitly, so it is testable and the same
 * value can be stored with each move and reloaded after a restart.
 */
import type { ClockInfo, ClockSettings } from '@attila/protocol';

export interface ClockState {
  readonly remainingMs: readonly number[];
  readonly running: readonly number[];
  /** When the running clocks started running (ms since the epoch). */
  readonly since: number;
}

/** Time a seat gets back when the server restarts or a seat is given back, at the very least. */
export const GRACE_MS = 15_000;

export function startClock(
  settings: ClockSettings,
  seats: number,
  toAct: readonly number[],
  now: number,
): ClockState {
  const full = settings.mode === 'move' ? settings.moveMs : settings.initialMs;
  return { remainingMs: Array.from({ length: seats }, () => full), running: [...toAct], since: now };
}

export function remainingAt(clock: ClockState, seat: number, now: number): number {
  const base = clock.remainingMs[seat];
  return clock.running.includes(seat) ? base - Math.max(0, now - clock.since) : base;
}

/**
 * After `mover` moved at `now`: charge every running clock for the time spent, then credit the mover
 * (Fischer increment, or a fresh allowance per move), and start the clocks of the seats now to act.
 */
export function afterMove(
  settings: ClockSettings,
  clock: ClockState,
  mover: number,
  toAct: readonly number[],
  now: number,
): ClockState {
  const remaining = clock.remainingMs.map((_, seat) => Math.max(0, remainingAt(clock, seat, now)));
  if (settings.mode === 'game') remaining[mover] += settings.incrementMs;
  else {
    remaining[mover] = settings.moveMs;
    // A seat whose turn starts now gets a whole allowance; one still deciding keeps counting down.
    for (const seat of toAct)
      if (!clock.running.includes(seat) || seat === mover) remaining[seat] = settings.moveMs;
  }
  return { remainingMs: remaining, running: [...toAct], since: now };
}

/** The clock with nothing running (game over). */
export function stopClock(clock: ClockState, now: number): ClockState {
  return {
    remainingMs: clock.remainingMs.map((_, seat) => Math.max(0, remainingAt(clock, seat, now))),
    running: [],
    since: now,
  };
}

/** The running seats (among `watched`) whose time is up at `now`. */
export function flagged(clock: ClockState, watched: readonly number[], now: number): number[] {
  return clock.running.filter((seat) => watched.includes(seat) && remainingAt(clock, seat, now) <= 0);
}

/** When the first of the `watched` running clocks runs out, or null. */
export function nextExpiry(clock: ClockState, watched: readonly number[]): number | null {
  let first: number | null = null;
  for (const seat of clock.running) {
    if (!watched.includes(seat)) continue;
    const at = clock.since + clock.remainingMs[seat];
    if (first === null || at < first) first = at;
  }
  return first;
}

/**
 * The clock as it resumes after the server was down: the seats to act are charged the time that really
 * passed, but keep at least a grace period (or what they had, if less) so their players can reconnect.
 */
export function resumeClock(clock: ClockState, now: number): ClockState {
  const remaining = clock.remainingMs.map((had, seat) => {
    if (!clock.running.includes(seat)) return had;
    const left = remainingAt(clock, seat, now);
    return Math.max(left, Math.min(had, GRACE_MS));
  });
  return { remainingMs: remaining, running: clock.running, since: now };
}

/** Gives `seat` at least the grace period (a seat given back to its player after it ran out). */
export function withGrace(clock: ClockState, seat: number, now: number): ClockState {
  const remaining = clock.remainingMs.map((_, s) => remainingAt(clock, s, now));
  remaining[seat] = Math.max(remaining[seat], GRACE_MS);
  return { remainingMs: remaining, running: clock.running, since: now };
}

export function clockInfo(settings: ClockSettings, clock: ClockState, now: number): ClockInfo {
  return {
    settings,
    remainingMs: clock.remainingMs.map((_, seat) => Math.max(0, remainingAt(clock, seat, now))),
    running: clock.running,
    at: now,
  };
}

/**
 * After a takeback at `now`: the time spent so far is charged, and the clocks of the seats to act in the
 * position taken back to run from now (with a fresh allowance per move: nobody is charged twice for a move).
 */
export function afterTakeback(
  settings: ClockSettings,
  clock: ClockState,
  toAct: readonly number[],
  now: number,
): ClockState {
  const remaining = clock.remainingMs.map((_, seat) => Math.max(0, remainingAt(clock, seat, now)));
  if (settings.mode === 'move') for (const seat of toAct) remaining[seat] = settings.moveMs;
  return { remainingMs: remaining, running: [...toAct], since: now };
}
