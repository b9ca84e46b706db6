/**
 * The games this server hosts, known only through their `GameModule`: the server never looks inside
 * a game's settings, state or view.
 */
import type { GameModule } from '@attila/core';
import type { GameName } from './protocol.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = GameModule<any, any, any>;
export type GameRegistry = Partial<Record<GameName, AnyGame>>;
