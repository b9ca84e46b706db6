/**
 * The standard board's opening table on the page's main thread, so a placement position's values show in
 * the same frame as the position, with no round trip: the data file (packages/bots, a few hundred kilobytes)
 * is loaded once, when a placement position of the standard board is first analysed, by a worker that also
 * enumerates the table space; a lookup is then a few microseconds. A failed load (offline before the service
 * worker cached the file, a damaged file) leaves the table out: the server and the browser's solver answer
 * instead, and the next position tries again.
 */
import { moveToString, PLACEMENT, STANDARD_LAYOUT, type Position } from '@attila/knights';
import { layoutGeometry, OpeningTable, TableSpace } from '@attila/bots/knights-table';
import type { Verdict } from './board.js';
import type { TableLoad } from './opening-table-worker.js';

let loaded: OpeningTable | null = null;
let loading: Promise<OpeningTable | null> | null = null;
let waiting: Array<(table: OpeningTable) => void> = [];

function loadInWorker(): Promise<OpeningTable | null> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./opening-table-worker.ts', import.meta.url), { type: 'module' });
    const fail = (why: string) => {
      worker.terminate();
      console.warn(`the opening table is not available: ${why}`);
      loading = null;
      resolve(null);
    };
    worker.onerror = (e) => fail(e.message);
    worker.onmessage = (e: MessageEvent<TableLoad>) => {
      if ('error' in e.data) return fail(e.data.error);
      worker.terminate();
      try {
        const space = new TableSpace(layoutGeometry(STANDARD_LAYOUT), e.data.keys);
        const table = new OpeningTable(space, STANDARD_LAYOUT.shape, e.data.shardSize, e.data.values);
        loaded = table;
        for (const wake of waiting) wake(table);
        waiting = [];
        resolve(table);
      } catch (err) {
        fail(err instanceof Error ? err.message : String(err));
      }
    };
    worker.postMessage('load');
  });
}

/** The table, loading it the first time (null: it could not be loaded this time). */
export function loadOpeningTable(): Promise<OpeningTable | null> {
  if (loaded) return Promise.resolve(loaded);
  loading ??= loadInWorker();
  return loading;
}

/** The table once something has loaded it (this does not load it). */
export function whenOpeningTableLoaded(): Promise<OpeningTable> {
  return loaded ? Promise.resolve(loaded) : new Promise((wake) => waiting.push(wake));
}

/** The table if it has been loaded, else null (synchronous: for the frame being rendered). */
export function loadedOpeningTable(): OpeningTable | null {
  return loaded;
}

/** Whether the table is about this position: a placement position of the standard board, nothing scorched. */
export function inTableSpace(position: Position): boolean {
  return position.layout === STANDARD_LAYOUT && position.phase() === 'placement' && position.scorched === 0;
}

export interface TableAnswer {
  /** The placements whose value the table holds (exact). */
  readonly verdicts: readonly Verdict[];
  /** Every legal placement is among them. */
  readonly complete: boolean;
}

/** What the table knows of a position's placements, or null when the position is not one of the table's. */
export function tableAnswer(table: OpeningTable, position: Position): TableAnswer | null {
  if (!inTableSpace(position)) return null;
  const moves = table.placementValues(position);
  if (moves === null) return null;
  const verdicts = moves.flatMap((m) =>
    m.value === null
      ? []
      : [{ move: moveToString(position.layout, PLACEMENT | m.square), value: m.value, exact: true }],
  );
  return { verdicts, complete: verdicts.length === moves.length };
}
