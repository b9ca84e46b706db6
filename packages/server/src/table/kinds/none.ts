/** Nothing to do (the clock's timer went off early, a full table already started): nothing stored or said. */
import type { ChangeKind } from '../change-kind.js';

export const noChange: ChangeKind<'none'> = {
  commit: () => Promise.resolve(null),
  apply: () => undefined,
  publish: () => undefined,
};
