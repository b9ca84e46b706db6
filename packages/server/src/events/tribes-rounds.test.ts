import { describe, expect, it } from 'vitest';
import { Rng } from '@attila/core';
import {
  placePoints,
  seatTribesRound,
  tableSizes,
  tribesStandings,
  type TribesEntrant,
  type TribesShape,
  type TribesTable,
} from './tribes-rounds.js';

const entrants = (n: number): TribesEntrant[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `p${String(i).padStart(2, '0')}`,
    rating: 1800 - i,
    withdrawn: false,
  }));
const THREES: TribesShape = { size: 3, min: 3, max: 5, bots: false };

/** Plays a round: random places, with a tie now and then. */
function play(round: number, seating: readonly (readonly (string | null)[])[], rng: Rng): TribesTable[] {
  return seating.map((seats) => {
    const order = rng.shuffle([...seats.keys()]);
    const places = Array<number>(seats.length);
    order.forEach((seat, i) => (places[seat] = i));
    if (rng.int(5) === 0) places[order[1]] = places[order[0]];
    return { round, seats, places, over: true };
  });
}

describe('Tribes rounds: points by final rank', () => {
  it('gives 12 to the winner and 0 to the last, evenly between, whatever the size', () => {
    expect(placePoints([0, 1])).toEqual([12, 0]);
    expect(placePoints([0, 1, 2])).toEqual([12, 6, 0]);
    expect(placePoints([2, 0, 3, 1])).toEqual([4, 12, 0, 8]);
    expect(placePoints([0, 1, 2, 3, 4])).toEqual([12, 9, 6, 3, 0]);
  });

  it('shares the points of the places a tie covers', () => {
    expect(placePoints([0, 0, 2])).toEqual([9, 9, 0]);
    expect(placePoints([0, 1, 1, 3])).toEqual([12, 6, 6, 0]);
    expect(placePoints([0, 0, 0])).toEqual([6, 6, 6]);
  });

  it('counts no points for a bot and none for a table without a result', () => {
    const tables: TribesTable[] = [
      { round: 1, seats: ['p00', null, 'p01'], places: [1, 0, 2], over: true },
      { round: 1, seats: ['p02', 'p03', 'p04'], places: null, over: true },
    ];
    const s = tribesStandings(entrants(5), tables);
    expect(s.map((x) => [x.id, x.points])).toEqual([
      ['p00', 6],
      ['p01', 0],
      ['p02', 0],
      ['p03', 0],
      ['p04', 0],
    ]);
    expect(s.some((x) => x.id === null)).toBe(false);
  });
});

