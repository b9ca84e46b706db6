/**
 * `attila tournament simulate`: a whole event of one format played by built-in bots, paired by the server's
 * own functions; prints each round's progress, the final standings with their tie-breaks, and the timing.
 */
import { botNames } from '@attila/bots';
import type { Command } from 'commander';
import { ARENA_SECONDS_PER_MOVE, simulate, type Format, type SimReport } from '../tournament-sim.js';

interface SimulateOptions {
  format?: string;
  players?: string;
  rounds?: string;
  minutes: string;
  tableSize: string;
  bots?: string;
  seed: string;
  json: boolean;
}

const FORMATS: readonly Format[] = ['swiss', 'arena', 'tribes-rounds'];
/** Fast bots by default: a field of 16 plays its event in seconds. */
const DEFAULT_BOTS = { knights: 'random,greedy,easy', tribes: 'random,greedy' } as const;

function formatStandings(report: SimReport): string[] {
  const keys = Object.keys(report.standings[0]?.tieBreaks ?? {});
  const idWidth = Math.max(6, ...report.standings.map((s) => s.player.length));
  const botWidth = Math.max(3, ...report.standings.map((s) => s.bot.length));
  const cell = (v: number | null) => (v === null ? '-' : String(v));
  return [
    `${'rank'.padStart(4)}  ${'player'.padEnd(idWidth)}  ${'bot'.padEnd(botWidth)}  ${'score'.padStart(5)}  ${keys.join('  ')}`,
    ...report.standings.map(
      (s) =>
        `${String(s.rank).padStart(4)}  ${s.player.padEnd(idWidth)}  ${s.bot.padEnd(botWidth)}  ${String(s.score).padStart(5)}  ${keys
          .map((k) => cell(s.tieBreaks[k]).padStart(k.length))
          .join('  ')}`,
    ),
  ];
}

export function registerTournament(tournament: Command): void {
  tournament
    .command('simulate')
    .description(
      'play a whole event with built-in bots, paired as the server pairs it; print standings and timing',
    )
    .option('--format <format>', `the event's format: ${FORMATS.join(', ')} (required)`)
    .option('--players <n>', 'entrants (2 to 500; Tribes rounds: at least 3) (required)')
    .option('--rounds <r>', 'rounds, Swiss and Tribes rounds (Swiss: at most players - 1; default 3)')
    .option(
      '--minutes <m>',
      `arena length in simulated minutes (a game lasts ${ARENA_SECONDS_PER_MOVE} simulated seconds a move)`,
      '30',
    )
    .option('--table-size <k>', 'Tribes rounds: the preferred table size, 3 to 5', '3')
    .option(
      '--bots <list>',
      `bots given to the entrants in turn, comma-separated (Knights: ${botNames('knights').join(', ')}; Tribes: ${botNames('tribes').join(', ')}; default ${DEFAULT_BOTS.knights} / ${DEFAULT_BOTS.tribes})`,
    )
    .option('--seed <text>', 'seed of the event (pairing coin tosses, deals, bot moves)', 'tournament')
    .option('--json', 'print one JSON object instead of text', false)
    .action((opts: SimulateOptions, command: Command) => {
      const fail = (text: string): never => command.error(text);
      const whole = (name: string, text: string, min: number, max: number): number => {
        const n = Number(text);
        if (!Number.isInteger(n) || n < min || n > max)
          fail(`--${name} must be a whole number from ${min} to ${max}, not "${text}"`);
        return n;
      };
      if (opts.format === undefined) return fail(`--format is required: ${FORMATS.join(', ')}`);
      const format = opts.format as Format;
      if (!FORMATS.includes(format))
        return fail(`--format must be ${FORMATS.join(', ')}, not "${opts.format}"`);
      if (opts.players === undefined) return fail('--players is required: the number of entrants');
      const players = whole('players', opts.players, format === 'tribes-rounds' ? 3 : 2, 500);
      if (format === 'arena' && opts.rounds !== undefined)
        fail('an arena lasts a time (--minutes), not a number of rounds');
      const rounds = whole(
        'rounds',
        opts.rounds ?? '3',
        1,
        format === 'swiss' ? Math.max(1, players - 1) : 15,
      );
      const minutes = whole('minutes', opts.minutes, 1, 24 * 60);
      const tableSize = whole('table-size', opts.tableSize, 3, 5);
      const game = format === 'tribes-rounds' ? 'tribes' : 'knights';
      const bots = (opts.bots ?? DEFAULT_BOTS[game]).split(',').map((b) => b.trim());
      const known = botNames(game);
      for (const b of bots)
        if (!known.includes(b))
          fail(
            `unknown ${game === 'tribes' ? 'Tribes' : 'Knights'} bot "${b}": the bots are ${known.join(', ')}`,
          );
      const started = performance.now();
      const result = simulate({ format, players, rounds, minutes, tableSize, bots, seed: opts.seed });
      const wallMs = performance.now() - started;
      if (!result.ok) return fail(`tournament simulate: ${result.error.message}`);
      const r = result.value;
      const timing = {
        wallMs: Math.round(wallMs),
        gamesPlayed: r.gamesPlayed,
        msPerGame: r.gamesPlayed ? Math.round((wallMs / r.gamesPlayed) * 10) / 10 : null,
      };
      if (opts.json) {
        process.stdout.write(JSON.stringify({ ...r, timing }) + '\n');
        return;
      }
      const length =
        format === 'arena'
          ? `${minutes} simulated minutes`
          : `${rounds} rounds${format === 'tribes-rounds' ? `, tables of ${tableSize}` : ''}`;
      process.stdout.write(
        [
          `${format}, ${players} players, ${length}, bots ${bots.join(',')}, seed "${opts.seed}"`,
          ...r.progress,
          '',
          ...formatStandings(r),
          '',
          `${timing.gamesPlayed} games, ${r.moves} moves, ${(wallMs / 1000).toFixed(2)} s wall, ${timing.msPerGame ?? '-'} ms per game`,
        ].join('\n') + '\n',
      );
    });
}
