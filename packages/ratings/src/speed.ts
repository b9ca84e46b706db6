/**
 * The speed class of a table's clock: each player has one rating per game and speed class, since playing
 * fast and playing slowly are different skills (lichess rates bullet, blitz, rapid, classical and
 * correspondence apart; Attila has fewer players, so three classes). A pure function of the clock
 * settings (the shape of `ClockSettings` in `@attila/protocol`).
 */

export const SPEED_CLASSES = ['fast', 'slow', 'correspondence'] as const;
export type SpeedClass = (typeof SPEED_CLASSES)[number];

/** A table's clock, as `@attila/protocol` has it (a type test keeps the two the same). */
export type ClockShape =
  | { readonly mode: 'move'; readonly moveMs: number }
  | { readonly mode: 'game'; readonly initialMs: number; readonly incrementMs: number };

/** lichess's yardstick: a game of 40 moves by each player. */
const MOVES_PER_GAME = 40;
const MINUTE = 60_000;
/** Below this estimate a game is fast; from it on, slow. */
export const FAST_BELOW_MS = 20 * MINUTE;
/** From this estimate on a game is correspondence: nobody is expected to stay at the table. */
export const CORRESPONDENCE_FROM_MS = 8 * 60 * MINUTE;

/**
 * How long one player may take for a game of 40 of their moves. A game clock (Fischer): the initial time
 * plus 40 increments, lichess's estimate. A move clock caps every move, and players use about half the cap
 * on average, so 40 moves at half of it.
 */
export function estimatedGameMs(clock: ClockShape): number {
  return clock.mode === 'game'
    ? clock.initialMs + MOVES_PER_GAME * clock.incrementMs
    : (MOVES_PER_GAME * clock.moveMs) / 2;
}

/**
 * fast: an estimate under 20 minutes (30 s a move, 10 min + 5 s); slow: up to 8 hours (2 min a move,
 * 1 h + 30 s); correspondence: longer (24 min a move or more), or no clock at all.
 */
export function speedClassOf(clock: ClockShape | null): SpeedClass {
  if (clock === null) return 'correspondence';
  const ms = estimatedGameMs(clock);
  if (ms < FAST_BELOW_MS) return 'fast';
  return ms < CORRESPONDENCE_FROM_MS ? 'slow' : 'correspondence';
}
