import { describe, expect, it } from 'vitest';
import { rateGame, type RateGameInput, type RatedGame } from './rate-game.js';
import { GLICKO, MAX_CHANGE, WENG_LIN, defaultRating, type Rating } from './rating.js';

const DAY = 24 * 3600 * 1000;
const at = Date.UTC(2026, 11, 1);

function rated(input: RateGameInput): Extract<RatedGame, { rated: true }> {
  const r = rateGame(input);
  if (!r.ok) throw new Error(r.error.message);
  if (!r.value.rated) throw new Error(`not rated: ${r.value.reason}`);
  return r.value;
}

const knightsWin = (winner: number): RateGameInput => ({
  game: 'knights',
  speed: 'fast',
  result: { winners: [winner], reason: 'no move' },
  seats: [null, null],
  at,
});

describe('rateGame: Knights by Glicko-2', () => {
  it(`one game moves a rating by at most ${MAX_CHANGE}: a newcomer's upset of a settled 3000 is capped`, () => {
    const newcomer: Rating = { ...defaultRating('glicko2'), rating: 1000, deviation: GLICKO.maxDeviation };
    const settled: Rating = {
      rating: 3000,
      deviation: GLICKO.minDeviation,
      volatility: 0.06,
      games: 100,
      lastGameAt: at,
    };
    const [w, l] = rated({ ...knightsWin(0), seats: [newcomer, settled] }).seats;
    expect(w.change).toBe(MAX_CHANGE);
    expect(w.after.rating).toBe(newcomer.rating + MAX_CHANGE);
    expect(l.change).toBeLessThan(0);
    expect(Math.abs(l.change)).toBeLessThan(MAX_CHANGE);
  });

  it("two newcomers: lichess's first game, about ±240 with RD 500 narrowing to about 400", () => {
    const game = rated(knightsWin(0));
    expect(game.system).toBe('glicko2');
    const [w, l] = game.seats;
    expect(w.before).toEqual(defaultRating('glicko2'));
    expect(w.change).toBeGreaterThan(200);
    expect(l.change).toBeCloseTo(-w.change, 9);
    expect(w.after.deviation).toBeLessThan(GLICKO.maxDeviation);
    expect(w.after.games).toBe(1);
    expect(w.after.lastGameAt).toBe(at);
    expect([w.place, l.place]).toEqual([0, 1]);
    expect(w.provisional).toBe(true);
  });

  it("the speed class is the caller's and comes back with the ratings", () => {
    expect(rated({ ...knightsWin(1), speed: 'correspondence' }).speed).toBe('correspondence');
  });

  it('beating a much stronger player gains more than beating a weaker one', () => {
    const me: Rating = { rating: 1500, deviation: 60, volatility: 0.06, games: 50, lastGameAt: at };
    const strong: Rating = { ...me, rating: 1900 };
    const weak: Rating = { ...me, rating: 1100 };
    const upset = rated({ ...knightsWin(0), seats: [me, strong] }).seats[0].change;
    const expected = rated({ ...knightsWin(0), seats: [me, weak] }).seats[0].change;
    expect(upset).toBeGreaterThan(expected);
    expect(expected).toBeGreaterThan(0);
  });

  it('time away widens the deviation before the game, so the game moves the rating more', () => {
    const settled: Rating = { rating: 1600, deviation: 50, volatility: 0.06, games: 80, lastGameAt: at };
    const opponent: Rating = { ...settled, rating: 1600 };
    const now = rated({ ...knightsWin(0), seats: [settled, opponent] }).seats[0].change;
    const later = rated({
      ...knightsWin(0),
      seats: [settled, { ...opponent, lastGameAt: at + 365 * DAY }],
      at: at + 365 * DAY,
    }).seats[0].change;
    expect(later).toBeGreaterThan(now);
  });

  it('the deviation never falls below 45, however many games', () => {
    let a: Rating | null = null;
    let b: Rating | null = null;
    for (let i = 0; i < 300; i++) {
      const game = rated({ ...knightsWin(i % 2), seats: [a, b] });
      [a, b] = game.seats.map((s) => s.after);
    }
    expect(a!.deviation).toBe(GLICKO.minDeviation);
    expect(a!.games).toBe(300);
  });
});

