/**
 * `attila knights ...`: perft, legal moves, the layouts, and a game in the terminal (two people at one
 * keyboard, or a person against a bot, or two bots), reading moves line by line from standard input.
 */
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { botNames, findBot } from '@attila/bots';
import { askBot, Rng, serializeRecord, unwrap, type Result } from '@attila/core';
import {
  enumerateLayouts,
  knightsGame,
  knightsRecord,
  parseLayout,
  perft,
  perftDivide,
  Position,
  presetLayout,
  PRESET_LAYOUTS,
  SIDE_NAMES,
  moveToString,
  type Side,
} from '@attila/knights';
import type { Command } from 'commander';
import { registerKnightsPuzzles } from './knights-puzzles.js';
import { registerKnightsSolve } from './knights-solve.js';
import { registerKnightsTablebase } from './knights-tablebase.js';
import { replayAction } from './replay.js';

/** A position string, or a layout (preset name, shape, tiles) meaning its empty board with the Romans first. */
function readPosition(text: string): Result<Position> {
  const parsed = Position.parse(text);
  if (parsed.ok || text.trim().includes(' ')) return parsed;
  const layout = presetLayout(text.trim()) ? parseLayout(text) : null;
  return layout && layout.ok ? { ok: true, value: Position.empty(layout.value, 'R') } : parsed;
}

/** The board for a terminal: rows top to bottom with their numbers, gaps left blank, files underneath. */
export function renderBoard(p: Position): string {
  const { layout } = p;
  const lines: string[] = [];
  const cells = p.toString().split(' ')[0].split('/');
  const width = String(layout.rows).length;
  cells.forEach((row, r) => {
    const label = String(layout.rows - r).padStart(width);
    lines.push(`${label}  ${[...row].map((c) => (c === '_' ? ' ' : c)).join(' ')}`);
  });
  const files = Array.from({ length: layout.cols }, (_, c) => String.fromCharCode(97 + c)).join(' ');
  lines.push(`${' '.repeat(width)}  ${files}`);
  return lines.join('\n');
}

function status(p: Position): string {
  const winner = p.winner();
  if (winner) {
    const loser = SIDE_NAMES[p.side];
    const how = p.toBoard().inPlacement() ? 'have no legal placement' : 'cannot move any knight';
    return `Game over: the ${loser} ${how}. The ${SIDE_NAMES[winner === 'R' ? 0 : 1]} win.`;
  }
  const what = p.phase() === 'placement' ? 'to place a knight' : 'to move';
  return `${SIDE_NAMES[p.side]} (${p.sideToMove}) ${what}.`;
}

interface PlayOptions {
  layout: string;
  first: string;
  bot?: string;
  side: string;
  seed: string;
  record?: string;
}

async function play(opts: PlayOptions, fail: (message: string) => never): Promise<void> {
  const settings = knightsGame.parseSettings({ layout: opts.layout, first: opts.first });
  if (!settings.ok) fail(settings.error.message);
  const entry = opts.bot === undefined ? null : findBot('knights', opts.bot);
  if (opts.bot !== undefined && !entry) {
    fail(`there is no Knights bot "${opts.bot}"; the bots are: ${botNames('knights').join(', ')}`);
  }
  if (!['R', 'H', 'none'].includes(opts.side)) {
    fail(`--side is R (you play the Romans), H (the Huns) or none (the bot plays both), not "${opts.side}"`);
  }
  if (opts.side === 'none' && !opts.bot) fail('--side none needs a bot to play both sides: add --bot <name>');
  const bot = entry ? entry.make() : null;
  const botPlays = (side: Side) => bot !== null && (opts.side === 'none' || opts.side !== side);
  const rng = Rng.fromSeed(opts.seed);
  const out = (line: string) => process.stdout.write(line + '\n');

  const table = settings.value;
  const state = knightsGame.setup(table, '');
  if (!state.ok) fail(state.error.message);
  let current = state.value;
  const moves: string[] = [];
  out(
    `Knights on ${settings.value.layoutName === settings.value.layout.shape ? `the layout ${settings.value.layoutName}` : `the ${settings.value.layoutName} layout`}. ` +
      (bot
        ? opts.side === 'none'
          ? `The ${opts.bot} bot plays both sides.`
          : `You play the ${SIDE_NAMES[opts.side === 'R' ? 0 : 1]}; the ${opts.bot} bot plays the ${SIDE_NAMES[opts.side === 'R' ? 1 : 0]}.`
        : 'Two players at one keyboard.') +
      ' Placement: a square (c2). Turn: from-to,scorch (b1-c3,d4). Also: moves, board, quit.',
  );
  const show = () => {
    out('');
    out(renderBoard(current.position));
    out(`position: ${current.position.toString()}`);
    out(status(current.position));
  };
  show();

  const rl = createInterface({ input: process.stdin, terminal: false });
  try {
    await gameLoop();
  } finally {
    // An open standard input would keep the process alive after the game.
    rl.close();
    process.stdin.destroy();
  }
  async function gameLoop(): Promise<void> {
    const lines = rl[Symbol.asyncIterator]();
    while (knightsGame.result(current) === null) {
      const p = current.position;
      let move: string;
      if (bot && botPlays(p.sideToMove)) {
        move = unwrap(askBot(knightsGame, bot, table, current, p.side, rng));
        out(`${SIDE_NAMES[p.side]} (${opts.bot} bot) play ${move}`);
      } else {
        process.stdout.write(`${SIDE_NAMES[p.side]} (${p.sideToMove})> `);
        const next = await lines.next();
        if (next.done) {
          out('');
          out('Input ended before the game was over.');
          process.exitCode = 1;
          return;
        }
        const input = next.value.trim();
        if (input === '') continue;
        if (input === 'quit') {
          out('Game abandoned.');
          process.exitCode = 1;
          return;
        }
        if (input === 'moves') {
          out(p.legalMoves().join(' '));
          continue;
        }
        if (input === 'board') {
          show();
          continue;
        }
        move = input;
      }
      const played = knightsGame.play(current, p.side, move);
      if (!played.ok) {
        out(`Illegal move "${move}": ${played.error.message}`);
        continue;
      }
      current = played.value.state;
      moves.push(current.lastMove!);
      show();
    }
  }
  if (knightsGame.result(current) !== null && opts.record) {
    const record = knightsRecord({
      id: `cli-${opts.seed}`,
      settings: settings.value,
      moves,
      players: (['R', 'H'] as const).map((side) =>
        botPlays(side)
          ? { name: `${opts.bot} bot`, kind: 'bot' as const, bot: opts.bot }
          : { name: SIDE_NAMES[side === 'R' ? 0 : 1], kind: 'human' as const },
      ),
      finishedAt: new Date().toISOString(),
    });
    if (!record.ok) fail(record.error.message);
    writeFileSync(opts.record, serializeRecord(record.value));
    out(`Record written to ${opts.record}.`);
  }
}

