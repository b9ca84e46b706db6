/**
 * The withdrawal rule (server README, "Events": "Who is withdrawn"), as a pure decision over a finished
 * event game: a player whose clock ran out before they made a single move in it — who never came to the
 * table, or left before playing — is withdrawn from the event (the no-show rule, as lichess's Swiss). They
 * had their whole clock to come: the event's minutes per player (live) or days per move (correspondence),
 * from the moment it was their turn. Losing on time after moving, or resigning (even at once), is an
 * ordinary loss: the player came and played, and stays in. An aborted game (called off before every seat
 * moved: no result) withdraws nobody. Event tables have no take-over bot, so a game under way cannot be
 * "left" any other way than by letting one's clock run out.
 */
import type { StoredMove, StoredTable } from '../storage/types.js';

/** The players (event entrants, by seat; null a bot) this finished game withdraws, by the rule above. */
export function noShows(
  table: Pick<StoredTable, 'status' | 'result' | 'clock'>,
  moves: readonly Pick<StoredMove, 'seat'>[],
  players: readonly (string | null)[],
): string[] {
  const result = table.result;
  if (table.status !== 'finished' || !result || result.aborted || !table.clock) return [];
  const moved = new Set(moves.map((m) => m.seat));
  const resigned = result.resigned ?? [];
  const clock = table.clock;
  return players.flatMap((player, seat) =>
    player !== null &&
    !result.winners.includes(seat) &&
    !resigned.includes(seat) &&
    !moved.has(seat) &&
    (clock.remainingMs[seat] ?? 1) <= 0
      ? [player]
      : [],
  );
}
