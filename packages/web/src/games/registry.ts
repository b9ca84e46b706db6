/**
 * The one registry of client games: every screen that differs per game asks here (board, decision panel,
 * hotseat screen, lobby settings, labels), so no screen holds an `if` on a game's name.
 */
import type { GameKind } from '@attila/core';
import { knightsClient } from '../knights/client-game.js';
import { nimClient } from '../nim/client-game.js';
import { tribesClient } from '../tribes/client-game.js';
import type { ClientGame } from './client-game.js';
import { defineClientGame } from './define.js';

const CLIENT_GAMES: Readonly<Record<GameKind, ClientGame>> = {
  knights: defineClientGame(knightsClient),
  tribes: defineClientGame(tribesClient),
  nim: defineClientGame(nimClient),
};

export function clientGame(kind: GameKind): ClientGame {
  return CLIENT_GAMES[kind];
}
