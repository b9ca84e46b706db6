/**
 * Turns a game's typed spec into the registry's `ClientGame`: the generic table and replay screens are
 * instantiated here with the game's own types, so nothing downstream needs to know them.
 */
import { err, ok, replayMoves, type GameEvent, type GameRecord, type Result } from '@attila/core';
import type { ComponentType } from 'preact';
import { GameTable } from '../screens/game-table.js';
import { ReplayView } from '../screens/replay-view.js';
import type { ClientGame, ClientGameSpec } from './client-game.js';

export function defineClientGame<S, St, V, E extends GameEvent>(
  spec: ClientGameSpec<S, St, V, E>,
): ClientGame {
  const game = spec.module;
  return {
    kind: game.kind,
    seatLabel: spec.seatLabel,
    defaultChoice: spec.defaultChoice,
    Hotseat: spec.Hotseat,
    LobbySettings: spec.LobbySettings,
    Table: ({ first }) => <GameTable game={spec} first={first} />,
    replay(record: GameRecord): Result<ComponentType> {
      if (record.game !== game.kind) {
        return err('replay.game', `a ${record.game} record cannot be replayed as ${game.kind}`);
      }
      const settings = game.parseSettings(record.settings);
      if (!settings.ok) return settings;
      const replayed = replayMoves(game, settings.value, record.seed, record.moves);
      if (!replayed.ok) return replayed;
      const { states, events } = replayed.value;
      return ok(() => <ReplayView game={spec} record={record} states={states} events={events} />);
    },
  };
}
