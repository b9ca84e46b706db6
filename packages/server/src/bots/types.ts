/** What the server asks of a bot: a move for `seat`, given the game so far. Answered off the main thread. */
import type { GameKind } from '@attila/protocol';

export interface BotRequest {
  readonly table: string;
  readonly game: GameKind;
  readonly settings: Record<string, unknown>;
  readonly seed: string;
  /** The recorded move list so far (record notation). */
  readonly moves: readonly string[];
  readonly seat: number;
  readonly bot: string;
}

export interface BotRunner {
  /** The bots a table may use for `game` (their names). */
  available(game: GameKind): readonly string[];
  choose(request: BotRequest): Promise<string>;
  close(): Promise<void>;
}
