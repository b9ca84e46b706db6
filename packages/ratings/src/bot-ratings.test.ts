import { BOTS } from '@attila/bots';
import { GAME_KINDS } from '@attila/core';
import { describe, expect, it } from 'vitest';
import { BOT_RATINGS_MEASURED_AT, publishedBotRating } from './bot-ratings.js';

describe('the published bot ratings', () => {
  it('every bot offered at tables has one, measured over games', () => {
    for (const game of GAME_KINDS) {
      for (const bot of BOTS[game].filter((b) => b.atTables)) {
        const r = publishedBotRating(game, bot.name);
        expect(r, `${game} ${bot.name}`).not.toBeNull();
        expect(r!.games).toBeGreaterThan(0);
        expect(r!.deviation).toBeGreaterThan(0);
      }
    }
  });

  it('a bot that is not a level has none', () => {
    expect(publishedBotRating('tribes', 'cheating')).toBeNull();
    expect(publishedBotRating('knights', 'toString')).toBeNull();
  });

  it('says when it was measured', () => {
    expect(BOT_RATINGS_MEASURED_AT).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
