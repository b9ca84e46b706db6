/**
 * `attila bot match -- COMMAND ARGS…`: a bot program speaking the bot protocol (examples/bots/README.md)
 * plays local games of Knights or Tribes against the built-in bots or itself. What a bot author runs before
 * putting a bot on a server.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serializeRecord, type AnyGameModule, type AnyHonestBot } from '@attila/core';
import { botNames, findBot } from '@attila/bots';
import { knightsGame } from '@attila/knights';
import { tribesGame } from '@attila/tribes';
import type { Command } from 'commander';
import { BotProgram } from '../bot-program.js';
import { registerBotConnect } from './bot-connect.js';
import { playMatchGame, type MatchGame, type MatchSeat } from '../bot-match.js';

const GAMES = { knights: knightsGame as AnyGameModule, tribes: tribesGame as AnyGameModule } as const;
type MatchGameKind = keyof typeof GAMES;

interface MatchOptions {
  game: string;
  players?: string;
  seats?: string;
  games: string;
  seed: string;
  moveTimeout: string;
  records?: string;
  json: boolean;
}

/** The seats of game `g`: the list as given, turned by `g` places so every entry plays every seat. */
function rotated<T>(list: readonly T[], g: number): T[] {
  return list.map((_, i) => list[(i + g) % list.length]);
}

export function registerBot(bot: Command): void {
  registerBotConnect(bot);
  bot
    .command('match')
    .description('play local games: your program against the built-in bots (or itself), every move checked')
    .argument('<program...>', 'the bot program and its arguments (after --), e.g. -- python3 my_bot.py')
    .option('--game <game>', 'knights or tribes', 'knights')
    .option('--players <n>', 'Tribes: players per game, 2 to 5 (default: the number of --seats, else 3)')
    .option(
      '--seats <list>',
      'who plays each seat, comma-separated: "program" or a built-in bot ' +
        '(default: program, then random for every other seat)',
    )
    .option('--games <k>', 'games to play (the seats turn by one each game)', '2')
    .option('--seed <text>', 'seed of the match (game g uses "<seed>/<g>")', 'match')
    .option('--move-timeout <ms>', 'how long the program may think about one move', '10000')
    .option('--records <dir>', 'write every game record as JSON into this directory')
    .option('--json', 'print one JSON object instead of lines', false)
    .action(async (argv: string[], opts: MatchOptions) => {
      const whole = (name: string, text: string, min: number, max = Infinity) => {
        const n = Number(text);
        if (!Number.isInteger(n) || n < min || n > max)
          bot.error(
            `--${name} must be a whole number from ${min}${max < Infinity ? ` to ${max}` : ''}, not "${text}"`,
          );
        return n;
      };
      if (!(opts.game in GAMES)) bot.error(`--game must be "knights" or "tribes", not "${opts.game}"`);
      const kind = opts.game as MatchGameKind;
      const game = GAMES[kind];
      const given = opts.seats?.split(',').map((s) => s.trim());
      const players =
        kind === 'knights' ? 2 : whole('players', opts.players ?? String(given?.length ?? 3), 2, 5);
      const names = given ?? ['program', ...Array<string>(players - 1).fill('random')];
      if (names.length !== players)
        bot.error(`--seats names ${names.length} seats, but a game here has ${players} players`);
      if (!names.includes('program')) bot.error('--seats must give at least one seat to "program"');
      const seats: MatchSeat[] = names.map((name) => {
        if (name === 'program') return { kind: 'program' };
        const entry = findBot(kind, name);
        if (!entry)
          bot.error(`unknown ${kind} bot "${name}": the bots are program, ${botNames(kind).join(', ')}`);
        return { kind: 'bot', name, bot: entry.make() as AnyHonestBot };
      });
      const settings = game.parseSettings(kind === 'tribes' ? { players, firstPlayer: 0 } : {});
      if (!settings.ok) return bot.error(`settings: ${settings.error.message}`);
      const games = whole('games', opts.games, 1);
      const timeoutMs = whole('move-timeout', opts.moveTimeout, 1);
      const [command, ...args] = argv;
      const started = await BotProgram.start(command, args, [kind], { timeoutMs });
      if (!started.ok) return bot.error(`bot match: ${started.error.message}`);
      const { program: running, name } = started.value;
      const played: { game: MatchGame; seats: MatchSeat[] }[] = [];
      try {
        if (opts.records) mkdirSync(opts.records, { recursive: true });
        for (let g = 0; g < games; g++) {
          const order = rotated(seats, g);
          const table = `${kind}-${opts.seed}-${g}`;
          const result = await playMatchGame(
            game,
            settings.value,
            `${opts.seed}/${g}`,
            order,
            { bot: running, name },
            table,
          );
          if (!result.ok) return bot.error(`bot match, game ${g + 1}: ${result.error.message}`);
          played.push({ game: result.value, seats: order });
          if (opts.records)
            writeFileSync(join(opts.records, `${table}.json`), serializeRecord(result.value.record));
          if (!opts.json) process.stdout.write(gameLine(g, result.value, order, name) + '\n');
        }
      } finally {
        await running.stop();
      }
      const wins = played.filter(({ game: m, seats: s }) =>
        m.result.winners.some((w) => s[w].kind === 'program'),
      );
      if (opts.json) {
        const results = played.map(({ game: m, seats: s }) => ({
          table: m.table,
          seats: s.map((x) => (x.kind === 'program' ? 'program' : x.name)),
          result: m.result,
          moves: m.record.moves.length,
        }));
        process.stdout.write(
          JSON.stringify({
            game: kind,
            players,
            games,
            seed: opts.seed,
            bot: name,
            wins: wins.length,
            results,
          }) + '\n',
        );
      } else {
        process.stdout.write(`${name} won ${wins.length} of ${games} games\n`);
      }
    });
}

function gameLine(g: number, game: MatchGame, seats: readonly MatchSeat[], name: string): string {
  const who = (seat: number) => {
    const s = seats[seat];
    return s.kind === 'program' ? `${name} (seat ${seat})` : `${s.name} (seat ${seat})`;
  };
  const winners = game.result.winners.map(who).join(' and ') || 'nobody';
  return `game ${g + 1}: ${seats.map((_, i) => who(i)).join(' vs ')} — ${winners} won after ${game.record.moves.length} moves`;
}
