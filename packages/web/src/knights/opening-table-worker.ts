/// <reference lib="webworker" />
/**
 * Loads the standard board's opening table off the page's main thread: fetches the data file (a static
 * asset the service worker caches), checks it (layout, layer sizes, checksum) and enumerates its table space
 * (about 0.1 s, too long for the main thread), then hands the values and the space's keys to the page,
 * transferred rather than copied. One question, one answer; the page then ends this worker.
 */
import { STANDARD_LAYOUT } from '@attila/knights';
import { OpeningTable } from '@attila/bots/knights-table';
import tableUrl from '@attila/bots/knights-table-data?url';

export type TableLoad =
  | { readonly keys: Float64Array[]; readonly values: Uint8Array; readonly shardSize: number }
  | { readonly error: string };

async function load(): Promise<TableLoad> {
  const response = await fetch(tableUrl);
  if (!response.ok) return { error: `the opening table's file: HTTP ${response.status}` };
  const table = OpeningTable.fromBytes(new Uint8Array(await response.arrayBuffer()), STANDARD_LAYOUT);
  // The values are a view into the whole file: copied to a buffer of their own, which is then transferred.
  return { keys: [...table.space.layerKeys()], values: table.values.slice(), shardSize: table.shardSize };
}

self.onmessage = () => {
  load()
    .catch((e: unknown): TableLoad => ({ error: e instanceof Error ? e.message : String(e) }))
    .then((answer) => {
      const buffers = 'keys' in answer ? [...answer.keys.map((k) => k.buffer), answer.values.buffer] : [];
      self.postMessage(answer, buffers);
    });
};
