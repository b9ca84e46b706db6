/** Properties of `rateGame` over random ratings and results (fast-check). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ratingPeriod } from './glicko2.js';
import { rateGame, type RateGameInput, type RatedGame } from './rate-game.js';
import { GLICKO, MAX_CHANGE, RATING_BOUNDS, WENG_LIN, type Rating } from './rating.js';

const at = Date.UTC(2026, 11, 1);
const DAY = 24 * 3600 * 1000;

const glickoRating = fc.record({
  rating: fc.double({ min: 600, max: 2800, noNaN: true }),
  deviation: fc.double({ min: GLICKO.minDeviation, max: GLICKO.maxDeviation, noNaN: true }),
  volatility: fc.double({ min: GLICKO.minVolatility, max: GLICKO.maxVolatility, noNaN: true }),
  games: fc.nat(1000),
  lastGameAt: fc.option(fc.integer({ min: at - 3 * 365 * DAY, max: at }), { nil: null }),
});
const wengLinRating = fc.record({
  rating: fc.double({ min: 600, max: 2800, noNaN: true }),
  deviation: fc.double({ min: WENG_LIN.minDeviation, max: WENG_LIN.maxDeviation, noNaN: true }),
  volatility: fc.constant(null),
  games: fc.nat(1000),
  lastGameAt: fc.option(fc.integer({ min: at - 3 * 365 * DAY, max: at }), { nil: null }),
});

function ratedSeats(input: RateGameInput) {
  const r = rateGame(input);
  if (!r.ok || !r.value.rated) throw new Error(r.ok ? 'not rated' : r.error.message);
  return (r.value as Extract<RatedGame, { rated: true }>).seats;
}

const knights = (a: Rating | null, b: Rating | null, winner: number): RateGameInput => ({
  game: 'knights',
  speed: 'fast',
  result: { winners: [winner] },
  seats: [a, b],
  at,
});

/** A Tribes result from scores: the top scores win. */
const tribesResult = (scores: number[]) => {
  const best = Math.max(...scores);
  return { winners: scores.flatMap((s, i) => (s === best ? [i] : [])), scores };
};

describe('Glicko-2 in 2-player games (Knights)', () => {
  it('the winner never loses points and the loser never gains', () => {
    fc.assert(
      fc.property(
        fc.option(glickoRating, { nil: null }),
        fc.option(glickoRating, { nil: null }),
        fc.nat(1),
        (a, b, w) => {
          const seats = ratedSeats(knights(a, b, w));
          expect(seats[w].change).toBeGreaterThanOrEqual(0);
          expect(seats[1 - w].change).toBeLessThanOrEqual(0);
        },
      ),
    );
  });

  it('between players of equal deviation and volatility, what one gains the other loses', () => {
    fc.assert(
      fc.property(
        glickoRating,
        fc.double({ min: 600, max: 2800, noNaN: true }),
        fc.nat(1),
        (a, otherRating, w) => {
          const b = { ...a, rating: otherRating };
          const seats = ratedSeats(knights(a, b, w));
          expect(seats[0].change + seats[1].change).toBeCloseTo(0, 6);
        },
      ),
    );
  });

  it('every output is within the bounds, and the Illinois iteration converges in few steps', () => {
    fc.assert(
      fc.property(glickoRating, glickoRating, fc.nat(1), (a, b, w) => {
        for (const s of ratedSeats(knights(a, b, w))) {
          expect(s.after.rating).toBeGreaterThanOrEqual(RATING_BOUNDS.min);
          expect(s.after.rating).toBeLessThanOrEqual(RATING_BOUNDS.max);
          expect(s.after.deviation).toBeGreaterThanOrEqual(GLICKO.minDeviation);
          expect(s.after.deviation).toBeLessThanOrEqual(GLICKO.maxDeviation);
          expect(s.after.volatility!).toBeGreaterThanOrEqual(GLICKO.minVolatility);
          expect(s.after.volatility!).toBeLessThanOrEqual(GLICKO.maxVolatility);
        }
        const out = ratingPeriod(a, [{ opponent: b, score: w }], { tau: GLICKO.tau, periods: 0 });
        expect(out.iterations).toBeLessThan(30);
      }),
    );
  });

  it('swapping the seats swaps the outcome', () => {
    fc.assert(
      fc.property(glickoRating, glickoRating, fc.nat(1), (a, b, w) => {
        const forward = ratedSeats(knights(a, b, w));
        const swapped = ratedSeats(knights(b, a, 1 - w));
        expect(swapped[1].after).toEqual(forward[0].after);
        expect(swapped[0].after).toEqual(forward[1].after);
      }),
    );
  });
});

