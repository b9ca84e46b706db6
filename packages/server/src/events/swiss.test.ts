import { describe, expect, it } from 'vitest';
import { Rng } from '@attila/core';
import {
  pairSwissRound,
  swissStandings,
  type SwissGame,
  type SwissPlayer,
  type SwissRound,
} from './swiss.js';

const players = (n: number, from = 1): SwissPlayer[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `p${String(i).padStart(3, '0')}`,
    rating: 2000 - i * 7,
    fromRound: from,
    withdrawn: false,
  }));

/** Plays a round: the higher rated wins three times in four (a seeded coin). */
function play(round: SwissRound, rating: (id: string) => number, rng: Rng): SwissGame[] {
  const out: SwissGame[] = round.pairings.map((p) => {
    const favourite = rating(p.first) >= rating(p.second) ? p.first : p.second;
    const other = favourite === p.first ? p.second : p.first;
    return { round: round.round, ...p, winner: rng.int(4) < 3 ? favourite : other, over: true };
  });
  if (round.bye) out.push({ round: round.round, first: round.bye, second: null, winner: null, over: true });
  return out;
}

/** Checks one round: everyone active exactly once, no repeat, the bye to someone without one. */
function checkRound(round: SwissRound, active: readonly string[], before: readonly SwissGame[]): void {
  const seatsTaken = round.pairings.flatMap((p) => [p.first, p.second]);
  if (round.bye) seatsTaken.push(round.bye);
  expect([...seatsTaken].sort()).toEqual([...active].sort());
  expect(round.bye === null).toBe(active.length % 2 === 0);
  const met = new Set(
    before.flatMap((g) => (g.second ? [`${g.first}\n${g.second}`, `${g.second}\n${g.first}`] : [])),
  );
  for (const p of round.pairings) expect(met.has(`${p.first}\n${p.second}`)).toBe(false);
  if (round.bye) expect(before.some((g) => g.second === null && g.first === round.bye)).toBe(false);
}

function simulate(field: SwissPlayer[], rounds: number, seed: string): SwissGame[] {
  const rng = Rng.fromSeed(seed);
  const rating = new Map(field.map((p) => [p.id, p.rating]));
  let games: SwissGame[] = [];
  for (let r = 1; r <= rounds; r++) {
    const round = pairSwissRound(field, games, r, seed);
    checkRound(
      round,
      field.filter((p) => !p.withdrawn && p.fromRound <= r).map((p) => p.id),
      games,
    );
    games = [...games, ...play(round, (id) => rating.get(id)!, rng)];
  }
  return games;
}

