import { describe, expect, it } from 'vitest';
import { distinctNames } from './names.js';

describe('player names on the Tribes screen', () => {
  it('numbers seats that share a name', () => {
    expect(distinctNames(['Galla', 'Greedy', 'Greedy'])).toEqual(['Galla', 'Greedy 2', 'Greedy 3']);
  });
});
