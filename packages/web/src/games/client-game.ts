/**
 * The seam between an engine and the screens: what a game gives the web app (its engine module, its boards
 * for live play and replays, its hotseat screen, its lobby settings and labels). A game spells this once, typed
 * by its own settings, state, view and event types; the registry keeps each one in a `ClientGame`, whose surface
 * names no game type, so screens choose per game without an `if` and without a cast.
 */
import type { GameEvent, GameKind, GameModule, GameRecord, Result } from '@attila/core';
import type { MoveNotice, Snapshot, TableInfo } from '@attila/protocol';
import type { ComponentType } from 'preact';
import type { T } from '../i18n/i18n.js';

/** What a table screen hands a game's live board. */
export interface LiveBoardProps<View, Event extends GameEvent> {
  readonly table: TableInfo;
  readonly snapshot: Snapshot<View>;
  /** The moves seen live (and those missed while away), oldest first. */
  readonly notices: readonly MoveNotice<Event>[];
  readonly seat: number | null;
  readonly onMove: (move: string) => void;
  /** Games against bots only: the exact analysis may be shown. */
  readonly analysisAllowed: boolean;
  /** Asks for a rematch (a seated player once the game is over; the game-over dialog offers it). */
  readonly onRematch?: () => void;
}

/** What the replay screen hands a game's board at one ply. */
export interface ReplayBoardProps<State, Event extends GameEvent> {
  /** The whole game (settings, seed, every move, the result): what a review of the game starts from. */
  readonly record: GameRecord;
  readonly state: State;
  readonly ply: number;
  readonly moves: readonly string[];
  /** The events of every move up to this ply. */
  readonly events: readonly (readonly Event[])[];
  readonly names: readonly string[];
  /** Shows the position after another ply (a click in the move list). */
  readonly onJump?: (ply: number) => void;
}

/** A table's game, chosen in the lobby's settings form. */
export interface TableChoice {
  readonly settings: Record<string, unknown>;
  readonly players: number;
}

export interface LobbySettingsProps {
  readonly onChange: (choice: TableChoice) => void;
}

export interface ClientGameSpec<Settings, State, View, Event extends GameEvent> {
  readonly module: GameModule<Settings, State, View, Event>;
  /** A seat's name before anybody sits there: "Romans", "Player 2". */
  seatLabel(t: T, seat: number): string;
  /** The lobby's settings before the player changes any. */
  readonly defaultChoice: TableChoice;
  readonly LiveBoard: ComponentType<LiveBoardProps<View, Event>>;
  readonly ReplayBoard: ComponentType<ReplayBoardProps<State, Event>>;
  readonly Hotseat: ComponentType;
  readonly LobbySettings: ComponentType<LobbySettingsProps>;
}

/** A game the way the registry keeps it: everything screens choose per game, with no game type in sight. */
export interface ClientGame {
  readonly kind: GameKind;
  seatLabel(t: T, seat: number): string;
  readonly defaultChoice: TableChoice;
  readonly Hotseat: ComponentType;
  readonly LobbySettings: ComponentType<LobbySettingsProps>;
  /** The live table, once its game is known. */
  readonly Table: ComponentType<{ first: TableInfo }>;
  /** A record replayed through the engine (every move re-checked), ready to step through; or why not. */
  replay(record: GameRecord): Result<ComponentType>;
}
