/**
 * The public face of a game engine: all that the server, the web app, the bots' harness and the command line
 * may know of a game. Moves travel as text in the game's own notation; views are plain JSON, already filtered
 * for the one who looks. Nothing here knows a rule of either game.
 */
import type { GameKind, GameResult } from './record.js';
import type { Result } from './result.js';

/** Who looks at a game: a seat (0-based, in seat order) or a spectator, who sees no private information. */
export type Viewer = { readonly seat: number } | 'spectator';

/** Something that happened, for screens and logs. Events carry only public information. */
export interface GameEvent {
  readonly type: string;
  readonly [field: string]: unknown;
}

export interface Played<State, Event extends GameEvent = GameEvent> {
  readonly state: State;
  readonly events: readonly Event[];
}

export interface SeatRange {
  readonly min: number;
  readonly max: number;
}

/**
 * `Event` is the engine's own union of events (each with its `type`), so a screen that knows its game reads
 * them without casts; code that hosts any game sees `GameEvent`.
 */
export interface GameModule<Settings, State, View, Event extends GameEvent = GameEvent> {
  readonly kind: GameKind;
  /** Bumped whenever a rule change could make an old record replay differently. */
  readonly rulesVersion: string;
  readonly seats: SeatRange;
  /** Settings from untrusted input (a lobby form, a record), with every option validated. */
  parseSettings(raw: unknown): Result<Settings>;
  /** Settings as plain JSON, for records; `parseSettings(settingsToJson(s))` gives `s` back. */
  settingsToJson(settings: Settings): Record<string, unknown>;
  playerCount(settings: Settings): number;
  /**
   * Why these settings would give hidden information away if a server published them (an explicit deck order
   * tells whoever reads it every hand), or null when they do not. Such settings are for hotseat and puzzles.
   */
  secretInSettings?(settings: Settings): string | null;
  /** The starting state: everything random comes from the seed. */
  setup(settings: Settings, seed: string): Result<State>;
  /** Seats that must act now: one, several at once (simultaneous choices), or none when the game is over. */
  toAct(state: State): readonly number[];
  /** The moves `seat` may make now, in notation; empty when it is not that seat's turn. */
  legalMoves(state: State, seat: number): readonly string[];
  /** Parses and checks a move by `seat`, and applies it; a refused move changes nothing. */
  play(state: State, seat: number, move: string): Result<Played<State, Event>>;
  /** Exactly what `viewer` may see, as JSON. */
  view(state: State, viewer: Viewer): View;
  /**
   * Optional: the views of several viewers at once, each equal to `view`'s. What they see alike may be the
   * same objects in each (a server then serializes them once for all its audiences); treat them as
   * read-only.
   */
  views?(state: State, viewers: readonly Viewer[]): View[];
  /**
   * True when every viewer gets the same view (perfect information), so a server may build it once per
   * change instead of once per audience.
   */
  readonly sameViewForEveryone?: boolean;
  /** Non-null once the game is over. */
  result(state: State): GameResult | null;
}

/**
 * A game whose types the holder does not know (the server's game list, a record replayer). Its settings,
 * states and views are opaque values that are only ever handed back to the same module. Every game's module is
 * one: the methods take their settings and states as method parameters, which TypeScript compares both ways.
 */
export type AnyGameModule = GameModule<unknown, unknown, unknown, GameEvent>;
