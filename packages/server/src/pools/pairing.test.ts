import { describe, expect, it } from 'vitest';
import { allowedGap, GAP_OPEN_AFTER_MS, pairings, type WaitingEntry } from './pairing.js';

const NOW = 1_000_000;
const entry = (
  id: string,
  rating: number,
  waitedMs = 0,
  botsAfterMs: number | null = null,
): WaitingEntry => ({
  id,
  playerId: `player-${id}`,
  rating,
  joinedAt: NOW - waitedMs,
  botsAfterMs,
});

describe('the allowed rating gap widens with waiting time', () => {
  it('starts at 100, grows by 15 a second, and is open after a minute', () => {
    expect(allowedGap(0)).toBe(100);
    expect(allowedGap(999)).toBe(100);
    expect(allowedGap(10_000)).toBe(250);
    expect(allowedGap(30_000)).toBe(550);
    expect(allowedGap(GAP_OPEN_AFTER_MS - 1)).toBe(100 + 15 * 59);
    expect(allowedGap(GAP_OPEN_AFTER_MS)).toBe(Number.POSITIVE_INFINITY);
  });

  it('two far-apart ratings wait at first and sit down once both have waited long enough', () => {
    const waiting = (waited: number) => [entry('a', 1500, waited), entry('b', 1800, waited)];
    expect(pairings(waiting(0), 2, NOW)).toEqual([]);
    expect(pairings(waiting(10_000), 2, NOW)).toEqual([]); // gap 250 < 300
    expect(pairings(waiting(14_000), 2, NOW)).toEqual([{ entries: ['a', 'b'], bots: 0 }]); // gap 310
  });

  it("a long wait on one side is not enough: the newcomer's own range must hold the other", () => {
    expect(pairings([entry('old', 1500, 50_000), entry('new', 1800, 0)], 2, NOW)).toEqual([]);
    expect(pairings([entry('old', 1500, 70_000), entry('new', 1800, 70_000)], 2, NOW)).toHaveLength(1);
  });
});

describe('the nearest rating', () => {
  it('the longest-waiting entry sits with the rating nearest its own', () => {
    const waiting = [entry('a', 1500, 5000), entry('far', 1590, 4000), entry('near', 1520, 1000)];
    expect(pairings(waiting, 2, NOW)).toEqual([{ entries: ['a', 'near'], bots: 0 }]);
  });

  it('makes as many tables as it can, each entry at most once', () => {
    const waiting = [1500, 1510, 1700, 1720, 1495].map((r, i) => entry(`e${i}`, r, 1000 * (5 - i)));
    const made = pairings(waiting, 2, NOW);
    expect(made).toEqual([
      { entries: ['e0', 'e4'], bots: 0 },
      { entries: ['e2', 'e3'], bots: 0 },
    ]);
    const seated = made.flatMap((p) => p.entries);
    expect(new Set(seated).size).toBe(seated.length);
  });

  it('one waiting alone is not paired', () => {
    expect(pairings([entry('a', 1500, 100_000)], 2, NOW)).toEqual([]);
  });
});

describe('never a player with himself', () => {
  it('two entries of the same player (two tabs) never sit at one table', () => {
    const twice = [entry('tab1', 1500, 90_000), { ...entry('tab2', 1500, 80_000), playerId: 'player-tab1' }];
    expect(pairings(twice, 2, NOW)).toEqual([]);
    const withOther = [...twice, entry('other', 1500, 0)];
    expect(pairings(withOther, 2, NOW)).toEqual([{ entries: ['tab1', 'other'], bots: 0 }]);
  });

  it('not with bots either: the same player twice gives one seat and bots', () => {
    const twice = [
      entry('tab1', 1500, 10_000, 5000),
      { ...entry('tab2', 1500, 9000, 5000), playerId: 'player-tab1' },
    ];
    expect(pairings(twice, 4, NOW)).toEqual([
      { entries: ['tab1'], bots: 3 },
      { entries: ['tab2'], bots: 3 },
    ]);
  });
});

