/** Hotseat: the game's own screen for several people on one device, from the registry. */
import type { GameKind } from '@attila/core';
import { clientGame } from '../games/registry.js';

export function HotseatScreen({ game }: { game: GameKind }) {
  const { Hotseat } = clientGame(game);
  return <Hotseat />;
}
