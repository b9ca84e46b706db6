/**
 * The events on a player's profile: each event they entered, with their place and points in its standings
 * (the same standings the event's page shows, from the pure modules), the latest first. Another player's
 * profile lists public events only; one's own lists private ones too (as the events list does: a private
 * event is for its creator, its entrants and whoever has its code).
 */
import type { PlayerEventEntry } from '@attila/protocol/events';
import type { Sql } from '../storage/sql.js';
import { EventStore } from './event-store.js';
import { standingsOf } from './standings.js';

/** At most this many events on a profile. */
export const PROFILE_EVENTS = 20;

export async function eventsOfPlayer(sql: Sql, playerId: string, own: boolean): Promise<PlayerEventEntry[]> {
  const store = new EventStore(sql);
  const shown = (await store.enteredBy(playerId, PROFILE_EVENTS)).filter((e) => own || !e.body.private);
  const listed: PlayerEventEntry[] = [];
  for (const event of shown) {
    const entries = await store.entries(event.id);
    const standing = standingsOf(event, entries, await store.games(event.id)).find(
      (s) => s.player === playerId,
    );
    listed.push({
      id: event.id,
      name: event.body.name,
      format: event.body.format,
      status: event.status,
      startsAt: event.body.startsAt,
      rank: event.status === 'upcoming' ? null : (standing?.rank ?? null),
      score: standing?.score ?? 0,
      entrants: entries.length,
      withdrawn: entries.some((e) => e.playerId === playerId && e.withdrawnAt !== null),
    });
  }
  return listed;
}
