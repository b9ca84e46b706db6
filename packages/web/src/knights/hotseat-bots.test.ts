import { botNames } from '@attila/bots';
import { describe, expect, it } from 'vitest';
import { KNIGHTS_BOT_LEVELS } from './hotseat-bots.js';

describe('hotseat bots', () => {
  it('offers exactly the Knights bots the bots package has, weakest first', () => {
    expect([...KNIGHTS_BOT_LEVELS]).toEqual(botNames('knights'));
  });
});
