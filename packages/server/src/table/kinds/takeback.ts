/** A takeback: the moves after `keep` deleted, the copy back at the kept position, on a new line. */
import type { ChangeKind } from '../change-kind.js';

export const takebackChange: ChangeKind<'takeback'> = {
  async commit(change, site) {
    await site.storage.takeBack(site.copy.meta.id, change.keep, change.seq, change.patch);
    return null;
  },
  apply(change, _stored, { copy }) {
    copy.state = change.next;
    copy.moves.length = change.keep;
    copy.history.length = change.keep;
    copy.meta = change.meta;
  },
  publish: (_change, _stored, site) => site.publishTable(),
};
