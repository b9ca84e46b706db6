/**
 * The games this server hosts, known only through their `GameModule`: the server never looks inside
 * a game's settings, state or view.
 */
import type { AnyGameModule } from '@attila/core';
import type { GameKind } from '@attila/protocol';

export type AnyGame = AnyGameModule;
export type GameRegistry = Partial<Record<GameKind, AnyGame>>;