describe('rateGame: Tribes by Weng-Lin', () => {
  const tribes = (scores: number[], seats: (Rating | null)[] = scores.map(() => null)): RateGameInput => {
    const best = Math.max(...scores);
    return {
      game: 'tribes',
      speed: 'slow',
      result: { winners: scores.flatMap((s, i) => (s === best ? [i] : [])), scores },
      seats,
      at,
    };
  };

  it('5 players: places by score, the winner gains most, the last loses most, the changes add up to 0', () => {
    const game = rated(tribes([40, 71, 55, 55, 12]));
    expect(game.system).toBe('weng-lin');
    expect(game.seats.map((s) => s.place)).toEqual([3, 0, 1, 1, 4]);
    const changes = game.seats.map((s) => s.change);
    expect(Math.max(...changes)).toBe(changes[1]);
    expect(Math.min(...changes)).toBe(changes[4]);
    expect(changes[2]).toBeCloseTo(changes[3], 9);
    expect(changes.reduce((s, c) => s + c, 0)).toBeCloseTo(0, 9);
    for (const s of game.seats) expect(s.after.volatility).toBeNull();
  });

  it('2 players: a tie between newcomers changes no rating, but both are surer', () => {
    const game = rated(tribes([60, 60]));
    for (const s of game.seats) {
      expect(s.change).toBeCloseTo(0, 9);
      expect(s.after.deviation).toBeLessThan(WENG_LIN.maxDeviation);
    }
  });

  it('a seat that ran out of time: the others share first place, it is last', () => {
    const game = rated({
      ...tribes([0, 0, 0]),
      result: { winners: [0, 2], reason: 'seat 1 ran out of time' },
    });
    expect(game.seats.map((s) => s.place)).toEqual([0, 2, 0]);
    expect(game.seats[1].change).toBeLessThan(0);
  });
});

describe('rateGame: what is not rated, and what is refused', () => {
  it('an aborted game (no winner), an unfinished one and a Nim game are not rated', () => {
    const aborted = rateGame({ ...knightsWin(0), result: { winners: [], reason: 'closed' } });
    expect(aborted.ok && aborted.value).toEqual({
      rated: false,
      reason: 'the game was aborted (it has no winner)',
    });
    const unfinished = rateGame({ ...knightsWin(0), result: null });
    expect(unfinished.ok && !unfinished.value.rated).toBe(true);
    const nim = rateGame({ ...knightsWin(0), game: 'nim' });
    expect(nim.ok && nim.value).toEqual({ rated: false, reason: 'nim games are not rated' });
  });

  it('refuses a winner that is not a seat, scores of the wrong length and the wrong number of seats', () => {
    const codes = [
      rateGame({ ...knightsWin(2) }),
      rateGame({ ...knightsWin(0), result: { winners: [0], scores: [1, 2, 3] } }),
      rateGame({ ...knightsWin(0), seats: [null, null, null] }),
      rateGame({ ...knightsWin(0), game: 'tribes', seats: [null, null, null, null, null, null] }),
      rateGame({ ...knightsWin(0), at: Number.NaN }),
    ].map((r) => (r.ok ? 'ok' : r.error.code));
    expect(codes).toEqual(['rating.result', 'rating.result', 'rating.seats', 'rating.seats', 'rating.time']);
  });

  it('a game of too few seats is refused, saying how many a rated game has', () => {
    const one = rateGame({ ...knightsWin(0), seats: [null] });
    expect(one).toMatchObject({ ok: false, error: { code: 'rating.seats' } });
    expect(!one.ok && one.error.message).toMatch(/a rated knights game has 2 to 2 seats, not 1/);
  });

  it('a drawn two-player game scores a half each: two equal players stay where they are', () => {
    const draw = rated({ ...knightsWin(0), result: { winners: [0, 1], reason: 'agreed' } });
    for (const seat of draw.seats) expect(seat.change).toBe(0);
  });

  it('refuses a stored rating out of bounds, saying which seat and what is allowed', () => {
    const bad = { rating: 1500, deviation: 20, volatility: 0.06, games: 3, lastGameAt: null };
    const r = rateGame({ ...knightsWin(0), seats: [null, bad] });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('rating.invalid');
      expect(r.error.message).toContain('seat 1');
      expect(r.error.message).toContain('"deviation" must be a number from 45 to 500');
    }
  });

  it('refuses a Glicko-2 rating for Tribes (it has a volatility) and a Weng-Lin one for Knights', () => {
    const glicko = defaultRating('glicko2');
    const wengLin = defaultRating('weng-lin');
    const tribes = rateGame({ ...knightsWin(0), game: 'tribes', seats: [glicko, null] });
    const knights = rateGame({ ...knightsWin(0), seats: [wengLin, null] });
    expect(tribes.ok || tribes.error.message).toContain('"volatility" must be null');
    expect(knights.ok || knights.error.message).toContain('"volatility" must be a number');
  });
});