describe('Tribes rounds: seating', () => {
  it('keeps every table within the range, closest to the preferred size', () => {
    expect(tableSizes(9, THREES)).toEqual([3, 3, 3]);
    expect(tableSizes(10, THREES)).toEqual([4, 3, 3]);
    expect(tableSizes(11, THREES)).toEqual([4, 4, 3]);
    expect(tableSizes(2, THREES)).toEqual([]);
    expect(tableSizes(2, { ...THREES, min: 2 })).toEqual([2]);
    expect(tableSizes(13, { size: 4, min: 3, max: 5, bots: false })).toEqual([5, 4, 4]);
    // With bots: tables of the size, the people spread evenly.
    expect(tableSizes(7, { ...THREES, bots: true })).toEqual([3, 2, 2]);
  });

  it('fills a short table with bots only when the organiser allows it', () => {
    const r = seatTribesRound(entrants(7), [], 1, { ...THREES, bots: true });
    expect(r.tables.map((t) => t.length)).toEqual([3, 3, 3]);
    expect(r.tables.flat().filter((s) => s === null)).toHaveLength(2);
    const none = seatTribesRound(entrants(2), [], 1, THREES);
    expect(none).toEqual({ round: 1, tables: [], waiting: ['p00', 'p01'] });
  });

  it('groups by standing: the leaders sit together', () => {
    const ps = entrants(9);
    const r1 = seatTribesRound(ps, [], 1, THREES);
    const played = play(1, r1.tables, Rng.fromSeed('g'));
    const s = tribesStandings(ps, played);
    const r2 = seatTribesRound(ps, played, 2, THREES);
    const top = new Set(s.slice(0, 3).map((x) => x.id));
    const topPoints = s[2].points;
    // Every player of the first table is a leader or tied with the third.
    for (const id of r2.tables[0])
      expect(top.has(id!) || s.find((x) => x.id === id)!.points === topPoints).toBe(true);
  });

  it('plays a 60-player event of 5 rounds at 3-player tables to its end: everyone seated once a round, no two players meeting twice, first seat rotating', () => {
    // One withdraws after round 2: 59 then sit at two tables of 4 and seventeen of 3, nobody left waiting.
    let ps = entrants(60);
    const rng = Rng.fromSeed('sixty');
    let tables: TribesTable[] = [];
    const met = new Set<string>();
    for (let round = 1; round <= 5; round++) {
      if (round === 3) ps = ps.map((p) => (p.id === 'p42' ? { ...p, withdrawn: true } : p));
      const active = ps.filter((p) => !p.withdrawn).map((p) => p.id);
      const r = seatTribesRound(ps, tables, round, THREES);
      expect(r.waiting).toEqual([]);
      expect(r.tables.map((t) => t.length).sort()).toEqual(tableSizes(active.length, THREES).sort());
      expect(r.tables.flat().sort()).toEqual(active.sort());
      for (const t of r.tables)
        for (let i = 0; i < t.length; i++)
          for (let j = i + 1; j < t.length; j++) {
            const pair = [t[i], t[j]].sort().join('+');
            expect(met.has(pair), `${pair} meet again in round ${round}`).toBe(false);
            met.add(pair);
          }
      // At each table the first seat goes to one who sat first least often so far.
      const firsts = (id: string | null) => tables.filter((t) => t.seats[0] === id).length;
      for (const t of r.tables)
        for (const other of t) expect(firsts(t[0])).toBeLessThanOrEqual(firsts(other));
      tables = [...tables, ...play(round, r.tables, rng)];
    }
    expect(tableSizes(59, THREES).sort()).toEqual([3, ...Array<number>(16).fill(3), 4, 4].sort());
    expect(tables.filter((t) => t.seats.includes('p42'))).toHaveLength(2);
    const firsts = new Map<string, number>();
    for (const t of tables) firsts.set(t.seats[0]!, (firsts.get(t.seats[0]!) ?? 0) + 1);
    expect(Math.max(...firsts.values())).toBeLessThanOrEqual(3);
    // Points: 18 a table of three, 24 a table of four (12 + 8 + 4 + 0), shared on ties.
    const total = tribesStandings(ps, tables).reduce((t, s) => t + s.points, 0);
    expect(total).toBe(tables.reduce((t, x) => t + (x.seats.length === 4 ? 24 : 18), 0));
  });

  it('keeps apart two of whom one blocked the other, as long as the seating can', () => {
    const ps = entrants(9);
    // Round 1 seats the top three together: p00, p01, p02.
    expect(seatTribesRound(ps, [], 1, THREES).tables[0]).toEqual(expect.arrayContaining(['p00', 'p01']));
    const apart = new Set(['p00\np01']);
    const together = (tables: readonly (readonly (string | null)[])[], a: string, b: string) =>
      tables.some((t) => t.includes(a) && t.includes(b));
    const r1 = seatTribesRound(ps, [], 1, THREES, apart);
    expect(together(r1.tables, 'p00', 'p01')).toBe(false);
    // One of them moves to the next table only: the last table is untouched.
    expect([...r1.tables[0], ...r1.tables[1]].sort()).toEqual(['p00', 'p01', 'p02', 'p03', 'p04', 'p05']);
    expect([...r1.tables[2]].sort()).toEqual(['p06', 'p07', 'p08']);
    // Every round of an event of four: never together, whatever the results.
    const rng = Rng.fromSeed('blocks');
    let tables: TribesTable[] = [];
    const both = new Set(['p04\np05', 'p05\np04', 'p00\np08']);
    for (let round = 1; round <= 4; round++) {
      const r = seatTribesRound(ps, tables, round, THREES, both);
      expect(together(r.tables, 'p04', 'p05')).toBe(false);
      expect(together(r.tables, 'p00', 'p08')).toBe(false);
      tables = [...tables, ...play(round, r.tables, rng)];
    }
    // One table for three: together all the same (nothing else is possible).
    const alone = seatTribesRound(entrants(3), [], 1, THREES, apart);
    expect(alone.tables).toHaveLength(1);
  });

  it('keeps apart two of whom one blocked the other, at any standing; together only when there is one table', () => {
    const ps = entrants(9);
    const both = (a: string, b: string) => new Set([`${a}\n${b}`, `${b}\n${a}`]);
    // Round 1 groups by rating: p00, p01 and p02 would sit together.
    const r1 = seatTribesRound(ps, [], 1, THREES, both('p00', 'p01'));
    expect(r1.tables.flat().sort()).toEqual(ps.map((p) => p.id).sort());
    for (const t of r1.tables) expect(t.includes('p00') && t.includes('p01')).toBe(false);
    // Later rounds too, with points apart: several blocks at once.
    const played = play(1, r1.tables, Rng.fromSeed('apart'));
    const apart = new Set([...both('p00', 'p01'), ...both('p03', 'p04'), ...both('p04', 'p05')]);
    const r2 = seatTribesRound(ps, played, 2, THREES, apart);
    expect(r2.tables.flat().sort()).toEqual(ps.map((p) => p.id).sort());
    for (const t of r2.tables)
      for (const a of t) for (const b of t) expect(apart.has(`${a}\n${b}`)).toBe(false);
    // Three players, one table: they play together all the same.
    const three = seatTribesRound(entrants(3), [], 1, THREES, both('p00', 'p01'));
    expect(three.tables).toHaveLength(1);
  });

  it('mixes opponents: equal-points players swap tables rather than meet again', () => {
    const ps = entrants(6);
    // Round 1: two tables; everyone tied at 6 points except the winners and the last ones.
    const r1: TribesTable[] = [
      { round: 1, seats: ['p00', 'p01', 'p02'], places: [0, 0, 0], over: true },
      { round: 1, seats: ['p03', 'p04', 'p05'], places: [0, 0, 0], over: true },
    ];
    const r2 = seatTribesRound(ps, r1, 2, THREES);
    const met = (a: string, b: string) => r1.some((t) => t.seats.includes(a) && t.seats.includes(b));
    let repeats = 0;
    for (const t of r2.tables)
      for (let i = 0; i < t.length; i++)
        for (let j = i + 1; j < t.length; j++) if (met(t[i]!, t[j]!)) repeats++;
    // Six tied players at two tables of three: at best each table has one pair who met (2 in all).
    expect(repeats).toBe(2);
  });
});
