import { describe, expect, it } from 'vitest';
import { hashToken, newSeed, newTableId, newToken, tokenMatches } from './tokens.js';

describe('seat tokens', () => {
  it('match only the hash they were made with, however often they are checked', () => {
    const token = newToken();
    const hash = hashToken(token);
    for (let i = 0; i < 3; i++) {
      expect(tokenMatches(token, hash)).toBe(true);
      expect(tokenMatches(newToken(), hash)).toBe(false);
      expect(tokenMatches(token, hashToken(newToken()))).toBe(false);
      expect(tokenMatches(token, null)).toBe(false);
    }
  });

  it('a token that is the stored hash itself does not match it', () => {
    const hash = hashToken(newToken());
    expect(tokenMatches(hash, hash)).toBe(false);
    expect(tokenMatches(`#${hash}`, hash)).toBe(false);
  });

  it('stay right after many other tokens were checked (the remembered digests are emptied when full)', () => {
    const token = newToken();
    const hash = hashToken(token);
    expect(tokenMatches(token, hash)).toBe(true);
    for (let i = 0; i < 25_000; i++) tokenMatches(newToken(), hash);
    expect(tokenMatches(token, hash)).toBe(true);
    expect(tokenMatches(newToken(), hash)).toBe(false);
  });
});

describe('new tokens, table ids and seeds', () => {
  it('are of their form and never repeat, across many pages of drawn randomness', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const [token, id, seed] = [newToken(), newTableId(), newSeed()];
      expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
      expect(seed).toMatch(/^[0-9a-f]{24}$/);
      for (const value of [token, id, seed]) seen.add(value);
    }
    expect(seen.size).toBe(6000);
  });
});
