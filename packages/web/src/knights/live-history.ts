/**
 * A live Knights game's past, from the moves the table told (the welcome's log and every update): the move
 * list, and the position after any of them. Knights has no hidden information and no chance, so the engine
 * rebuilds every position from the table's settings and the moves alone.
 */
import { playRecordedMoves } from '@attila/core';
import type { MoveNotice } from '@attila/protocol';
import { formatMove, knightsGame, knightsStart, type KnightsEvent, type KnightsState } from '@attila/knights';

/** The move text of each notice, oldest first; null when the log has a gap (it cannot be replayed). */
export function movesOfNotices(notices: readonly MoveNotice<KnightsEvent>[]): string[] | null {
  const moves: string[] = [];
  for (const [i, n] of notices.entries()) {
    if (n.seq !== i + 1) return null;
    const e = n.events.find((x) => x.type === 'placed' || x.type === 'moved');
    if (!e) return null;
    moves.push(
      e.type === 'placed'
        ? formatMove({ kind: 'place', to: e.square })
        : formatMove({ kind: 'move', from: e.from, to: e.to, scorch: e.scorch }),
    );
  }
  return moves;
}

/** The state after `ply` of `moves` at a table of these settings, or null if the engine refuses them. */
export function stateAfter(
  rawSettings: Record<string, unknown>,
  moves: readonly string[],
  ply: number,
): KnightsState | null {
  const settings = knightsGame.parseSettings(rawSettings);
  if (!settings.ok) return null;
  const played = playRecordedMoves(knightsGame, knightsStart(settings.value), moves.slice(0, ply));
  return played.ok ? played.value.state : null;
}