describe('Tribes seat counts', () => {
  it('a 4-seat pool waits for four players and seats exactly four', () => {
    const three = [entry('a', 1500, 3000), entry('b', 1510, 2000), entry('c', 1490, 1000)];
    expect(pairings(three, 4, NOW)).toEqual([]);
    const five = [...three, entry('d', 1505, 500), entry('e', 1560, 0)];
    expect(pairings(five, 4, NOW)).toEqual([{ entries: ['a', 'b', 'c', 'd'], bots: 0 }]);
  });

  it('every seat count from 2 to 5 fills a table of that many', () => {
    for (let seats = 2; seats <= 5; seats++) {
      const waiting = Array.from({ length: 7 }, (_, i) => entry(`p${i}`, 1500 + i, 7000 - i * 1000));
      const made = pairings(waiting, seats, NOW);
      expect(made.length).toBe(Math.floor(7 / seats));
      for (const p of made) expect(p.entries).toHaveLength(seats);
    }
  });

  it('a group must fit everyone: three near ratings do not take a fourth far off', () => {
    const waiting = [entry('a', 1500, 3000), entry('b', 1510), entry('c', 1520), entry('far', 1800)];
    expect(pairings(waiting, 4, NOW)).toEqual([]);
    expect(pairings(waiting, 3, NOW)).toEqual([{ entries: ['a', 'b', 'c'], bots: 0 }]);
  });
});

describe('fill with bots', () => {
  it('before the time is up the entries wait; then they sit together and bots fill the rest', () => {
    const waiting = (waited: number) => [
      entry('a', 1500, waited, 5000),
      entry('b', 1500, waited - 500, 5000),
    ];
    expect(pairings(waiting(4999), 4, NOW)).toEqual([]);
    expect(pairings(waiting(5000), 4, NOW)).toEqual([{ entries: ['a', 'b'], bots: 2 }]);
  });

  it('someone who did not ask for bots is not put at a table with bots', () => {
    const waiting = [entry('a', 1500, 6000, 5000), entry('nobots', 1500, 6000, null)];
    expect(pairings(waiting, 4, NOW)).toEqual([{ entries: ['a'], bots: 3 }]);
  });

  it('a full table of people comes first, even when the bots are due', () => {
    const waiting = [1500, 1500, 1500].map((r, i) => entry(`p${i}`, r, 9000, 5000));
    expect(pairings(waiting, 3, NOW)).toEqual([{ entries: ['p0', 'p1', 'p2'], bots: 0 }]);
  });

  it('the gap still holds at a bot table: a far rating waits for its own', () => {
    const waiting = [entry('a', 1500, 6000, 5000), entry('far', 2000, 1000, 5000)];
    expect(pairings(waiting, 4, NOW)).toEqual([{ entries: ['a'], bots: 3 }]);
  });
});

describe('players of whom one blocked the other never sit together', () => {
  const apart = (a: string, b: string) =>
    (a === 'player-a' && b === 'player-b') || (a === 'player-b' && b === 'player-a');

  it('however long they wait, alone in the pool', () => {
    const waiting = [entry('a', 1500, 10 * GAP_OPEN_AFTER_MS), entry('b', 1500, 10 * GAP_OPEN_AFTER_MS)];
    expect(pairings(waiting, 2, NOW, apart)).toEqual([]);
  });

  it('a third player sits with the one who waited longest; the other waits on', () => {
    const waiting = [entry('a', 1500, 3000), entry('b', 1500, 2000), entry('c', 1500, 1000)];
    expect(pairings(waiting, 2, NOW, apart)).toEqual([{ entries: ['a', 'c'], bots: 0 }]);
  });

  it('nor at a Tribes table with others between them, nor at a bot-filled one', () => {
    const four = ['a', 'b', 'c', 'd'].map((id) => entry(id, 1500, 6000, 5000));
    const made = pairings(four, 4, NOW, apart);
    for (const p of made) expect(p.entries.includes('a') && p.entries.includes('b')).toBe(false);
    expect(made.flatMap((p) => p.entries).sort()).toEqual(['a', 'b', 'c', 'd']);
  });
});
