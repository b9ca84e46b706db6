/**
 * `attila arena`: bots play each other with the seats rotated; prints each bot's win rate and average score
 * with 95% confidence intervals, or one JSON object with `--json`, and can write every game's record.
 */
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Rng, askBot, err, ok, serializeRecord, unwrap, type Result } from '@attila/core';
import { knightsGame } from '@attila/knights';
import {
  BUDGET_HELP,
  botNames,
  findBot,
  meanInterval,
  rateInterval,
  type Interval,
  SPEC_HELP,
  arenaSettings,
  budgetText,
  gameRanges,
  outcomeRecord,
  runFromRecords,
  summarizeRecords,
  type SourcedRecord,
  parseBudget,
  runArena,
  summarize,
  type ArenaConfig,
  type ArenaReport,
  type GameOutcome,
  type Budget,
} from '@attila/bots';
import type { Command } from 'commander';
import { readRecordFile } from '../record-file.js';

interface ArenaOptions {
  game: string;
  players: string;
  bots?: string;
  games: string;
  firstGame: string;
  seed: string;
  budget?: string;
  threads: string;
  records?: string;
  json: boolean;
  quiet: boolean;
}

function percent(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}

export function formatReport(report: ArenaReport, budget: Budget | undefined): string {
  const lines = [
    `tribes, ${report.players} players, ${report.games} games, seed "${report.seed}"${budget ? `, search budget ${budgetText(budget)}` : ''}`,
  ];
  const width = Math.max(3, ...report.bots.map((b) => b.bot.length));
  lines.push(`${'bot'.padEnd(width)}  win rate (95% CI)         average score (95% CI)   ms/move`);
  for (const b of report.bots) {
    const w = b.winRate;
    const s = b.averageScore;
    lines.push(
      `${b.bot.padEnd(width)}  ${percent(w.mean).padStart(6)} [${percent(w.low)}, ${percent(w.high)}]`.padEnd(
        width + 28,
      ) +
        `${s.mean.toFixed(1).padStart(6)} [${s.low.toFixed(1)}, ${s.high.toFixed(1)}]`.padEnd(25) +
        `${(b.msPerMove === null ? '-' : b.msPerMove.toFixed(1)).padStart(8)}`,
    );
  }
  return lines.join('\n');
}

