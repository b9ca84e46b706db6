import { describe, expect, it } from 'vitest';
import { Rng } from '@attila/core';
import { arenaStandings, pairArena, type ArenaGame, type ArenaPlayer } from './arena.js';

const field = (n: number): ArenaPlayer[] =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i}`, rating: 1500 + 10 * i, withdrawn: false }));

const game = (ordinal: number, first: string, second: string, winner: string | null): ArenaGame => ({
  ordinal,
  first,
  second,
  winner,
  over: true,
});

describe('Knights arena scoring', () => {
  it('scores 2 a win, 0 a loss, and 4 a win after two in a row until a loss', () => {
    const ps = field(2);
    const games = ['p0', 'p0', 'p0', 'p0', 'p1', 'p0', 'p0', 'p0'].map((w, i) => game(i, 'p0', 'p1', w));
    const s = arenaStandings(ps, games);
    const p0 = s.find((x) => x.id === 'p0')!;
    expect(p0.sheet).toEqual([2, 2, 4, 4, 0, 2, 2, 4]);
    expect(p0.score).toBe(20);
    expect(p0).toMatchObject({ streak: 3, onFire: true, wins: 7, games: 8, rank: 1 });
    expect(s.find((x) => x.id === 'p1')).toMatchObject({ score: 2, streak: 0, onFire: false });
  });

  it('counts a game without a winner or still under way as nothing, streaks untouched', () => {
    const s = arenaStandings(field(2), [
      game(0, 'p0', 'p1', 'p0'),
      game(1, 'p0', 'p1', 'p0'),
      game(2, 'p0', 'p1', null),
      { ...game(3, 'p0', 'p1', null), over: false },
      game(4, 'p1', 'p0', 'p0'),
    ]);
    expect(s[0]).toMatchObject({ id: 'p0', sheet: [2, 2, 4], games: 3 });
  });

  it('breaks a tie of points by performance, then games played', () => {
    const ps = field(4);
    // p0 and p3 both on 2 points: p3 beat the stronger (p2, 1520) and p0 the weaker (p1, 1510).
    const s = arenaStandings(ps, [game(0, 'p0', 'p1', 'p0'), game(1, 'p3', 'p2', 'p3')]);
    expect(s.slice(0, 2).map((x) => x.id)).toEqual(['p3', 'p0']);
    expect(s[0].performance).toBe(1920);
  });

  it('costs about as much for 1,000 players as for 20 over the same games (read on every look at the page)', () => {
    // 20,000 games: an hour's arena of some hundreds of players. Standings that went through every game once
    // per player cost 50 times more for the large field (bench/event-capacity.ts: 0.3 s a look at 500 players).
    const games = Array.from({ length: 20_000 }, (_, i) =>
      game(i, `p${(i * 7) % 1000}`, `p${(i * 13 + 1) % 1000}`, i % 3 ? `p${(i * 7) % 1000}` : null),
    );
    const cpuMs = (players: ArenaPlayer[]) => {
      let least = Infinity;
      for (let run = 0; run < 3; run++) {
        const before = process.cpuUsage();
        arenaStandings(players, games);
        const used = process.cpuUsage(before);
        least = Math.min(least, (used.user + used.system) / 1000);
      }
      return least;
    };
    const few = cpuMs(field(20));
    const many = cpuMs(field(1000));
    expect(many, `20 players: ${few} ms, 1,000 players: ${many} ms`).toBeLessThan(10 * Math.max(few, 1));
  });
});

describe('Knights arena pairing', () => {
  it('pairs only the free players, neighbours in score and rating, one left to wait when odd', () => {
    const ps = field(7);
    const pairs = pairArena(ps, [], new Set(['p6']), 's', 0);
    expect(pairs).toHaveLength(3);
    const pairsOf = pairs.map((p) => [p.first, p.second].sort().join('-')).sort();
    expect(pairsOf).toEqual(['p0-p1', 'p2-p3', 'p4-p5']);
  });

  it('never pairs two of whom one blocked the other, in an arena of two neither: each waits', () => {
    const apart = new Set(['p0\np1', 'p1\np0']);
    const pairs = pairArena(field(4), [], new Set(), 's', 0, apart);
    const pairsOf = pairs.map((p) => [p.first, p.second].sort().join('-')).sort();
    expect(pairsOf).toHaveLength(2);
    expect(pairsOf).not.toContain('p0-p1');
    expect(pairArena(field(2), [], new Set(), 's', 0, apart)).toEqual([]);
  });

  it('does not pair two who just played each other while others are in; in an arena of two it does', () => {
    const ps = field(3);
    const games = [game(0, 'p0', 'p1', 'p1')];
    expect(pairArena(ps, games, new Set(['p2']), 's', 1)).toEqual([]);
    expect(pairArena(field(2), games, new Set(), 's', 1)).toHaveLength(1);
    // Once another game came between, they may meet again.
    const later = [...games, game(1, 'p0', 'p2', 'p0'), game(2, 'p1', 'p2', 'p1')];
    expect(pairArena(ps, later, new Set(['p2']), 's', 3)).toHaveLength(1);
  });

  it('leaves withdrawn players out and gives first move to who had it less', () => {
    const ps = field(3).map((p) => (p.id === 'p2' ? { ...p, withdrawn: true } : p));
    const games = [game(0, 'p0', 'p2', 'p0'), game(1, 'p1', 'p2', 'p1'), game(2, 'p1', 'p2', 'p1')];
    const [pair] = pairArena(ps, games, new Set(), 's', 3);
    // p1 played first twice, p0 once: p0 goes first.
    expect(pair).toEqual({ first: 'p0', second: 'p1' });
  });

  it('keeps everyone playing in a long simulated arena: no immediate rematch, free players paired', () => {
    const ps = field(12);
    const rng = Rng.fromSeed('long');
    const games: ArenaGame[] = [];
    const busy = new Map<string, number>();
    for (let step = 0; step < 200; step++) {
      // Finish one game at random.
      const under = games.filter((g) => !g.over);
      if (under.length > 0) {
        const g = under[rng.int(under.length)];
        const done = { ...g, over: true, winner: rng.int(2) === 0 ? g.first : g.second };
        games[games.indexOf(g)] = done;
        busy.delete(g.first);
        busy.delete(g.second);
      }
      const pairs = pairArena(ps, games, new Set(busy.keys()), 'long', games.length);
      for (const p of pairs) {
        const lastOf = (id: string) => [...games].reverse().find((g) => g.first === id || g.second === id);
        const la = lastOf(p.first);
        if (la) expect([la.first, la.second].sort()).not.toEqual([p.first, p.second].sort());
        games.push({ ordinal: games.length, ...p, winner: null, over: false });
        busy.set(p.first, 1).set(p.second, 1);
      }
      // At most one free player is left waiting when the others are all at tables... or two who just met.
      expect(ps.length - busy.size).toBeLessThanOrEqual(3);
    }
    expect(games.filter((g) => g.over).length).toBeGreaterThan(150);
  });
});
