/**
 * What a watcher missed, told again: move by move from the history (a welcome after a short absence), or as
 * the updates it would have heard (its news was lost: a broadcast outage, an update overtaken by a later one).
 */
import { replayMoves } from '@attila/core';
import type { MoveNotice } from '@attila/protocol';
import type { AnyGame } from '../games.js';
import type { HistoryEntry } from '../moves.js';
import { updateTexts, type GameNow } from '../wire.js';
import type { TableCopy } from './change-kind.js';

/** What a client that last saw `since` missed, or null when it cannot be told move by move. */
export function missedSince(
  history: readonly HistoryEntry[],
  since: number | undefined,
): MoveNotice[] | null {
  if (since === undefined || since > history.length) return null;
  return history.slice(since).map((h, i) => ({ seq: since + i + 1, seat: h.seat, events: h.events }));
}

/**
 * The updates after `from` up to now, as `seat` hears them. Replays the game, so rare use only; each
 * update's clock is the current one.
 */
export function updatesSince(
  game: AnyGame,
  { meta, moves, history }: TableCopy,
  from: number,
  seat: number | null,
  now: number,
): string[] {
  const last = moves.length;
  if (from >= last) return [];
  const settings = game.parseSettings(meta.settings);
  if (!settings.ok) return [];
  const replayed = replayMoves(game, settings.value, meta.seed, moves);
  if (!replayed.ok) return [];
  const out: string[] = [];
  for (let seq = from + 1; seq <= last; seq++) {
    const g: GameNow = { game, meta, state: replayed.value.states[seq], seq, now };
    const then = seq === last ? meta : { ...meta, status: 'playing' as const, result: null };
    out.push(updateTexts({ ...g, meta: then }, history[seq - 1].seat, history[seq - 1].events)(seat));
  }
  return out;
}
