/**
 * A seat going on vacation or coming back (correspondence clocks only), as a pure decision on the stored
 * table: while away, the seat's clock stands still and its yearly allowance is spent instead (clock.ts).
 */
import { err, ok, type Result } from '@attila/core';
import { isCorrespondence, vacationLeftAt, withVacation } from './clock.js';
import type { StoredTable, TablePatch } from './storage/types.js';

export function vacationPatch(
  meta: StoredTable,
  seat: number,
  away: boolean,
  now: number,
): Result<TablePatch> {
  if (!meta.clockSettings || !isCorrespondence(meta.clockSettings) || !meta.clock?.vacation) {
    return err(
      'vacation.not-correspondence',
      'vacation is for correspondence clocks (days per move or a bank of days); this table has none',
    );
  }
  if (meta.status !== 'playing') return err('vacation.not-playing', 'the game is not in progress');
  if (away && vacationLeftAt(meta.clock, seat, now) <= 0) {
    return err('vacation.none-left', "this seat's vacation for this year is used up");
  }
  return ok({ clock: withVacation(meta.clock, seat, away, now) });
}