export function registerKnights(knights: Command): void {
  const fail: (message: string) => never = (message) => {
    process.stderr.write(`error: ${message}\n`);
    process.exit(1);
  };

  knights
    .command('perft')
    .description('count the legal move sequences of <depth> plies (a placement or a whole turn is one ply)')
    .argument('<position>', 'a position such as "...../...../...../..... R", or a preset layout name')
    .argument('<depth>', 'the number of plies')
    .option('--divide', 'also print the count after each first move')
    .option('--no-bulk', 'play every last ply instead of counting it (slower; same numbers)')
    .action((positionText: string, depthText: string, opts: { divide?: boolean; bulk: boolean }) => {
      const position = readPosition(positionText);
      if (!position.ok) fail(position.error.message);
      const depth = Number(depthText);
      if (!Number.isInteger(depth) || depth < 0 || depth > 40)
        fail(`<depth> is a whole number from 0 to 40, not "${depthText}"`);
      const board = position.value.toBoard();
      if (opts.divide) {
        const rows = perftDivide(board, depth).map(
          (d) => [moveToString(board.layout, d.move), d.count] as const,
        );
        rows.sort((a, b) => (a[0] < b[0] ? -1 : 1));
        for (const [move, count] of rows) process.stdout.write(`${move} ${count}\n`);
      }
      process.stdout.write(`${perft(board, depth, opts.bulk)}\n`);
    });

  knights
    .command('moves')
    .description('list the legal moves of a position, one a line, sorted')
    .argument('<position>', 'a position such as "...../...../...../..... R", or a preset layout name')
    .action((positionText: string) => {
      const position = readPosition(positionText);
      if (!position.ok) fail(position.error.message);
      const moves = position.value.legalMoves();
      if (moves.length === 0) process.stderr.write(`no legal moves. ${status(position.value)}\n`);
      for (const m of moves) process.stdout.write(`${m}\n`);
    });

  knights
    .command('layouts')
    .description(
      'list the preset layouts; with --count, count every legal layout up to rotation and reflection',
    )
    .option('--count', 'enumerate all legal layouts')
    .option('--all', 'print every legal layout (canonical shape strings)')
    .action((opts: { count?: boolean; all?: boolean }) => {
      for (const p of PRESET_LAYOUTS)
        process.stdout.write(`${p.name.padEnd(9)} ${p.layout.shape}   ${p.title}\n`);
      if (opts.count || opts.all) {
        const all = enumerateLayouts();
        if (opts.all) for (const s of all) process.stdout.write(`${s}\n`);
        process.stdout.write(`${all.length} legal layouts up to rotation and reflection\n`);
      }
    });

  knights
    .command('play')
    .description('play a game in the terminal, moves read line by line from standard input')
    .option('--layout <layout>', 'preset name, shape string or tile placements', 'standard')
    .option('--first <side>', 'who places first: R or H', 'R')
    .option('--bot <name>', `let a bot play the other side (${botNames('knights').join(', ')})`)
    .option('--side <side>', 'with --bot: the side you play, R or H, or none to watch the bot play both', 'R')
    .option('--seed <seed>', "the bot's random seed", '1')
    .option('--record <file>', 'write the game record (JSON) there when the game ends')
    .action(async (opts: PlayOptions) => {
      await play(opts, fail);
    });

  replayAction(
    knights
      .command('replay')
      .description('re-check every move of a Knights record (play --record) and print its result as JSON'),
    'knights',
  );

  registerKnightsSolve(knights, fail);
  registerKnightsPuzzles(knights, fail);
  registerKnightsTablebase(knights, fail);
}
