/**
 * When a bot's answer may be handed back. A bot that answers a forced move (one legal move, e.g. Tribes
 * `commit -` with no card of the tribes in conflict) at once and a real choice after a search would tell its
 * opponents, by timing alone, what it holds. So in games with hidden information every answer waits at
 * least the game's minimum think time from the moment the question was asked; real searches shorter than
 * that are padded the same way, and the minimum is chosen above most of them (see bench/bot-timing.ts).
 */

/**
 * The earliest time an answer to a question asked at `askedAt` may be released: the minimum, plus a random
 * part of `spreadMs` (`random` in [0, 1)), so that the held answers do not all land on the same millisecond
 * while searches that ran a little over the minimum land just after it.
 */
export function releaseAt(askedAt: number, minThinkMs: number, spreadMs: number, random: number): number {
  if (minThinkMs <= 0) return askedAt;
  return askedAt + minThinkMs + Math.max(0, spreadMs) * random;
}

/** The random part of the think time, by default. */
export const THINK_SPREAD_MS = 250;

/**
 * Default minimum think time per game, for games whose views differ between seats (hidden information).
 * Perfect-information games get none: there is nothing their timing could reveal.
 */
export const HIDDEN_INFORMATION_MIN_THINK_MS = 500;

export function defaultMinThink(
  games: Readonly<Record<string, { readonly sameViewForEveryone?: boolean }>>,
  minThinkMs: number = HIDDEN_INFORMATION_MIN_THINK_MS,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, game] of Object.entries(games)) if (!game.sameViewForEveryone) out[name] = minThinkMs;
  return out;
}
