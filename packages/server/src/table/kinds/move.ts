/** A move: appended to the stored log, played on the copy, published as an update. */
import type { ChangeKind } from '../change-kind.js';
import type { HistoryEntry } from '../../moves.js';
import { updateTexts } from '../../wire.js';

/** Whether the last move (`history`'s last entry, by `seat`) was the first of the last seat to move at all. */
export function endsAbortTime(history: readonly HistoryEntry[], seat: number, seats: number): boolean {
  const moved = new Set<number>();
  for (let i = 0; i < history.length - 1; i++) {
    if (history[i].seat === seat) return false;
    moved.add(history[i].seat);
  }
  return moved.size === seats - 1;
}

export const moveChange: ChangeKind<'move'> = {
  async commit(change, site) {
    await site.storage.appendMove(site.copy.meta.id, change.move, change.patch, site.line);
    return null;
  },
  apply(change, _stored, { copy, metrics }) {
    copy.state = change.next;
    copy.moves.push(change.move.move);
    copy.history.push(change.entry);
    copy.meta = change.meta;
    metrics.moves++;
    if (change.byBot) metrics.botMoves++;
  },
  publish(change, _stored, site) {
    site.audience.publish(updateTexts(site.moment(), change.move.seat, change.events), {
      seq: site.seq,
      line: site.line,
      // Other processes' copies follow the move without reading storage (table/known-current.ts).
      stored: site.shared ? { move: change.move, patch: change.patch } : undefined,
    });
    // The last seat's first move ends the time the game can be aborted (every seat has moved): the table's
    // news says so. The other moves change nothing in it the update does not say.
    if (change.meta.result || endsAbortTime(site.copy.history, change.move.seat, change.meta.seats.length))
      site.publishTable();
  },
  mover: (change) => change.move.seat,
};
