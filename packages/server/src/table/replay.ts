/**
 * A table's copy rebuilt from storage: its settings parsed and its moves replayed through the engine from
 * the seed, each one re-checked, so a table that loads is one the rules allow.
 */
import { err, ok, replayMoves, type Result } from '@attila/core';
import type { ChatMessage } from '@attila/protocol';
import type { AnyGame } from '../games.js';
import type { StoredMove, StoredTable } from '../storage/types.js';
import type { TableCopy } from './change-kind.js';

export function replayedCopy(
  game: AnyGame,
  meta: StoredTable,
  moves: readonly StoredMove[],
  chat: ChatMessage[],
): Result<TableCopy> {
  const settings = game.parseSettings(meta.settings);
  if (!settings.ok) return settings;
  const replayed = replayMoves(
    game,
    settings.value,
    meta.seed,
    moves.map((m) => m.move),
  );
  if (!replayed.ok) return err(replayed.error.code, `table ${meta.id}: ${replayed.error.message}`);
  const { states, events } = replayed.value;
  const history = moves.map((m, i) => ({
    seat: m.seat,
    events: events[i],
    toActBefore: game.toAct(states[i]),
  }));
  const state = states[states.length - 1];
  return ok({ meta, state, moves: moves.map((m) => m.move), history, chatLog: chat });
}
