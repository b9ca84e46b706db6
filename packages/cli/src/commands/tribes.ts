/**
 * `attila tribes ...`: a game in the terminal (hotseat and bots), a whole game between bots, and replaying
 * a record. The terminal shows the board, the events as they happen, and the hand of the seat to act only.
 */
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { botNames, findBot, type BotOf } from '@attila/bots';
import { askBot, Rng, serializeRecord, unwrap, type GameResult } from '@attila/core';
import {
  describeEvent,
  formatMove,
  legalCodes,
  MoveKind,
  moveKind,
  parseMove,
  renderView,
  tribesGame,
  tribesRecord,
  type TribesEvent,
  type TribesSettings,
  type TribesState,
} from '@attila/tribes';
import type { Command } from 'commander';
import { replayAction } from './replay.js';

type Fail = (message: string) => never;

/** The action tiles' moves: a terminal lists them summed up, not one a line. */
const TILE_KINDS = new Set<number>([MoveKind.Double, MoveKind.Trade, MoveKind.TwoInfluence]);

/** A seat's player: a person at the keyboard, or a bot of the registry. */
type Seat =
  { readonly name: 'human'; readonly bot: null } | { readonly name: string; readonly bot: BotOf<'tribes'> };

/** `human` or a bot name, one per seat (a single name is used for every seat). */
function parseSeats(text: string, players: number, fail: Fail): Seat[] {
  const names = text.split(',').map((s) => s.trim());
  const list = names.length === 1 ? Array<string>(players).fill(names[0]) : names;
  if (list.length !== players)
    fail(`give one player per seat (${players}), or one name for all; got ${names.length}`);
  return list.map((name): Seat => {
    if (name === 'human') return { name, bot: null };
    const entry = findBot('tribes', name);
    if (!entry) fail(`"${name}" is not a player; use human or a bot: ${botNames('tribes').join(', ')}`);
    return { name, bot: entry.make() };
  });
}

function readSettings(
  opts: { players: string; firstPlayer?: string; options?: string },
  fail: Fail,
): TribesSettings {
  let options: unknown;
  if (opts.options !== undefined) {
    try {
      options = JSON.parse(opts.options);
    } catch {
      fail(`--options must be JSON, e.g. '{"tieRounding":"up"}'`);
    }
  }
  const first =
    opts.firstPlayer === undefined || opts.firstPlayer === 'random' ? 'random' : Number(opts.firstPlayer);
  const settings = tribesGame.parseSettings({ players: Number(opts.players), firstPlayer: first, options });
  if (!settings.ok) fail(settings.error.message);
  return settings.value;
}

function summary(result: GameResult | null, moves: number): string {
  return JSON.stringify({ ...result, moves });
}

/** One move by the seat to act, chosen by a bot from that seat's view. */
function botMove(
  settings: TribesSettings,
  state: TribesState,
  bot: BotOf<'tribes'>,
  rng: Rng,
): { seat: number; move: string } {
  const seat = tribesGame.toAct(state)[0];
  return { seat, move: unwrap(askBot(tribesGame, bot, settings, state, seat, rng)) };
}

function apply(
  state: TribesState,
  seat: number,
  move: string,
): { state: TribesState; events: TribesEvent[] } {
  const played = tribesGame.play(state, seat, move);
  if (!played.ok) throw new Error(`a bot chose a refused move "${move}": ${played.error.message}`);
  return { state: played.value.state, events: [...played.value.events] };
}

function selfplay(
  opts: {
    players: string;
    seed: string;
    bots: string;
    record?: string;
    firstPlayer?: string;
    options?: string;
  },
  fail: Fail,
): void {
  const settings = readSettings(opts, fail);
  const seats = parseSeats(opts.bots, settings.players, fail);
  const bots = seats.map((s) => s.bot);
  if (!bots.every((b) => b !== null)) fail('selfplay is between bots only; use "attila tribes play" to play');
  const start = tribesGame.setup(settings, opts.seed);
  if (!start.ok) fail(start.error.message);
  let state = start.value;
  const rng = Rng.fromSeed(`${opts.seed}/bots`);
  const moves: string[] = [];
  while (!state.over) {
    const { seat, move } = botMove(settings, state, bots[tribesGame.toAct(state)[0]], rng);
    state = apply(state, seat, move).state;
    moves.push(move);
  }
  const result = tribesGame.result(state);
  if (opts.record) {
    const record = tribesRecord({
      id: `selfplay-${opts.seed}`,
      settings,
      seed: opts.seed,
      players: seats.map(({ name }, i) => ({ name: `seat ${i} (${name})`, kind: 'bot' as const, bot: name })),
      moves,
      result,
      finishedAt: new Date().toISOString(),
    });
    writeFileSync(opts.record, serializeRecord(record));
  }
  console.log(summary(result, moves.length));
}

