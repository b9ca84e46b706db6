/** Every kind of change, found by its name: the one list a new kind joins (see change-kind.ts). */
import type { ChangeKind, ChangeKindName, ChangeOf, ChangeSite, StoredOf } from './change-kind.js';
import type { Change } from '../commands.js';
import { chatChange } from './kinds/chat.js';
import { moveChange } from './kinds/move.js';
import { noChange } from './kinds/none.js';
import { rematchChange } from './kinds/rematch.js';
import { seatsChange } from './kinds/seats.js';
import { tableChange } from './kinds/table.js';
import { takebackChange } from './kinds/takeback.js';

type ChangeKinds = { readonly [K in ChangeKindName]: ChangeKind<K> };

const CHANGE_KINDS: ChangeKinds = {
  move: moveChange,
  takeback: takebackChange,
  rematch: rematchChange,
  seats: seatsChange,
  table: tableChange,
  chat: chatChange,
  none: noChange,
};

/** A change on its way: stored, then `apply` and `publish` (the table runs its hooks in between). */
export interface Committed<K extends ChangeKindName> {
  readonly stored: StoredOf[K];
  apply(): void;
  publish(): void;
  /** See `ChangeKind.mover`. */
  readonly mover: number | null | undefined;
}

/** Stores `change` through its kind; what it hands back applies and publishes it. */
export async function commitChange<K extends ChangeKindName>(
  kind: K,
  change: ChangeOf<K>,
  site: ChangeSite,
): Promise<Committed<K>> {
  const handler: ChangeKind<K> = CHANGE_KINDS[kind];
  const observer = site.metrics.observer;
  if (!observer) {
    const stored = await handler.commit(change, site);
    return {
      stored,
      apply: () => handler.apply(change, stored, site),
      publish: () => handler.publish(change, stored, site),
      mover: handler.mover ? handler.mover(change) : undefined,
    };
  }
  // The operator's metrics are on: the write and the publish are timed, the change counted.
  const writing = performance.now();
  const stored = await handler.commit(change, site);
  observer.storageWrite((performance.now() - writing) / 1000);
  return {
    stored,
    apply: () => {
      const before = site.copy.meta.status;
      handler.apply(change, stored, site);
      const any: Change = change;
      const byBot = any.kind === 'move' && any.byBot;
      observer.changed(site.copy.meta.game, kind, before, site.copy.meta.status, byBot);
    },
    publish: () => {
      const publishing = performance.now();
      handler.publish(change, stored, site);
      observer.broadcast((performance.now() - publishing) / 1000);
    },
    mover: handler.mover ? handler.mover(change) : undefined,
  };
}
