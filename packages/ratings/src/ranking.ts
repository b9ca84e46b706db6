/**
 * A game's final ranking from its result (core's `GameResult`): the winners share first place; the others
 * follow by score when the result has scores (a Tribes game that ran to its end), else share the next place
 * (a seat that ran out of time leaves the others as winners and no scores).
 */
import { err, ok, type GameResult, type Result } from '@attila/core';

export type RankingErrorCode = 'rating.result';

/**
 * Each seat's place, 0 best, in standard competition ranking (two tied for first and the next one:
 * 0, 0, 2). Null when the result has no winner: an aborted game, which is not rated.
 */
export function finalRanking(result: GameResult, seats: number): Result<number[] | null, RankingErrorCode> {
  const { winners, scores } = result;
  if (winners.length === 0) return ok(null);
  for (const w of winners) {
    if (!Number.isInteger(w) || w < 0 || w >= seats)
      return err(
        'rating.result',
        `winner ${w} is not a seat of this ${seats}-seat game (seats 0 to ${seats - 1})`,
      );
  }
  if (new Set(winners).size !== winners.length)
    return err('rating.result', `a winner is listed twice: ${winners.join(', ')}`);
  if (scores !== undefined && scores.length !== seats)
    return err('rating.result', `the result has ${scores.length} scores for ${seats} seats`);
  const won = (seat: number) => winners.includes(seat);
  // A seat's key: winners before everyone, then the higher score first.
  const key = (seat: number): [number, number] => [won(seat) ? 0 : 1, won(seat) ? 0 : -(scores?.[seat] ?? 0)];
  const ahead = (a: number, b: number) => {
    const [ka, kb] = [key(a), key(b)];
    return ka[0] < kb[0] || (ka[0] === kb[0] && ka[1] < kb[1]);
  };
  const seatList = [...Array(seats).keys()];
  return ok(seatList.map((seat) => seatList.filter((other) => ahead(other, seat)).length));
}
