/**
 * The opening table (`../table/`) from layer 0 of the tablebase: every position just after the placement is
 * a move-phase position with nothing scorched, so layer 6 of the opening table is read off layer 0, and the
 * placement layers follow by the mate-distance rule (`OpeningTable.deriveLowerLayers`, a memoised recursion
 * over the placements) in under a second.
 */
import { encodeValue } from '../table/format.js';
import { KNIGHTS, type TableSpace } from '../table/space.js';
import { OpeningTable } from '../table/table.js';
import { valueOfCode } from './codes.js';
import type { TablebaseSpace } from './space.js';

/** Positions of layer 6 per shard in the file's header (the format keeps the field of the sharded build). */
export const OPENING_SHARD_SIZE = 250;

export function openingTableFromLayer0(
  space: TableSpace,
  shape: string,
  sp: TablebaseSpace,
  layer0: Uint8Array,
): OpeningTable {
  const table = OpeningTable.empty(space, shape, OPENING_SHARD_SIZE);
  const base = space.offsets[KNIGHTS];
  for (let r = 0; r < space.count(KNIGHTS); r++) {
    const [mover, other] = space.unrank(KNIGHTS, r);
    const at = sp.locate(mover, other, 0);
    if (at === null || at.layer !== 0)
      throw new Error('opening table: a 6-knight position outside the tablebase');
    table.values[base + r] = encodeValue(valueOfCode(layer0[at.index]));
  }
  table.deriveLowerLayers();
  return table;
}
