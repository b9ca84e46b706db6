/**
 * When a correspondence round closes (`roundDays`, the server README's "Correspondence rounds"): that many
 * days after the round was paired (its rows' time, written with its tables). At that moment the director
 * decides every game of the round still under way on its clock (hard-deadline.ts: the player to move
 * loses) and pairs the next round. Live events, and correspondence events made before rounds had a
 * length, have no deadline: a round lasts until its last game ends.
 */
import { DAY_MS } from '../clock.js';
import type { StoredEvent, StoredEventGame } from './event-store.js';

export function roundEndsAt(event: StoredEvent, games: readonly StoredEventGame[]): number | null {
  const days = event.body.roundDays ?? null;
  if (days === null || event.status !== 'running' || event.round === 0) return null;
  const paired = games.filter((g) => g.round === event.round).map((g) => g.createdAt);
  return paired.length === 0 ? null : Math.min(...paired) + days * DAY_MS;
}

/** What a game decided at the deadline says happened (its table's result reason). */
export const ROUND_CLOSED = "the event's round closed";
