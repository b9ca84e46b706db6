import { BOTS } from '@attila/bots';
import { GAME_KINDS } from '@attila/core';
import { describe, expect, it } from 'vitest';
import { BOT_RATINGS_MEASURED_AT, botSeatRating, publishedBotRating } from './bot-ratings.js';
import { rateGame } from './rate-game.js';

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

  it("a bot's seat rating is accepted by rateGame, and a person who beats the bot gains", () => {
    for (const game of ['knights', 'tribes'] as const) {
      const bot = botSeatRating(game, 'medium')!;
      const r = rateGame({ game, speed: 'fast', result: { winners: [0] }, seats: [null, bot], at: 0 });
      expect(r.ok && r.value.rated && r.value.seats[0].change).toBeGreaterThan(0);
    }
    expect(botSeatRating('nim', 'medium')).toBeNull();
  });

  it('says when it was measured', () => {
    expect(BOT_RATINGS_MEASURED_AT).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
