/** The bot ladder's public page (`GET /api/ladder`): ratings per pool and the recent games. */
import type { GameKind } from '@attila/core';

export type LadderPoolName = 'knights' | 'tribes-3' | 'tribes-4';

export interface LadderPlayer {
  /** `level:<bot>` (a built-in level) or `account:<player id>` (a bot account). */
  readonly player: string;
  readonly kind: 'level' | 'account';
  /** The level's name, or the bot account's display name. */
  readonly name: string;
  readonly rating: number;
  readonly deviation: number;
  readonly games: number;
  /** Too few games to trust the number yet (deviation above 110): shown as `1623?`. */
  readonly provisional: boolean;
}

export interface LadderPoolView {
  readonly pool: LadderPoolName;
  readonly game: GameKind;
  readonly seats: number;
  /** Best first. */
  readonly players: readonly LadderPlayer[];
}

export interface LadderGame {
  readonly table: string;
  readonly pool: LadderPoolName;
  readonly game: GameKind;
  readonly ordinal: number;
  /** In seat order. */
  readonly players: readonly { readonly player: string; readonly name: string }[];
  /** Each seat's place (0 best); null: the game had no result (it was aborted). */
  readonly places: readonly number[] | null;
  /** When it was rated (ms since the epoch). */
  readonly ratedAt: number;
  /** Where its record is downloaded (`attila-record` JSON). */
  readonly record: string;
}

export interface LadderView {
  /** Whether the ladder plays on this server now (`attila serve --ladder off` stops it). */
  readonly running: boolean;
  /** Games played at once when running. */
  readonly concurrent: number | null;
  /** Rated games in all. */
  readonly games: number;
  readonly pools: readonly LadderPoolView[];
  /** The most recent rated games, newest first. */
  readonly recent: readonly LadderGame[];
}
