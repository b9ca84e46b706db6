/**
 * The leaver rule, as a pure decision (server README, "Leavers"): a player who leaves rated games, or lets
 * their clock run out in them, is counted; from the third such departure within 7 days, each one bars rated
 * play for a day more than the one before (the third: 24 hours, the fourth: 48 hours, ...), counted from
 * that departure. Casual games are counted for moderators but never limit anyone. Like BGA's reputation,
 * the limit ends by itself: nobody has to lift it.
 */

export const LEAVER_WINDOW_MS = 7 * 24 * 3600_000;
/** Departures within the window that are forgiven. */
export const LEAVER_FORGIVEN = 2;
export const LEAVER_BAR_MS = 24 * 3600_000;

/**
 * Until when rated play is barred, given the times of the player's departures from rated games (any order)
 * and the time now; null when it is not.
 */
export function leaverBarUntil(departures: readonly number[], now: number): number | null {
  const times = [...departures].sort((a, b) => a - b);
  let until: number | null = null;
  times.forEach((t, i) => {
    const within = times.slice(0, i + 1).filter((u) => u > t - LEAVER_WINDOW_MS).length;
    if (within <= LEAVER_FORGIVEN) return;
    const end = t + LEAVER_BAR_MS * (within - LEAVER_FORGIVEN);
    if (end > now && (until === null || end > until)) until = end;
  });
  return until;
}
