/**
 * A table's hard deadline (an event's correspondence round closing: events/director.ts): the game still
 * under way is decided as its clock would decide it if time ran out now — the seats whose clocks run (the
 * players to move) lose, the others win; with nobody to move the game ends without a winner. The clock
 * stops. A table not in play is left as it is (already over: nothing to decide).
 */
import { ok, type Result } from '@attila/core';
import { patched, type Change, type TableNow } from './change.js';
import { stopClock } from './clock.js';
import type { TablePatch } from './storage/types.js';

export function decideDeadline(t: TableNow, reason: string, now: number): Result<Change> {
  const { meta } = t;
  if (meta.status !== 'playing') return ok({ kind: 'none' });
  const toMove = meta.clock?.running ?? [];
  const winners = toMove.length === 0 ? [] : meta.seats.map((s) => s.seat).filter((s) => !toMove.includes(s));
  const lost = toMove.length === 0 ? 'nobody was to move' : `seat ${toMove.join(', ')} to move lost on time`;
  const patch: TablePatch = {
    status: 'finished',
    result: { winners, reason: `${reason}: ${lost}` },
    finishedAt: new Date(now).toISOString(),
    ...(meta.clock ? { clock: stopClock(meta.clock, now) } : {}),
  };
  return ok({ kind: 'table', patch, meta: patched(meta, [], patch) });
}
