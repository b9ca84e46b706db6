import { formatRecordedMove, Rng } from '@attila/core';
import { knightsGame } from '@attila/knights';
import { tribesGame } from '@attila/tribes';
import { afterEach, describe, expect, it } from 'vitest';
import { botNames } from './catalog.js';
import { BotPool } from './pool.js';
import type { BotRequest } from './types.js';
import { botModule, SLOW_MS } from '../test-support/slow-bots.js';

const MODULE = new URL('../test-support/slow-bots.ts', import.meta.url).href;
const pools: BotPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function pool(extra: Partial<ConstructorParameters<typeof BotPool>[0]> = {}): BotPool {
  const p = new BotPool({ catalog: botNames(botModule), botModule: MODULE, threads: 1, ...extra });
  pools.push(p);
  return p;
}

const knightsQuestion = (table: string, bot: string): BotRequest => {
  const settings = knightsGame.parseSettings({});
  if (!settings.ok) throw new Error(settings.error.message);
  const start = knightsGame.setup(settings.value, 's');
  if (!start.ok) throw new Error(start.error.message);
  return {
    table,
    game: 'knights',
    settings: knightsGame.settingsToJson(settings.value),
    seed: 's',
    moves: [],
    seat: knightsGame.toAct(start.value)[0],
    bot,
  };
};

describe(
  'bot scheduling: a game with a person gets its answer before bots-only games',
  { timeout: 30_000 },
  () => {
    it('a person’s question asked behind eight bots-only ones is answered first, in its own thread', async () => {
      const p = pool({ priority: (table) => (table.startsWith('bots') ? 'bots' : 'person') });
      await p.choose(knightsQuestion('warm-up', 'random')); // the worker thread is started
      const order: string[] = [];
      const bots = Array.from({ length: 8 }, (_, i) =>
        p.choose(knightsQuestion(`bots-${i}`, 'slow')).then(() => order.push(`bots-${i}`)),
      );
      const t0 = performance.now();
      await p.choose(knightsQuestion('person', 'random')).then(() => order.push('person'));
      const waited = performance.now() - t0;
      await Promise.all(bots);
      expect(order.indexOf('person')).toBeLessThanOrEqual(1);
      expect(waited).toBeLessThan(SLOW_MS * 3);
    });

    it('without priorities the same person’s question waits for the whole backlog (what the test above rules out)', async () => {
      const p = pool();
      await p.choose(knightsQuestion('warm-up', 'random'));
      const order: string[] = [];
      const bots = Array.from({ length: 8 }, (_, i) =>
        p.choose(knightsQuestion(`bots-${i}`, 'slow')).then(() => order.push(`bots-${i}`)),
      );
      await p.choose(knightsQuestion('person', 'random')).then(() => order.push('person'));
      await Promise.all(bots);
      expect(order.indexOf('person')).toBe(8);
    });
  },
);

/** A Tribes position where `seat` has exactly one legal move, reached by random play. */
function forcedTribesQuestion(): BotRequest {
  for (let g = 0; ; g++) {
    const settings = tribesGame.parseSettings({ players: 3 });
    if (!settings.ok) throw new Error(settings.error.message);
    const seed = `forced-${g}`;
    const setup = tribesGame.setup(settings.value, seed);
    if (!setup.ok) throw new Error(setup.error.message);
    let state = setup.value;
    const moves: string[] = [];
    const rng = Rng.fromSeed(seed);
    while (tribesGame.result(state) === null) {
      const toAct = tribesGame.toAct(state);
      for (const seat of toAct) {
        if (tribesGame.legalMoves(state, seat).length === 1) {
          const json = tribesGame.settingsToJson(settings.value);
          return { table: seed, game: 'tribes', settings: json, seed, moves, seat, bot: 'random' };
        }
      }
      const seat = rng.pick([...toAct]);
      const move = rng.pick([...tribesGame.legalMoves(state, seat)]);
      const played = tribesGame.play(state, seat, move);
      if (!played.ok) throw new Error(played.error.message);
      state = played.value.state;
      moves.push(formatRecordedMove(seat, move, toAct));
    }
  }
}

describe('a bot’s thinking time does not depend on hidden information', { timeout: 30_000 }, () => {
  it('a forced Tribes answer (one legal move) is not handed back before the minimum think time', async () => {
    const question = forcedTribesQuestion();
    const min = 300;
    const p = pool({ minThinkMs: { tribes: min }, thinkSpreadMs: 100 });
    await p.choose(question); // warm: the worker has the game
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      await p.choose(question);
      const took = performance.now() - t0;
      expect(took).toBeGreaterThanOrEqual(min);
      expect(took).toBeLessThan(min + 100 + 150);
    }
    // Without a minimum the same forced answer comes at once: what the padding hides.
    const fast = pool();
    await fast.choose(question);
    const t0 = performance.now();
    await fast.choose(question);
    expect(performance.now() - t0).toBeLessThan(min / 2);
  });

  it('perfect-information games get no minimum by default', async () => {
    const p = pool({ minThinkMs: { tribes: 300 } });
    await p.choose(knightsQuestion('k', 'random'));
    const t0 = performance.now();
    await p.choose(knightsQuestion('k', 'random'));
    expect(performance.now() - t0).toBeLessThan(150);
  });
});
