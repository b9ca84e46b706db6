/** A move: appended to the stored log, played on the copy, published as an update. */
import type { ChangeKind } from '../change-kind.js';
import { updateTexts } from '../../wire.js';

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
    });
    // A seat's first move may end the time the game can be aborted: the table's news says so.
    const movesBySeat = site.copy.history.filter((h) => h.seat === change.move.seat).length;
    if (change.meta.result || movesBySeat === 1) site.publishTable();
  },
  mover: (change) => change.move.seat,
};
