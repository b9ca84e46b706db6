/**
 * Which challenges the bridge accepts, by rules the bot's author sets on the command line, and the reason
 * a declined one is given (the challenger reads it). A pure decision: the bridge says what it plays now.
 */
import { err, ok, type GameKind, type Result } from '@attila/core';
import type { ChallengeView } from '@attila/protocol/challenges';

/** A challenge's clock as the author names it: none, per move, per game (Fischer), days per move, a bank. */
export const CLOCK_KINDS = ['untimed', 'move', 'game', 'days', 'bank'] as const;
export type ClockKind = (typeof CLOCK_KINDS)[number];

export interface ChallengePolicy {
  /** Games the bot plays. */
  readonly games: ReadonlySet<GameKind>;
  readonly clocks: ReadonlySet<ClockKind>;
  /** Games at once (those being played and those accepted): a challenge past this is declined. */
  readonly maxGames: number;
  /** Said instead of the bridge's own reason, when the author gave one. */
  readonly reason: string | null;
}

export type Verdict = { readonly accept: true } | { readonly accept: false; readonly reason: string };

export function clockKindOf(c: ChallengeView): ClockKind {
  return c.clock === null ? 'untimed' : c.clock.mode;
}

/** `any` or a comma-separated list of `untimed`, `move`, `game`, `days`, `bank`. */
export function parseClocks(text: string): Result<Set<ClockKind>> {
  if (text === 'any') return ok(new Set(CLOCK_KINDS));
  const kinds = new Set<ClockKind>();
  for (const part of text.split(',').map((p) => p.trim())) {
    if (!(CLOCK_KINDS as readonly string[]).includes(part)) {
      return err(
        'clocks.invalid',
        `--clocks takes any or ${CLOCK_KINDS.join(', ')} (comma-separated), not "${part}"`,
      );
    }
    kinds.add(part as ClockKind);
  }
  return ok(kinds);
}

/**
 * Accept or decline `c`, with `playing` games under way. Rated challenges are declined always: a bot plays
 * rated games only on the bot ladder (the server's rule; the bridge says so instead of letting it wait).
 */
export function judgeChallenge(c: ChallengeView, playing: number, p: ChallengePolicy): Verdict {
  const no = (why: string): Verdict => ({ accept: false, reason: p.reason ?? why });
  if (c.rated) return no('this bot plays rated games only on the bot ladder: challenge it to a casual game');
  if (!p.games.has(c.game)) return no(`this bot plays ${[...p.games].join(' and ')}, not ${c.game}`);
  const clock = clockKindOf(c);
  if (!p.clocks.has(clock)) {
    return no(`this bot plays games with clocks of kind ${[...p.clocks].join(', ')}, not ${clock}`);
  }
  if (playing >= p.maxGames)
    return no(`this bot is playing ${playing} games, its most at once: try again later`);
  return { accept: true };
}

/** Whether the bot still has to answer `c` (waiting, and its own seat not answered yet). */
export function awaitsAnswer(c: ChallengeView): boolean {
  if (c.status !== 'pending') return false;
  const mine = c.seats.find((s) => s.seat === c.seat);
  return mine !== undefined && !mine.challenger && mine.answer === 'pending';
}
