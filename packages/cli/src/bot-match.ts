/**
 * A local match: a bot program (the bot protocol over standard input and output) against the built-in
 * bots, or against itself, through any game's public API. Each game is reproducible from its settings,
 * seed and moves, and written as a record like every other game.
 */
import {
  Rng,
  askBot,
  err,
  formatRecordedMove,
  newRecord,
  ok,
  type AnyGameModule,
  type AnyHonestBot,
  type GameRecord,
  type GameResult,
  type Result,
} from '@attila/core';
import type { BotProgram } from './bot-program.js';

/** Who plays a seat: the program, or a built-in bot by name. */
export type MatchSeat =
  { readonly kind: 'program' } | { readonly kind: 'bot'; readonly name: string; readonly bot: AnyHonestBot };

/** How many times a turn is asked again after a refused move before the match gives up on the program. */
export const REFUSALS_PER_TURN = 3;

export interface MatchGame {
  readonly table: string;
  readonly result: GameResult;
  readonly record: GameRecord;
}

/**
 * Plays one game to its end. The program is shown, for each of its turns, exactly its seat's view, legal
 * moves and the settings; a refused move is told to it with the engine's reason and the turn asked again.
 */
export async function playMatchGame(
  game: AnyGameModule,
  settings: unknown,
  seed: string,
  seats: readonly MatchSeat[],
  program: { readonly bot: BotProgram; readonly name: string },
  table: string,
): Promise<Result<MatchGame>> {
  const setup = game.setup(settings, seed);
  if (!setup.ok) return setup;
  let state = setup.value;
  const moves: string[] = [];
  const programSeats = seats.flatMap((s, i) => (s.kind === 'program' ? [i] : []));
  program.bot.send({
    type: 'start',
    table,
    game: game.kind,
    rulesVersion: game.rulesVersion,
    settings: game.settingsToJson(settings),
    seats: programSeats,
    players: seats.length,
  });
  for (;;) {
    const result = game.result(state);
    if (result) {
      program.bot.send({ type: 'end', table, result });
      const record = newRecord({
        game: game.kind,
        id: table,
        rulesVersion: game.rulesVersion,
        settings: game.settingsToJson(settings),
        seed,
        players: seats.map((s) =>
          s.kind === 'program'
            ? { name: program.name, kind: 'bot', bot: 'program' }
            : { name: s.name, kind: 'bot', bot: s.name },
        ),
        moves,
        result,
        createdAt: new Date().toISOString(),
      });
      return ok({ table, result, record });
    }
    const toAct = game.toAct(state);
    const seat = toAct[0];
    const who = seats[seat];
    const turn =
      who.kind === 'bot'
        ? askBuiltIn(game, who, settings, state, seat, Rng.fromSeed(`${seed}/${moves.length}/${seat}`))
        : await askProgram(game, state, seat, moves.length, program.bot, table);
    if (!turn.ok) return turn;
    moves.push(formatRecordedMove(seat, turn.value.move, toAct));
    state = turn.value.state;
  }
}

/** A move and the state it leaves, as the engine played it. */
type PlayedTurn = Result<{ readonly move: string; readonly state: unknown }>;

function askBuiltIn(
  game: AnyGameModule,
  who: Extract<MatchSeat, { kind: 'bot' }>,
  settings: unknown,
  state: unknown,
  seat: number,
  rng: Rng,
): PlayedTurn {
  const move = askBot(game, who.bot, settings, state, seat, rng);
  if (!move.ok) return move;
  const played = game.play(state, seat, move.value);
  if (!played.ok) return err('match.failed', `the bot ${who.name}: ${played.error.message}`);
  return ok({ move: move.value, state: played.value.state });
}

/** One turn of the program: its move, refused moves told and asked again, or why it gave none. */
async function askProgram(
  game: AnyGameModule,
  state: unknown,
  seat: number,
  seq: number,
  bot: BotProgram,
  table: string,
): Promise<PlayedTurn> {
  const legal = game.legalMoves(state, seat);
  const turn = {
    type: 'turn',
    table,
    seq,
    seat,
    view: game.view(state, { seat }),
    legal,
    clockMs: null,
  } as const;
  bot.send(turn);
  for (let refused = 0; ;) {
    const line = await bot.next();
    if (!line.ok) return line;
    // Chat has nobody to read it here; resigning and aborting are a server's (the local match plays on).
    if (line.value.type === 'chat') continue;
    if (line.value.type !== 'move') {
      return err(
        'bot.protocol',
        `the bot sent a "${line.value.type}" line during a game; a turn wants a "move" ` +
          '(resign, abort and takeback-answer are answered on a server, through attila bot connect)',
      );
    }
    const { table: answered, seq: answeredSeq, move } = line.value;
    if (answered !== table || answeredSeq !== seq) {
      return err(
        'bot.protocol',
        `the bot answered table ${answered} move ${answeredSeq}, but the turn asked is table ${table} move ${seq}`,
      );
    }
    // The engine's own verdict, with its reason; a refused move changes nothing (states are values).
    const tried = game.play(state, seat, move);
    if (tried.ok) return ok({ move, state: tried.value.state });
    if (++refused > REFUSALS_PER_TURN) {
      return err(
        'bot.refused',
        `the bot's move "${move}" was refused (${tried.error.message}) for the ${refused}th time in one turn`,
      );
    }
    bot.send({ type: 'refused', table, seq, code: tried.error.code, message: tried.error.message });
    bot.send(turn);
  }
}