async function playInTerminal(
  opts: {
    players: string;
    seed: string;
    seats: string;
    firstPlayer?: string;
    options?: string;
    record?: string;
  },
  fail: Fail,
): Promise<void> {
  const settings = readSettings(opts, fail);
  const seats = parseSeats(opts.seats, settings.players, fail);
  const start = tribesGame.setup(settings, opts.seed);
  if (!start.ok) fail(start.error.message);
  let state = start.value;
  const rng = Rng.fromSeed(`${opts.seed}/bots`);
  const humans = seats.filter((s) => s.bot === null).length;
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const ask = async (prompt: string): Promise<string | null> => {
    process.stdout.write(prompt);
    const next = await lines.next();
    return next.done ? null : next.value.trim();
  };
  const moves: string[] = [];
  const show = (events: readonly TribesEvent[]) => {
    for (const e of events) {
      const line = describeEvent(e);
      if (line) console.log(line);
    }
  };
  console.log(
    `Tribes, ${settings.players} players: ${seats.map((s, i) => `seat ${i} ${s.name}`).join(', ')}`,
  );
  console.log(
    `Map: ${settings.map.name}. Moves: a number from the list, or the move's text; "quit" to stop.`,
  );
  let lastHuman = -1;
  while (!state.over) {
    const seat = tribesGame.toAct(state)[0];
    const player = seats[seat];
    let move: string;
    if (player.bot === null) {
      if (humans > 1 && seat !== lastHuman && process.stdin.isTTY) {
        if ((await ask(`\nPass the keyboard to seat ${seat} and press Enter `)) === null) return;
      }
      lastHuman = seat;
      const codes = legalCodes(state);
      const kinds = new Set(codes.map(moveKind));
      // Tile moves are many (every set of cards to trade): they are summed up, not numbered.
      const legal = codes.filter((m) => !TILE_KINDS.has(moveKind(m))).map((m) => formatMove(state.map, m));
      console.log('\n' + renderView(tribesGame.view(state, { seat }), state.map));
      console.log(`seat ${seat}, choose:`);
      legal.forEach((m, i) => console.log(`  ${String(i + 1).padStart(3)}  ${m}`));
      const tiles = [
        kinds.has(MoveKind.Double) ? 'tile double' : null,
        kinds.has(MoveKind.Trade) ? 'tile trade <tribe>,<tribe>,...' : null,
        kinds.has(MoveKind.TwoInfluence) ? 'tile influence <tribe> (+2) or <tribe>+<tribe>' : null,
      ].filter((t) => t !== null);
      if (tiles.length) console.log(`  or an action tile: ${tiles.join(' | ')}`);
      for (;;) {
        const answer = await ask('> ');
        // As in `knights play`: the input ending or "quit" abandons the game (exit status 1); an empty
        // line asks again.
        if (answer === null) {
          console.log('\nInput ended before the game was over.');
          process.exitCode = 1;
          return;
        }
        if (answer === 'quit') {
          console.log('Game abandoned.');
          process.exitCode = 1;
          return;
        }
        if (answer === '') continue;
        const chosen = /^\d+$/.test(answer) ? legal[Number(answer) - 1] : answer;
        if (chosen === undefined) {
          console.log(`choose 1 to ${legal.length}, or type a move`);
          continue;
        }
        const played = tribesGame.play(state, seat, chosen);
        if (!played.ok) {
          console.log(played.error.message);
          continue;
        }
        move = chosen;
        state = played.value.state;
        show(played.value.events);
        break;
      }
    } else {
      const chosen = botMove(settings, state, player.bot, rng);
      move = chosen.move;
      const played = apply(state, seat, move);
      state = played.state;
      const commits = moveKind(unwrap(parseMove(state.map, move))) === MoveKind.Commit;
      console.log(`seat ${seat} (${player.name}): ${commits ? 'commits' : move}`);
      show(played.events);
    }
    moves.push(move);
  }
  console.log('\n' + renderView(tribesGame.view(state, 'spectator'), state.map));
  const result = tribesGame.result(state);
  if (opts.record) {
    const record = tribesRecord({
      id: `terminal-${opts.seed}`,
      settings,
      seed: opts.seed,
      players: seats.map((p, i) =>
        p.bot === null
          ? { name: `seat ${i}`, kind: 'human' as const }
          : { name: `seat ${i} (${p.name})`, kind: 'bot' as const, bot: p.name },
      ),
      moves,
      result,
    });
    writeFileSync(opts.record, serializeRecord(record));
  }
  console.log(summary(result, moves.length));
}

export function registerTribes(tribes: Command): void {
  // Errors in what was asked (not in how the command was typed) need no usage text after them.
  const fail: Fail = (message) => {
    process.stderr.write(`error: ${message}\n`);
    process.exit(1);
  };
  const common = (c: Command) =>
    c
      .option('--players <n>', 'number of players, 2 to 5', '3')
      .option('--seed <text>', 'the seed of the deck (and of the bots)', String(Date.now()))
      .option('--first-player <seat>', 'seat that starts (0-based), or random', 'random')
      .option(
        '--options <json>',
        'rule options as JSON, e.g. \'{"tieRounding":"up","conflictBluffCards":true}\'',
      )
      .option('--record <file>', 'write the game record to this file');
  common(tribes.command('play'))
    .description('play in the terminal: hotseat people and bots')
    .option(
      '--seats <list>',
      `human or a bot per seat, comma-separated (bots: ${botNames('tribes').join(', ')})`,
      'human,random,random',
    )
    .action(async (o) => playInTerminal(o, fail));
  common(tribes.command('selfplay'))
    .description('a whole game between bots; prints the final scores as JSON')
    .option(
      '--bots <list>',
      `bots per seat, comma-separated, or one for all (${botNames('tribes').join(', ')})`,
      'random',
    )
    .action((o) => selfplay(o, fail));
  replayAction(
    tribes
      .command('replay')
      .description('re-check every move of a Tribes record and print the final scores as JSON'),
    'tribes',
  );
}
