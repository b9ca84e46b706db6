import { fileURLToPath } from 'node:url';
import { replayMoves, unwrap } from '@attila/core';
import { tribesGame } from '@attila/tribes';
import { describe, expect, it } from 'vitest';
import { arenaSettings, outcomeRecord, runArena, summarize, type ArenaConfig } from './arena.js';
import { parseBudget } from './budget.js';
import { meanInterval, rateInterval } from './stats.js';

const exampleBot = fileURLToPath(new URL('../../../examples/random-bot.mjs', import.meta.url));

describe('arena', () => {
  it('rotates seats, reports every bot, and writes records that replay', { timeout: 60_000 }, async () => {
    const config: ArenaConfig = { players: 3, bots: ['greedy', 'random', 'random'], games: 6, seed: 't' };
    const outcomes = unwrap(await runArena(config));
    expect(outcomes.map((g) => g.seats[0])).toEqual([0, 1, 2, 0, 1, 2]);
    const report = summarize(config, outcomes);
    expect(report.bots.map((b) => b.games)).toEqual([6, 6, 6]);
    const shares = report.bots.reduce((a, b) => a + b.winRate.mean, 0);
    expect(shares).toBeCloseTo(1, 9);
    const settings = unwrap(arenaSettings(config));
    for (const g of outcomes) {
      const record = outcomeRecord(config, settings, g);
      const replay = unwrap(replayMoves(tribesGame, settings, record.seed, record.moves));
      expect(tribesGame.result(replay.states.at(-1)!)?.scores).toEqual(g.scores);
    }
  });

  it('gives the same games in one thread or two', { timeout: 90_000 }, async () => {
    const config: ArenaConfig = { players: 2, bots: ['greedy', 'easy@10it'], games: 2, seed: 'threads' };
    const one = unwrap(await runArena(config));
    const two = unwrap(await runArena(config, { threads: 2 }));
    expect(two.map((g) => g.moves)).toEqual(one.map((g) => g.moves));
  });

  it('refuses bad settings with a clear message', async () => {
    const bad = async (c: Partial<ArenaConfig>) => {
      const r = await runArena({ players: 2, bots: ['random', 'random'], games: 1, seed: 's', ...c });
      return r.ok ? 'ok' : r.error.message;
    };
    expect(await bad({ bots: ['random'] })).toMatch(/one bot per seat/);
    expect(await bad({ bots: ['random', 'clever'] })).toMatch(/unknown bot "clever".*random, greedy/);
    expect(await bad({ bots: ['random@1s', 'random'] })).toMatch(/only search bots take a budget/);
    expect(await bad({ players: 6, bots: Array(6).fill('random') })).toMatch(/2, 3, 4 or 5/);
    expect(unwrap(parseBudget('1s+500it'))).toEqual({ timeMs: 1000, iterations: 500 });
    expect(parseBudget('fast').ok).toBe(false);
  });

  it('line protocol: the example bot in another process plays whole games', { timeout: 60_000 }, async () => {
    const config: ArenaConfig = {
      players: 2,
      bots: [`cmd:node ${exampleBot}`, 'random'],
      games: 2,
      seed: 'ext',
    };
    const outcomes = unwrap(await runArena(config));
    expect(outcomes).toHaveLength(2);
    expect(outcomes.every((g) => g.moves.length > 20)).toBe(true);
  });

  it('line protocol: a bot that answers nonsense stops the run with a clear error', async () => {
    const liar = `node -e "process.stdin.on('data', () => console.log(JSON.stringify({ move: 'fly away' })))"`;
    const r = await runArena({ players: 2, bots: [`cmd:${liar}`, 'random'], games: 1, seed: 'x' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/fly away/);
  });
});

describe('confidence intervals', () => {
  it('Wilson interval for rates stays inside [0, 1] and contains the mean', () => {
    const all = rateInterval(Array(50).fill(1));
    expect(all.high).toBe(1);
    expect(all.low).toBeGreaterThan(0.9);
    const half = rateInterval([...Array(50).fill(1), ...Array(50).fill(0)]);
    expect(half.low).toBeLessThan(0.5);
    expect(half.high).toBeGreaterThan(0.5);
    expect(half.high - half.low).toBeCloseTo(2 * 0.0962, 2);
  });
  it('normal interval for means', () => {
    const m = meanInterval([1, 2, 3, 4, 5]);
    expect(m.mean).toBe(3);
    expect(m.high - m.mean).toBeCloseTo(1.96 * Math.sqrt(2.5 / 5), 3);
  });
});
