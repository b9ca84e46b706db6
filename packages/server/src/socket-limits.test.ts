import { describe, expect, it } from 'vitest';
import { SeatChatLimiter } from './chat-limit.js';
import { AddressCounter, slowReadersToClose } from './socket-limits.js';

describe('socket limits', () => {
  it('counts sockets per address up to the cap', () => {
    const c = new AddressCounter();
    expect(c.tryAdd('a', 2)).toBe(true);
    expect(c.tryAdd('a', 2)).toBe(true);
    expect(c.tryAdd('a', 2)).toBe(false);
    expect(c.tryAdd('b', 2)).toBe(true);
    c.remove('a');
    expect(c.tryAdd('a', 2)).toBe(true);
    expect(c.tryAdd('x', null)).toBe(true);
  });

  it('closes the slow readers furthest behind until the rest fit the overall cap', () => {
    const s = (id: string, buffered: number) => ({ id, buffered });
    expect(slowReadersToClose([s('a', 10), s('b', 20)], 30)).toEqual([]);
    expect(slowReadersToClose([s('a', 10), s('b', 50), s('c', 30), s('d', 0)], 45).map((x) => x.id)).toEqual([
      'b',
    ]);
    expect(slowReadersToClose([s('a', 10), s('b', 50), s('c', 30)], 5).map((x) => x.id)).toEqual([
      'b',
      'c',
      'a',
    ]);
  });
});

describe('chat per seat', () => {
  it('one allowance for all of a seat’s sockets: a burst, then the rate', () => {
    const l = new SeatChatLimiter({ perMinute: 6, burst: 3 });
    expect([1, 2, 3].map(() => l.allow('t', 0, 0))).toEqual([true, true, true]);
    expect(l.allow('t', 0, 0)).toBe(false);
    expect(l.retryIn('t', 0)).toBe(10);
    expect(l.allow('t', 1, 0)).toBe(true);
    expect(l.allow('u', 0, 0)).toBe(true);
    expect(l.allow('t', 0, 10_000)).toBe(true);
    expect(l.allow('t', 0, 10_000)).toBe(false);
    l.prune(10 * 60_000);
    expect(l.size).toBe(0);
  });
});
