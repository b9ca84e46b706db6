/**
 * After a stored change, the players whose turn began are told (push/turn-notices.ts sends them, in the
 * background). Which seat made the change comes from its kind (`ChangeKind.mover`).
 */
import { turnsBegan, type TurnNotices } from '../push/turn-notices.js';
import type { StoredTable } from '../storage/types.js';

export function noticeTurns(
  notices: TurnNotices | undefined,
  meta: StoredTable,
  mover: number | null | undefined,
  before: readonly number[],
  after: readonly number[],
): void {
  if (!notices || mover === undefined) return;
  const began = turnsBegan(before, after, mover, meta.seats);
  if (began.length === 0) return;
  notices.turnsBegan({
    table: meta.id,
    game: meta.game,
    clockSettings: meta.clockSettings,
    began,
    mover,
  });
}