/** Knights in the arena: two bots from the registry, seats rotated, every move checked by the engine. */
/** The progress of a long run on standard error: `3/10 games, 12 s`, redrawn in place. */
function progress(done: number, games: number, started: number): void {
  process.stderr.write(`\r${done}/${games} games, ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function knightsArena(
  bots: string[],
  games: number,
  seed: string,
  onGame: (done: number) => void,
): Promise<Result<{ bot: string; winRate: Interval; plies: Interval }[]>> {
  if (bots.length !== 2)
    return err('arena.bots', `Knights is for 2 players: give 2 bots, not ${bots.length}`);
  const players = [];
  for (const b of bots) {
    const entry = findBot('knights', b);
    if (!entry) {
      return err('arena.bots', `unknown Knights bot "${b}": the bots are ${botNames('knights').join(', ')}`);
    }
    players.push(entry.make());
  }
  const settings = unwrap(knightsGame.parseSettings({}));
  const wins: number[][] = [[], []];
  const plies: number[] = [];
  for (let g = 0; g < games; g++) {
    let state = unwrap(knightsGame.setup(settings, `${seed}/${g}`));
    let moves = 0;
    for (;;) {
      const result = knightsGame.result(state);
      if (result) {
        for (let seat = 0; seat < 2; seat++) wins[(seat + g) % 2].push(result.winners.includes(seat) ? 1 : 0);
        plies.push(moves);
        onGame(g + 1);
        break;
      }
      const seat = knightsGame.toAct(state)[0];
      const bot = bots[(seat + g) % 2];
      const rng = Rng.fromSeed(`${seed}/${g}/${moves}/${seat}`);
      const move = askBot(knightsGame, players[(seat + g) % 2], settings, state, seat, rng);
      if (!move.ok) return err('arena.failed', `bot ${bot} (game ${g}): ${move.error.message}`);
      const played = knightsGame.play(state, seat, move.value);
      if (!played.ok) return err('arena.failed', `bot ${bot} (game ${g}): ${played.error.message}`);
      state = played.value.state;
      moves++;
    }
  }
  return ok(bots.map((bot, i) => ({ bot, winRate: rateInterval(wins[i]), plies: meanInterval(plies) })));
}

/** The records in each directory (every `*.json` file; a file may also be named directly), in name order. */
function readRecords(paths: readonly string[]): Result<SourcedRecord[]> {
  const out: SourcedRecord[] = [];
  for (const path of paths) {
    let files: string[];
    try {
      files = statSync(path).isDirectory()
        ? readdirSync(path)
            .filter((f) => f.endsWith('.json'))
            .sort()
            .map((f) => join(path, f))
        : [path];
    } catch (e) {
      return err('arena.summary', `cannot read ${path}: ${(e as Error).message}`);
    }
    if (files.length === 0) return err('arena.summary', `${path} holds no game records (*.json)`);
    for (const file of files) {
      const record = readRecordFile(file, 'arena.summary');
      if (!record.ok) return err('arena.summary', record.error.message);
      out.push({ file, record: record.value });
    }
  }
  return ok(out);
}

export function registerArena(arena: Command): void {
  arena
    .option(
      '--game <game>',
      'tribes or knights (Knights: two of its bots, no budget, threads or records)',
      'tribes',
    )
    .option('--players <n>', 'players per game, 2 to 5', '2')
    .option('--bots <list>', `one bot per seat, comma-separated (required); ${SPEC_HELP}`)
    .option('--games <k>', 'games to play', '100')
    .option(
      '--first-game <f>',
      'play games f .. f+k-1 of the run (a shard: the same games as in one long run; see "arena summary")',
      '0',
    )
    .option('--seed <text>', 'seed of the run (game g uses "<seed>/<g>")', 'arena')
    .option('--budget <budget>', `search budget for bots given none of their own; ${BUDGET_HELP}`)
    .option('--threads <n>', 'worker threads playing games in parallel', '1')
    .option('--records <dir>', 'write every game record as JSON into this directory')
    .option('--json', 'print one JSON object instead of a table', false)
    .option('--quiet', 'no progress on standard error', false)
    .action(async (opts: ArenaOptions) => {
      const whole = (name: string, text: string, min: number) => {
        const n = Number(text);
        if (!Number.isInteger(n) || n < min)
          arena.error(`--${name} must be a whole number of at least ${min}, not "${text}"`);
        return n;
      };
      if (opts.bots === undefined) return arena.error("required option '--bots <list>' not specified");
      if (opts.game === 'knights') {
        const bots = opts.bots.split(',').map((b) => b.trim());
        const games = whole('games', opts.games, 1);
        const started = Date.now();
        const result = await knightsArena(bots, games, opts.seed, (done) => {
          if (!opts.quiet) progress(done, games, started);
        });
        // The progress line is ended only if one was drawn (an error then starts its own line).
        if (!opts.quiet && result.ok) process.stderr.write('\n');
        if (!result.ok) return arena.error(`arena: ${result.error.message}`);
        const text = result.value.map(
          (b) =>
            `${b.bot.padEnd(8)} ${percent(b.winRate.mean).padStart(6)} [${percent(b.winRate.low)}, ${percent(b.winRate.high)}]`,
        );
        const plies = result.value[0].plies;
        process.stdout.write(
          opts.json
            ? JSON.stringify({ game: 'knights', players: 2, games, seed: opts.seed, bots: result.value }) +
                '\n'
            : [
                `knights, ${games} games, seed "${opts.seed}", ${plies.mean.toFixed(1)} plies a game`,
                'bot      win rate (95% CI)',
                ...text,
              ].join('\n') + '\n',
        );
        return;
      }
      if (opts.game !== 'tribes') arena.error(`--game must be "tribes" or "knights", not "${opts.game}"`);
      let budget: Budget | undefined;
      if (opts.budget !== undefined) {
        const parsed = parseBudget(opts.budget);
        if (!parsed.ok) arena.error(`--budget: ${parsed.error.message}`);
        else budget = parsed.value;
      }
      const config: ArenaConfig = {
        players: whole('players', opts.players, 2),
        bots: opts.bots.split(',').map((b) => b.trim()),
        games: whole('games', opts.games, 1),
        firstGame: whole('first-game', opts.firstGame, 0),
        seed: opts.seed,
        budget,
      };
      const started = Date.now();
      const settings = unwrap(arenaSettings(config));
      if (opts.records) mkdirSync(opts.records, { recursive: true });
      const finished: GameOutcome[] = [];
      const result = await runArena(config, {
        threads: whole('threads', opts.threads, 1),
        onGame: (g, done) => {
          finished.push(g);
          // Records are written as games end, so a long run that is stopped keeps what it played.
          if (opts.records) {
            const file = join(opts.records, `tribes-${String(g.index).padStart(5, '0')}.json`);
            writeFileSync(file, serializeRecord(outcomeRecord(config, settings, g)));
          }
          if (opts.quiet) return;
          progress(done, config.games, started);
          if (done % 50 === 0 && done < config.games) {
            process.stderr.write(`\n${formatReport(summarize(config, finished), budget)}\n`);
          }
        },
      });
      if (!opts.quiet && finished.length > 0) process.stderr.write('\n');
      if (!result.ok) arena.error(`arena: ${result.error.message}`);
      else {
        const report = summarize(config, result.value);
        process.stdout.write(
          opts.json
            ? JSON.stringify({ ...report, budget: budget ?? null }) + '\n'
            : formatReport(report, budget) + '\n',
        );
      }
    });

  arena
    .command('summary')
    .description(
      'summarize a Tribes run from the --records directories of its shards (refuses mixed runs and repeated games)',
    )
    .argument('<dirs...>', 'record directories (or record files)')
    // `--json` is the arena's own option (commander gives it to the parent command).
    .action((dirs: string[], _opts: unknown, command: Command) => {
      const { json } = command.optsWithGlobals<{ json: boolean }>();
      const records = readRecords(dirs);
      if (!records.ok) return arena.error(`arena summary: ${records.error.message}`);
      const run = runFromRecords(records.value);
      if (!run.ok) return arena.error(`arena summary: ${run.error.message}`);
      const report = summarizeRecords(run.value);
      process.stderr.write(`games ${gameRanges(run.value.outcomes)} (thinking times are not recorded)\n`);
      process.stdout.write(
        json
          ? JSON.stringify({ ...report, budget: run.value.budget ?? null }) + '\n'
          : formatReport(report, run.value.budget) + '\n',
      );
    });
}
