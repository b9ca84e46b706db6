/**
 * The decisions about an event's entrants, pure (like challenge-rules.ts): whether an event may be created
 * as asked, whether a player may join or withdraw now. Each refusal says what was wrong and what is allowed;
 * a refusal changes nothing.
 */
import { err, ok, type Result } from '@attila/core';
import { EVENT_LIMITS, type CreateEventParsed } from '@attila/protocol/events';
import type { EventBody, StoredEntry, StoredEvent } from './event-store.js';

export const FORMAT_GAME = { arena: 'knights', swiss: 'knights', 'tribes-rounds': 'tribes' } as const;

/** The event's body from a creation request, or why it cannot be. */
export function decideCreate(
  request: CreateEventParsed,
  now: number,
  seed: string,
  schedule: string | null = null,
): Result<EventBody> {
  const r = request;
  if (r.startsAt < now - EVENT_LIMITS.lateStartMs)
    return err('event.start', 'the start time has passed: choose a time from now on');
  if (r.startsAt > now + EVENT_LIMITS.aheadMs)
    return err('event.start', 'an event starts within 30 days of its creation');
  if (r.format === 'arena' && r.minutes === undefined)
    return err(
      'event.length',
      `an arena needs its length: "minutes" (${EVENT_LIMITS.minArenaMinutes} to ${EVENT_LIMITS.maxArenaMinutes})`,
    );
  if (r.format === 'arena' && r.rounds !== undefined)
    return err('event.length', 'an arena lasts a time ("minutes"), not a number of rounds');
  if (r.format !== 'arena' && r.rounds === undefined)
    return err(
      'event.length',
      `a ${r.format} event needs its number of rounds: "rounds" (1 to ${EVENT_LIMITS.maxRounds})`,
    );
  if (r.format !== 'arena' && r.minutes !== undefined)
    return err('event.length', `a ${r.format} event lasts a number of rounds ("rounds"), not minutes`);
  if (r.format === 'arena' && r.clock.mode === 'days')
    return err('event.clock', 'an arena is played live: choose minutes per player, not days per move');
  const correspondence = r.clock.mode === 'days' || r.clock.mode === 'bank';
  if (r.roundDays !== undefined && (r.format === 'arena' || !correspondence))
    return err(
      'event.round-days',
      'only a correspondence event of rounds (days per move) has rounds open for a number of days ("roundDays")',
    );
  const roundDays =
    correspondence && r.format !== 'arena' ? (r.roundDays ?? EVENT_LIMITS.defaultRoundDays) : null;
  if (roundDays !== null && r.clock.mode === 'days' && roundDays < r.clock.days)
    return err(
      'event.round-days',
      `a round must stay open at least one move's time: ${r.clock.days} days or more (it was ${roundDays})`,
    );
  if (r.minRating !== null && r.maxRating !== null && r.minRating > r.maxRating)
    return err('event.rating-range', `the rating range is empty: ${r.minRating} is above ${r.maxRating}`);
  if (r.format === 'tribes-rounds') {
    if (r.minTable > r.tableSize)
      return err(
        'event.tables',
        `the smallest table (${r.minTable}) is larger than the preferred size (${r.tableSize})`,
      );
  } else if (r.bots)
    return err('event.bots', 'bots fill tables in Tribes rounds only: Knights games pair two entrants');
  if (r.rated && r.bots) return err('event.bots', 'a rated event has people only: no bots fill its tables');
  return ok({
    name: r.name,
    format: r.format,
    game: FORMAT_GAME[r.format],
    startsAt: Math.max(r.startsAt, now),
    endsAt: r.format === 'arena' ? Math.max(r.startsAt, now) + r.minutes! * 60_000 : null,
    rounds: r.format === 'arena' ? null : r.rounds!,
    roundDays,
    clock: r.clock,
    rated: r.rated,
    private: r.private,
    minRating: r.minRating,
    maxRating: r.maxRating,
    tableSize: r.tableSize,
    minTable: r.minTable,
    bots: r.bots,
    seed,
    schedule,
  });
}

export interface Joiner {
  readonly id: string;
  readonly guest: boolean;
  readonly bot: boolean;
  readonly rating: number;
  readonly codeMatches: boolean;
}

/** The round from which the joiner is paired (0: from the start). */
export function decideJoin(
  event: StoredEvent,
  entries: readonly StoredEntry[],
  joiner: Joiner,
  now: number,
): Result<{ fromRound: number }> {
  const b = event.body;
  if (event.status === 'finished')
    return err('event.finished', 'this event is over: join an upcoming or running one');
  if (b.format === 'arena' && b.endsAt !== null && now >= b.endsAt)
    return err('event.finished', 'this arena has ended: no more games are paired');
  if (b.private && !joiner.codeMatches)
    return err(
      'event.code',
      'this event is private: join it with its invitation code ("code"), as its creator gave it',
    );
  if (joiner.bot)
    return err(
      'event.bot',
      'bot accounts take part only in bot events (the bot ladder): this event is for people',
    );
  if (b.rated && joiner.guest)
    return err('event.guest', 'a rated event is for accounts: sign up (or sign in) to join it');
  if (entries.some((e) => e.playerId === joiner.id))
    return err(
      'event.joined',
      'you are in this event already (one entry per account; a withdrawal is final)',
    );
  const r = Math.round(joiner.rating);
  if (b.minRating !== null && r < b.minRating)
    return err(
      'event.rating-range',
      `your rating ${r} is below this event's range (${b.minRating} to ${b.maxRating ?? 'any'})`,
    );
  if (b.maxRating !== null && r > b.maxRating)
    return err(
      'event.rating-range',
      `your rating ${r} is above this event's range (${b.minRating ?? 'any'} to ${b.maxRating})`,
    );
  if (b.rounds !== null && event.round >= b.rounds)
    return err('event.finished', 'this event is in its last round: there is no round left to play');
  // Swiss and Tribes: a late entrant starts at the next round, with 0 points.
  return ok({ fromRound: event.status === 'running' ? event.round + 1 : 1 });
}

export function decideWithdraw(
  event: StoredEvent,
  entries: readonly StoredEntry[],
  playerId: string,
): Result<true> {
  if (event.status === 'finished')
    return err('event.finished', 'this event is over: its standings are final');
  const entry = entries.find((e) => e.playerId === playerId);
  if (!entry) return err('event.not-entered', 'you are not in this event');
  if (entry.withdrawnAt !== null) return err('event.withdrawn', 'you have withdrawn from this event already');
  return ok(true);
}
