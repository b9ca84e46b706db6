/**
 * `attila knights puzzles mine` and `attila knights puzzles check`: puzzles mined from finished Knights games
 * on a server's database and from seeded bot-vs-bot games, and the checker of a puzzle file.
 */
import { homedir } from 'node:os';
import { defaultTablebaseDir } from '../data-dir.js';
import { readFileSync, writeFileSync } from 'node:fs';
import {
  botGame,
  checkPuzzles,
  useTablebaseDir,
  formatPuzzleFile,
  parsePuzzleFile,
  PuzzleMiner,
  type MinedGame,
} from '@attila/bots';
import { knightsGame, type Position } from '@attila/knights';
import type { Storage } from '@attila/server';
import type { Command } from 'commander';

/** Every finished Knights game of a server's database (a SQLite file, or a postgres:// URL). */
async function serverGames(db: string, schema: string): Promise<MinedGame[]> {
  // Loaded on demand: only --from-server needs the server's storage (and its SQLite and PostgreSQL drivers).
  const { PostgresStorage, SqliteStorage } = await import('@attila/server');
  const storage: Storage = /^postgres(ql)?:\/\//.test(db)
    ? await PostgresStorage.open({ connectionString: db, schema })
    : new SqliteStorage(db);
  try {
    const games: MinedGame[] = [];
    for (const { table } of await storage.finishedTables(1_000_000)) {
      if (table.game !== 'knights') continue;
      const settings = knightsGame.parseSettings(table.settings);
      if (!settings.ok) continue;
      const start = knightsGame.setup(settings.value, table.seed);
      if (!start.ok) continue;
      let state = start.value;
      const positions: Position[] = [state.position];
      for (const m of await storage.getMoves(table.id)) {
        const next = knightsGame.play(state, m.seat, m.move.replace(/^\d+:/, ''));
        if (!next.ok) break;
        state = next.value.state;
        positions.push(state.position);
      }
      games.push({ source: `server:${table.id}`, positions });
    }
    return games;
  } finally {
    await storage.close();
  }
}

interface MineOptions {
  fromServer?: string;
  postgresSchema: string;
  botGames: string;
  seed: string;
  firstGame: string;
  merge?: string[];
  out?: string;
}

export function registerKnightsPuzzles(knights: Command, fail: (message: string) => never): void {
  const puzzles = knights.command('puzzles').description('mine and check Knights puzzles');
  puzzles
    .command('mine')
    .description(
      'mine puzzles (one move keeps a win in 3, 5, 7 or 9 plies) from finished games on a server and from ' +
        'seeded bot-vs-bot games; writes a puzzle file and prints a JSON report',
    )
    .option('--from-server <db>', "a server's database: its SQLite file, or a postgres:// URL")
    .option('--postgres-schema <name>', 'with a postgres:// URL: the schema', 'public')
    .option('--bot-games <n>', 'bot-vs-bot games to play and mine', '0')
    .option('--seed <seed>', 'the seed of the bot games (same seed, same games, same puzzles)', 'puzzles')
    .option('--first-game <k>', 'play the bot games numbered from k (split a long run into several)', '0')
    .option(
      '--merge <files...>',
      'start from the puzzles of these files, earlier runs (kept; not mined again)',
    )
    .option('--out <file>', 'the puzzle file to write (default: standard output)')
    .action(async (opts: MineOptions) => {
      const count = Number(opts.botGames);
      if (!Number.isInteger(count) || count < 0) {
        fail(`--bot-games is a whole number of games, 0 or more, not "${opts.botGames}"`);
      }
      const first = Number(opts.firstGame);
      if (!Number.isInteger(first) || first < 0) {
        fail(`--first-game is a whole number, 0 or more, not "${opts.firstGame}"`);
      }
      if (!opts.fromServer && count === 0 && !opts.merge) {
        fail('nothing to mine: give --from-server <db>, --bot-games <n> or --merge <files...>');
      }
      const started = performance.now();
      const miner = new PuzzleMiner();
      for (const file of opts.merge ?? []) {
        const earlier = parsePuzzleFile(readFileSync(file, 'utf8'));
        if (!earlier.ok) fail(`${file}: ${earlier.error.message}`);
        miner.keep(earlier.value);
      }
      const fromServer = opts.fromServer ? await serverGames(opts.fromServer, opts.postgresSchema) : [];
      for (const g of fromServer) miner.add(g);
      for (let i = first; i < first + count; i++) {
        miner.add(botGame(opts.seed, i));
        if ((i + 1 - first) % 500 === 0) {
          process.stderr.write(`${i + 1 - first}/${count} bot games, ${miner.puzzles.length} puzzles\n`);
        }
      }
      const text = formatPuzzleFile(miner.puzzles);
      if (opts.out) writeFileSync(opts.out, text);
      else process.stdout.write(text);
      const report = {
        ...miner.report,
        serverGames: fromServer.length,
        puzzles: miner.puzzles.length,
        seconds: Math.round((performance.now() - started) / 100) / 10,
      };
      process.stderr.write(`${JSON.stringify(report)}\n`);
    });
  puzzles
    .command('check')
    .description(
      'check a puzzle file: a unique first move up to symmetry, the main line, and a complete solution tree ' +
        'proved to the end of the game; no position twice',
    )
    .argument('<file>', 'a puzzle file')
    .option('--tablebase <dir>', 'also check each value against the tablebase in this folder, where built')
    .action((file: string, opts: { tablebase?: string }) => {
      useTablebaseDir(opts.tablebase ?? defaultTablebaseDir(process.env, homedir()));
      const parsed = parsePuzzleFile(readFileSync(file, 'utf8'));
      if (!parsed.ok) fail(parsed.error.message);
      const started = performance.now();
      const { checks, duplicates } = checkPuzzles(parsed.value);
      let bad = 0;
      for (const c of checks) {
        if (c.problems.length === 0) continue;
        bad++;
        process.stdout.write(`${c.id}: ${c.problems.join('; ')}\n`);
      }
      for (const d of duplicates) process.stdout.write(`duplicate: ${d}\n`);
      const tree = checks.reduce((n, c) => n + c.treePositions, 0);
      process.stdout.write(
        `${checks.length} puzzles, ${bad} with problems, ${duplicates.length} duplicates; ` +
          `${tree} solution-tree positions proved in ${Math.round(performance.now() - started)} ms\n`,
      );
      if (bad > 0 || duplicates.length > 0) process.exitCode = 1;
    });
}
