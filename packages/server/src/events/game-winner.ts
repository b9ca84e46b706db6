/** A two-seat event game's winner: the player placed 0 alone (none for a bye, an unfinished game or a tie). */
export function twoSeatWinner(
  players: readonly (string | null)[],
  places: readonly number[] | null,
): string | null {
  if (!places || players.length !== 2) return null;
  const w = places.indexOf(0);
  return w >= 0 && places.lastIndexOf(0) === w ? players[w] : null;
}
