/** The table's own fields changed: its start, its end (time out, close, resign, abort), a vacation. */
import type { ChangeKind } from '../change-kind.js';

export const tableChange: ChangeKind<'table'> = {
  async commit(change, site) {
    await site.storage.updateTable(site.copy.meta.id, change.patch);
    return null;
  },
  apply(change, _stored, { copy }) {
    copy.meta = change.meta;
  },
  publish: (_change, _stored, site) => site.publishTable(),
  mover: () => null,
};
