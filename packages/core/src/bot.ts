/**
 * The one bot contract. An honest bot decides from what its seat may see and nothing else: the view the game
 * gives that seat (`GameModule.view(state, { seat })`), the seat's legal moves, and the table's settings,
 * which every seat knew before the game began (a server refuses settings that hold a secret, see
 * `GameModule.secretInSettings`). It is never handed a state, so it cannot read another hand or the deck.
 *
 * A bot that reads the whole state (the arena's measuring bots, which show what hidden cards are worth) is an
 * `OmniscientBot`: a separate type, told apart by `sees`, that the compiler refuses wherever an honest bot is
 * asked for. Bots may think on their engine's fast internal types; they are asked through this contract.
 */
import type { GameEvent, GameModule } from './game.js';
import { err, ok, type Result } from './result.js';
import type { Rng } from './rng.js';

/** What an honest bot is shown when its seat must act. */
export interface SeatView<Settings, View> {
  readonly settings: Settings;
  readonly seat: number;
  /** `game.view(state, { seat })`. */
  readonly view: View;
  /** The seat's legal moves in notation, in the engine's order; never empty when a bot is asked. */
  readonly legalMoves: readonly string[];
}

export interface HonestBot<Settings, View> {
  readonly sees: 'seat';
  /** A legal move in notation; all its chance comes from `rng`, so a seed replays its decisions. */
  choose(seen: SeatView<Settings, View>, rng: Rng): string;
}

/** A bot that reads the whole state: for measurement only, never seated against people. */
export interface OmniscientBot<State> {
  readonly sees: 'everything';
  /** A legal move in notation for `seat` (the seat to act). */
  choose(state: State, seat: number, rng: Rng): string;
}

/**
 * An honest bot of a game the holder does not know (a server's bot list): its settings and views are opaque,
 * and it is only ever shown views made by its own game (`askBot`).
 */
export type AnyHonestBot = HonestBot<unknown, unknown>;

/**
 * What `seat` may see in `state`: the seat's view, and its legal moves, computed only if the bot asks for them
 * (a search bot generates its own move codes).
 */
export function seatView<Settings, State, View, Event extends GameEvent>(
  game: GameModule<Settings, State, View, Event>,
  settings: Settings,
  state: State,
  seat: number,
): SeatView<Settings, View> {
  let legal: readonly string[] | null = null;
  return {
    settings,
    seat,
    view: game.view(state, { seat }),
    get legalMoves() {
      return (legal ??= game.legalMoves(state, seat));
    },
  };
}

export type BotErrorCode = 'bot.no-move';

/**
 * Asks an honest bot for `seat`'s move in `state`: the bot is shown only `seatView(...)`. The move still has
 * to be played through `game.play`, which checks it like any other.
 */
export function askBot<Settings, State, View, Event extends GameEvent>(
  game: GameModule<Settings, State, View, Event>,
  bot: HonestBot<Settings, View>,
  settings: Settings,
  state: State,
  seat: number,
  rng: Rng,
): Result<string, BotErrorCode> {
  if (!game.toAct(state).includes(seat)) {
    return err('bot.no-move', `seat ${seat} has no move to make now`);
  }
  return ok(bot.choose(seatView(game, settings, state, seat), rng));
}

/** The random bot of every game: one of the seat's legal moves, each equally likely. */
export const randomBot: HonestBot<unknown, unknown> = {
  sees: 'seat',
  choose: (seen, rng) => rng.pick(seen.legalMoves),
};
