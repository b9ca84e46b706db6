import { fileURLToPath } from 'node:url';
import { replayMoves, unwrap } from '@attila/core';
import { tribesGame } from '@attila/tribes';
import { describe, expect, it } from 'vitest';
import { arenaSettings, outcomeRecord, runArena, summarize, type ArenaConfig } from './arena.js';
import { parseBudget } from './budget.js';
import { meanInterval, rateInterval } from './stats.js';
import { gameRanges, runFromRecords, summarizeRecords, type SourcedRecord } from './summary.js';

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

  it(
    'shards (--first-game) play exactly the games of one long run, and their records summarize as it does',
    {
      timeout: 90_000,
    },
    async () => {
      const whole: ArenaConfig = {
        players: 3,
        bots: ['ismcts', 'greedy', 'random'],
        games: 5,
        seed: 'shard',
        budget: { iterations: 20 },
      };
      const full = unwrap(await runArena(whole));
      const a = unwrap(await runArena({ ...whole, games: 2 }));
      const b = unwrap(await runArena({ ...whole, firstGame: 2, games: 3 }, { threads: 2 }));
      const strip = (g: (typeof full)[number]) => ({ ...g, thinkMs: [], decisions: [] });
      expect([...a, ...b].map(strip)).toEqual(full.map(strip));
      expect(b.map((g) => g.index)).toEqual([2, 3, 4]);

      const settings = unwrap(arenaSettings(whole));
      const records = (gs: typeof full, tag: string): SourcedRecord[] =>
        gs.map((g) => ({ file: `${tag}/${g.index}`, record: outcomeRecord(whole, settings, g) }));
      expect(records(full, 'x')[0].record.players.map((p) => [p.name, p.bot])).toEqual([
        ['ismcts', 'ismcts@20it'],
        ['greedy', 'greedy'],
        ['random', 'random'],
      ]);
      // Shards given in any order give the whole run's report (but for thinking times, which records lack).
      const run = unwrap(runFromRecords([...records(b, 'b'), ...records(a, 'a')]));
      expect(run.budget).toEqual({ iterations: 20 });
      expect(gameRanges(run.outcomes)).toBe('0-4');
      const noTimes = (r: ReturnType<typeof summarize>) => ({
        ...r,
        bots: r.bots.map((x) => ({ ...x, msPerMove: null })),
      });
      expect(summarizeRecords(run)).toEqual(noTimes(summarize(whole, full)));
      expect(gameRanges(unwrap(runFromRecords(records([full[0], full[3], full[4]], 'c'))).outcomes)).toBe(
        '0, 3-4',
      );
    },
  );

  it('a summary refuses records of different runs and games found twice', { timeout: 60_000 }, async () => {
    const base: ArenaConfig = {
      players: 2,
      bots: ['ismcts', 'random'],
      games: 1,
      seed: 'mix',
      budget: { iterations: 10 },
    };
    const recordOf = async (config: ArenaConfig, file: string): Promise<SourcedRecord> => {
      const [g] = unwrap(await runArena(config));
      return { file, record: outcomeRecord(config, unwrap(arenaSettings(config)), g) };
    };
    const one = await recordOf(base, 'a/0');
    const next = await recordOf({ ...base, firstGame: 1 }, 'b/1');
    expect(runFromRecords([one, next]).ok).toBe(true);
    const refused = (rs: SourcedRecord[]) => {
      const r = runFromRecords(rs);
      return r.ok ? 'accepted' : r.error.message;
    };
    expect(refused([one, { ...one, file: 'c/0' }])).toMatch(/game 0 is there twice: a\/0 and c\/0/);
    const budget = await recordOf({ ...base, firstGame: 1, budget: { iterations: 11 } }, 'd/1');
    expect(refused([one, budget])).toMatch(/d\/1 and a\/0 are games of different runs.*ismcts@11it/s);
    const seed = await recordOf({ ...base, seed: 'other', firstGame: 1 }, 'e/1');
    expect(refused([one, seed])).toMatch(/different runs.*seed "other"/s);
    const bots = await recordOf({ ...base, bots: ['ismcts', 'greedy'], firstGame: 1 }, 'f/1');
    expect(refused([one, bots])).toMatch(/different runs/);
    const options = await recordOf(
      { ...base, firstGame: 1, settings: { options: { tieRounding: 'up' } } },
      'g/1',
    );
    expect(refused([one, options])).toMatch(/different runs: different settings/);
    expect(refused([])).toMatch(/no game records/);
    expect(refused([{ file: 'h', record: { ...one.record, seed: 'x', id: 'y' } }])).toMatch(
      /not an arena game record/,
    );
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
    expect(await bad({ firstGame: -1 })).toMatch(/--first-game/);
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