describe('Knights Swiss pairing', () => {
  it('pairs a 200-player, 8-round event to its end: no repeat, everyone once a round, a correct bye whenever the field is odd', () => {
    // 200 entrants; one withdraws after round 3, so rounds 4 to 8 have 199 players and a bye each.
    let field = players(200);
    const rng = Rng.fromSeed('big');
    const rating = new Map(field.map((p) => [p.id, p.rating]));
    let games: SwissGame[] = [];
    for (let r = 1; r <= 8; r++) {
      if (r === 4) field = field.map((p) => (p.id === 'p150' ? { ...p, withdrawn: true } : p));
      const round = pairSwissRound(field, games, r, 'big');
      const active = field.filter((p) => !p.withdrawn).map((p) => p.id);
      checkRound(round, active, games);
      if (round.bye) {
        // The bye: to one of the lowest score among those who have not had one.
        const hadBye = new Set(games.filter((g) => g.second === null).map((g) => g.first));
        const scores = swissStandings(field, games).filter((s) => !s.withdrawn && !hadBye.has(s.id));
        const lowest = Math.min(...scores.map((s) => s.score));
        expect(scores.find((s) => s.id === round.bye)!.score).toBe(lowest);
      }
      games = [...games, ...play(round, (id) => rating.get(id)!, rng)];
    }
    const byes = games.filter((g) => g.second === null).map((g) => g.first);
    expect(byes).toHaveLength(5);
    expect(new Set(byes).size).toBe(5);
    expect(games.filter((g) => g.first === 'p150' || g.second === 'p150')).toHaveLength(3);
    // Every game of the event is a distinct pair, and the points add up: a point a game and a bye.
    const pairs = games.filter((g) => g.second !== null).map((g) => [g.first, g.second].sort().join('+'));
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(pairs).toHaveLength(3 * 100 + 5 * 99);
    const standings = swissStandings(field, games);
    expect(standings.reduce((t, s) => t + s.score, 0)).toBe(pairs.length + 5);
    // Scores stay grouped: in the last round no pairing spans more than one point.
    const score = new Map(
      swissStandings(
        field,
        games.filter((g) => g.round < 8),
      ).map((s) => [s.id, s.score]),
    );
    for (const g of games.filter((x) => x.round === 8 && x.second))
      expect(Math.abs(score.get(g.first)! - score.get(g.second!)!)).toBeLessThanOrEqual(1);
  }, 60_000);

  it('balances who plays first: nobody is more than two games off after 7 rounds', () => {
    const field = players(30);
    const games = simulate(field, 7, 'colours');
    for (const p of field) {
      const firsts = games.filter((g) => g.second && g.first === p.id).length;
      const seconds = games.filter((g) => g.second === p.id).length;
      expect(Math.abs(firsts - seconds)).toBeLessThanOrEqual(2);
    }
    // ... and round 1 gives first move to half the field exactly.
    const r1 = pairSwissRound(field, [], 1, 'x');
    expect(r1.pairings).toHaveLength(15);
  });

  it('gives the bye to the lowest player of the lowest score who has not had one', () => {
    const field = players(5);
    const r1 = pairSwissRound(field, [], 1, 's');
    expect(r1.bye).toBe('p004');
    const games: SwissGame[] = [
      ...r1.pairings.map((p) => ({
        round: 1,
        ...p,
        winner: p.first < p.second ? p.first : p.second,
        over: true,
      })),
      { round: 1, first: 'p004', second: null, winner: null, over: true },
    ];
    // p004 now has a point; the bye goes to the lowest-rated of those on 0 points.
    const r2 = pairSwissRound(field, games, 2, 's');
    const zero = swissStandings(field, games)
      .filter((s) => s.score === 0)
      .map((s) => s.id);
    expect(zero).toContain(r2.bye);
    expect(r2.bye).toBe([...zero].sort().at(-1));
  });

  it('meets a past opponent again only when no other pairing is left (4 players, 4 rounds)', () => {
    const field = players(4);
    const rng = Rng.fromSeed('small');
    let games: SwissGame[] = [];
    for (let r = 1; r <= 3; r++) {
      const round = pairSwissRound(field, games, r, 'small');
      checkRound(
        round,
        field.map((p) => p.id),
        games,
      );
      games = [...games, ...play(round, () => 0, rng)];
    }
    const fourth = pairSwissRound(field, games, 4, 'small');
    expect(fourth.pairings).toHaveLength(2);
  });

  it('keeps apart two of whom one blocked the other, as if they had met (6 players, 5 rounds)', () => {
    const field = players(6);
    // Round 1 pairs top half against bottom half: p000 meets p003 unless they are kept apart.
    const natural = pairSwissRound(field, [], 1, 'b');
    expect(natural.pairings.some((p) => [p.first, p.second].sort().join() === 'p000,p003')).toBe(true);
    const apart = new Set(['p000\np003', 'p003\np000']);
    const rng = Rng.fromSeed('b');
    let games: SwissGame[] = [];
    for (let r = 1; r <= 5; r++) {
      const round = pairSwissRound(field, games, r, 'b', apart);
      checkRound(
        round,
        field.map((p) => p.id),
        games,
      );
      // Five rounds of six players: everyone meets everyone else once, but not these two.
      if (r < 5) expect(round.pairings.some((p) => apart.has(`${p.first}\n${p.second}`))).toBe(false);
      games = [...games, ...play(round, (id) => field.find((p) => p.id === id)!.rating, rng)];
    }
  });

  it('pairs a late entrant from the round after joining, with 0 points', () => {
    const field = [...players(6), { id: 'late', rating: 2500, fromRound: 3, withdrawn: false }];
    const games = simulate(field, 5, 'late');
    expect(games.filter((g) => g.round < 3 && (g.first === 'late' || g.second === 'late'))).toEqual([]);
    expect(games.filter((g) => g.round >= 3 && (g.first === 'late' || g.second === 'late'))).toHaveLength(3);
    const r3 = pairSwissRound(
      field,
      games.filter((g) => g.round < 3),
      3,
      'late',
    );
    const lateOpponent = r3.pairings.find((p) => p.first === 'late' || p.second === 'late');
    const standings = swissStandings(
      field,
      games.filter((g) => g.round < 3),
    );
    expect(standings.find((s) => s.id === 'late')!.score).toBe(0);
    // Paired among the lowest scores (or given the bye), not with the leaders.
    if (lateOpponent) {
      const other = lateOpponent.first === 'late' ? lateOpponent.second : lateOpponent.first;
      expect(standings.find((s) => s.id === other)!.score).toBeLessThanOrEqual(1);
    }
  });

  it('no longer pairs a withdrawn player; the games played stand for the opponents', () => {
    const field = players(6);
    const rng = Rng.fromSeed('w');
    const r1 = pairSwissRound(field, [], 1, 'w');
    const games = play(r1, () => 0, rng);
    const quitter = r1.pairings[0].first;
    const withdrawn = field.map((p) => (p.id === quitter ? { ...p, withdrawn: true } : p));
    const r2 = pairSwissRound(withdrawn, games, 2, 'w');
    expect(r2.pairings.flatMap((p) => [p.first, p.second])).not.toContain(quitter);
    expect(r2.bye).not.toBeNull();
    const standings = swissStandings(withdrawn, games);
    const opponent = r1.pairings[0].second;
    const quitterScore = standings.find((s) => s.id === quitter)!.score;
    expect(standings.find((s) => s.id === opponent)!.buchholz).toBe(quitterScore);
  });

  it('ranks by score, then Buchholz, then Sonneborn-Berger (a worked example)', () => {
    const field = players(4);
    const [a, b, c, d] = field.map((p) => p.id);
    const games: SwissGame[] = [
      { round: 1, first: a, second: b, winner: a, over: true },
      { round: 1, first: c, second: d, winner: c, over: true },
      { round: 2, first: a, second: c, winner: c, over: true },
      { round: 2, first: b, second: d, winner: d, over: true },
    ];
    // Scores: a 1, b 0, c 2, d 1. Buchholz: a = b+c = 2, d = c+b = 2; SB: a beat b (0), d beat b (0).
    const s = swissStandings(field, games);
    expect(s.map((x) => [x.id, x.score, x.buchholz, x.sonnebornBerger])).toEqual([
      [c, 2, 2, 2],
      [a, 1, 2, 0],
      [d, 1, 2, 0],
      [b, 0, 2, 0],
    ]);
    // A bye scores a point and adds nothing to Buchholz.
    const withBye = swissStandings(players(1), [
      { round: 1, first: 'p000', second: null, winner: null, over: true },
    ]);
    expect(withBye[0]).toMatchObject({ score: 1, buchholz: 0, byes: 1, played: 0 });
    // A game over without a winner (aborted) scores nothing; one still played scores nothing yet.
    const open = swissStandings(field, [{ round: 1, first: a, second: b, winner: null, over: true }]);
    expect(open.every((x) => x.score === 0)).toBe(true);
  });

  it('is a pure function of its input (same seed, same pairings) and refuses rounds out of order', () => {
    const field = players(10);
    expect(pairSwissRound(field, [], 1, 'k')).toEqual(pairSwissRound(field, [], 1, 'k'));
    expect(() => pairSwissRound(field, [], 2, 'k')).toThrow(/cannot follow round 0/);
    expect(() => pairSwissRound([...field, field[0]], [], 1, 'k')).toThrow(/twice/);
  });
});
