/** Seats changed (a join, a leave, a reclaim, a take-over when time ran out); a join may start the game. */
import type { ChangeKind } from '../change-kind.js';

export const seatsChange: ChangeKind<'seats'> = {
  async commit(change, site) {
    await site.storage.updateSeats(site.copy.meta.id, change.seats, change.patch);
    return null;
  },
  apply(change, _stored, { copy }) {
    copy.meta = change.meta;
  },
  publish: (_change, _stored, site) => site.publishTable(),
  // Whose join started the game: they are at the table.
  mover: (change) => change.outcome?.seat ?? null,
};
