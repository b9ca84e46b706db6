/**
 * A Knights table as storage holds it (open, seat 0 taken, seat 1 free, unless `changes` say otherwise): for
 * tests of the stores alone.
 */
import type { StoredTable } from '../storage/types.js';

export function storedTable(id: string, changes: Partial<StoredTable> = {}): StoredTable {
  return {
    id,
    game: 'knights',
    settings: { layout: 'standard', first: 'R' },
    seed: 'seed',
    rulesVersion: '1',
    listed: true,
    clockSettings: null,
    takeover: 'random',
    status: 'open',
    createdAt: '2026-12-02T00:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    result: null,
    clock: null,
    seats: [
      { seat: 0, name: 'A', kind: 'human', bot: null, tokenHash: 'ab'.repeat(32), controller: 'human' },
      { seat: 1, name: null, kind: 'human', bot: null, tokenHash: null, controller: 'human' },
    ],
    ...changes,
  };
}