describe('Weng-Lin in Tribes games of 2 to 5', () => {
  const game = fc
    .integer({ min: 2, max: 5 })
    .chain((n) =>
      fc.tuple(
        fc.array(fc.option(wengLinRating, { nil: null }), { minLength: n, maxLength: n }),
        fc.array(fc.integer({ min: 0, max: 6 }), { minLength: n, maxLength: n }),
      ),
    );

  it('a seat placed ahead of another of the same rating and deviation never gains less', () => {
    fc.assert(
      fc.property(game, ([ratings, scores]) => {
        const equal = ratings.map(() => null);
        const seats = ratedSeats({
          game: 'tribes',
          speed: 'slow',
          result: tribesResult(scores),
          seats: equal,
          at,
        });
        for (const a of seats)
          for (const b of seats) if (a.place < b.place) expect(a.change).toBeGreaterThan(b.change);
      }),
    );
  });

  it('a seat alone in first place never loses points, one alone in last place never gains', () => {
    fc.assert(
      fc.property(game, ([ratings, scores]) => {
        const seats = ratedSeats({
          game: 'tribes',
          speed: 'slow',
          result: tribesResult(scores),
          seats: ratings,
          at,
        });
        const places = seats.map((s) => s.place);
        const alone = (p: number) => places.filter((x) => x === p).length === 1;
        const last = Math.max(...places);
        for (const s of seats) {
          if (s.place === 0 && alone(0)) expect(s.change).toBeGreaterThanOrEqual(0);
          if (s.place === last && alone(last)) expect(s.change).toBeLessThanOrEqual(0);
        }
      }),
    );
  });

  it('the points are conserved when every seat is equally sure (same deviation, same time away)', () => {
    fc.assert(
      fc.property(game, fc.double({ min: 45, max: 500, noNaN: true }), ([ratings, scores], deviation) => {
        const same = ratings.map((r, i) => ({
          rating: r?.rating ?? 1500 + 10 * i,
          deviation,
          volatility: null,
          games: 5,
          lastGameAt: at,
        }));
        const seats = ratedSeats({
          game: 'tribes',
          speed: 'slow',
          result: tribesResult(scores),
          seats: same,
          at,
        });
        // The caps (700 a game, ratings within [100, 4000]) are the one thing that may break the balance.
        const capped = (x: (typeof seats)[number]) =>
          Math.abs(x.change) >= MAX_CHANGE - 1e-6 ||
          x.after.rating <= RATING_BOUNDS.min ||
          x.after.rating >= RATING_BOUNDS.max;
        fc.pre(!seats.some(capped));
        expect(seats.reduce((s, x) => s + x.change, 0)).toBeCloseTo(0, 6);
      }),
    );
  });

  it('the seat order does not matter: rotating the seats rotates the outcome', () => {
    fc.assert(
      fc.property(game, fc.nat(4), ([ratings, scores], k) => {
        const n = ratings.length;
        const rot = <T>(xs: readonly T[]) => xs.map((_, i) => xs[(i + k) % n]);
        const forward = ratedSeats({
          game: 'tribes',
          speed: 'slow',
          result: tribesResult(scores),
          seats: ratings,
          at,
        });
        const rotated = ratedSeats({
          game: 'tribes',
          speed: 'slow',
          result: tribesResult(rot(scores)),
          seats: rot(ratings),
          at,
        });
        rotated.forEach((s, i) => {
          expect(s.after.rating).toBeCloseTo(forward[(i + k) % n].after.rating, 9);
          expect(s.after.deviation).toBeCloseTo(forward[(i + k) % n].after.deviation, 9);
        });
      }),
    );
  });

  it('deviations stay within their bounds', () => {
    fc.assert(
      fc.property(game, ([ratings, scores]) => {
        for (const s of ratedSeats({
          game: 'tribes',
          speed: 'slow',
          result: tribesResult(scores),
          seats: ratings,
          at,
        })) {
          expect(s.after.deviation).toBeGreaterThanOrEqual(WENG_LIN.minDeviation);
          expect(s.after.deviation).toBeLessThanOrEqual(WENG_LIN.maxDeviation);
        }
      }),
    );
  });
});
