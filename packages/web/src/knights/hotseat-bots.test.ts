import { BOTS, botNames } from '@attila/bots';
import { describe, expect, it } from 'vitest';
import { KNIGHTS_BOT_LEVELS } from './hotseat-bots.js';
import { TRIBES_BOT_LEVELS } from '../tribes/hotseat-bots.js';

describe('hotseat bots', () => {
  it('offer exactly the bots the server seats at tables, weakest first', () => {
    expect([...KNIGHTS_BOT_LEVELS]).toEqual(botNames('knights'));
    expect([...TRIBES_BOT_LEVELS]).toEqual(BOTS.tribes.filter((b) => b.atTables).map((b) => b.name));
  });
});
