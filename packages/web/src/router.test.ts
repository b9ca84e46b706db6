import { describe, expect, it } from 'vitest';
import { href, parseRoute, type Route } from './router.js';

describe('hash routes', () => {
  it('parses every screen and round-trips through href', () => {
    const routes: Route[] = [
      { name: 'home' },
      { name: 'rules', game: 'tribes' },
      { name: 'hotseat', game: 'knights' },
      { name: 'lobby' },
      { name: 'lobby', game: 'tribes' },
      { name: 'table', id: 'abc 1' },
      { name: 'replay', id: null },
      { name: 'replay', id: 'g42' },
      { name: 'knightsAnalysis', position: null },
      { name: 'knightsAnalysis', position: 'R#_/.H. H' },
      { name: 'knightsPuzzles', puzzle: 'next' },
      { name: 'knightsPuzzles', puzzle: 'daily' },
      { name: 'knightsPuzzles', puzzle: { id: '0bflixa' } },
      { name: 'account' },
      { name: 'player', player: 'Galla Placidia' },
      { name: 'challenge', player: null },
      { name: 'challenge', player: 'Galla Placidia' },
      { name: 'lessons' },
      { name: 'lesson', id: 'knights-move' },
      { name: 'ladder' },
      { name: 'events' },
      { name: 'event', id: 'abc', code: null },
      { name: 'event', id: 'abc', code: 'x y' },
    ];
    for (const r of routes) expect(parseRoute(href(r))).toEqual(r);
  });
  it('treats empty and slash-only hashes as home, and unknown paths as not found', () => {
    expect(parseRoute('')).toEqual({ name: 'home' });
    expect(parseRoute('#/')).toEqual({ name: 'home' });
    expect(parseRoute('#/nope/x')).toEqual({ name: 'notFound', path: 'nope/x' });
    expect(parseRoute('#/table')).toEqual({ name: 'notFound', path: 'table' });
  });
});
