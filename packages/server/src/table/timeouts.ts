/**
 * Which people a clock change just took a seat from (a take-over bot plays on for them, or the game ended
 * against them on time): departures for the leaver rule (community/leavers.ts).
 */
import type { Storage, StoredTable } from '../storage/types.js';
import type { Logger } from 'pino';

export function timedOutPlayers(before: StoredTable, after: StoredTable): string[] {
  const lost =
    after.status === 'finished' && before.status === 'playing' ? (after.result?.winners ?? []) : null;
  const out: string[] = [];
  for (const s of before.seats) {
    const player = s.player?.id;
    if (!player || s.controller !== 'human') continue;
    if (lost ? !lost.includes(s.seat) : after.seats[s.seat]?.controller === 'bot') out.push(player);
  }
  return out;
}

/** Stores those departures; counting never holds up the game (a failure is logged). */
export function recordTimeouts(
  deps: { readonly storage: Storage; readonly log: Logger },
  before: StoredTable,
  after: StoredTable,
  now: number,
): void {
  for (const player of timedOutPlayers(before, after))
    void deps.storage.community
      .addDeparture(player, after.id, 'timeout', after.rated === true, now)
      .catch((e: unknown) => deps.log.warn({ table: after.id, err: e }, 'counting a timeout failed'));
}
