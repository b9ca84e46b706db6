/**
 * The opening table in memory: the exact value of every placement-phase position of a layout, and of every
 * position just after it, looked up in the data file's bytes (`format.ts`) through the table space's ranks
 * (`space.ts`). Pure (no file system), so the browser's solver worker reads the same file as the server.
 * A position outside the table (something scorched, or another layout) or in a shard not built yet has no
 * value here (null): callers then ask the solver.
 */
import { popcount, type Layout } from '@attila/knights';
import type { SolverGeometry } from '../solver/geometry.js';
import { valueToScore } from '../solver/score.js';
import { decodeTable, decodeValue, encodeTable, encodeValue, UNKNOWN, type TableFile } from './format.js';
import { KNIGHTS, LAYERS, TableSpace } from './space.js';

export { TableSpace };

/** A position as the solver's bitmasks (`SolverPosition` has this shape). */
export interface TablePosition {
  readonly romans: number;
  readonly huns: number;
  readonly scorched: number;
  readonly side: 0 | 1;
}

export interface PlacementValue {
  /** The square placed on. */
  readonly square: number;
  /** The placement's value for the side placing (+N wins in N plies, -N loses in N), null if not known. */
  readonly value: number | null;
}

export function layoutGeometry(layout: Layout): SolverGeometry {
  return { size: layout.size, jumps: layout.jumps, symmetries: layout.symmetries.map((s) => s.perm) };
}

const spaces = new Map<Layout, TableSpace>();

/** The table space of a layout, computed once (about 0.1 s on the standard board). */
export function tableSpaceFor(layout: Layout): TableSpace {
  let s = spaces.get(layout);
  if (!s) {
    s = new TableSpace(layoutGeometry(layout));
    spaces.set(layout, s);
  }
  return s;
}

/** The value of a move for the side making it, from the value of the position it leaves (mate distance). */
export function valueAfter(childValue: number): number {
  return childValue > 0 ? -(childValue + 1) : -childValue + 1;
}

/** The better of two values for the side to move (quick wins, slow wins, slow losses, quick losses). */
export function betterValue(a: number, b: number): number {
  return valueToScore(a) >= valueToScore(b) ? a : b;
}

export class OpeningTable {
  constructor(
    readonly space: TableSpace,
    /** The layout's shape, in position-string form. */
    readonly shape: string,
    readonly shardSize: number,
    readonly values: Uint8Array,
  ) {
    if (values.length !== space.total) throw new Error('opening table: values do not match the space');
  }

  /** A table with nothing computed yet. */
  static empty(space: TableSpace, shape: string, shardSize: number): OpeningTable {
    return new OpeningTable(space, shape, shardSize, new Uint8Array(space.total));
  }

  /** Reads a data file for this layout; throws when it is damaged or made for another layout. */
  static fromBytes(bytes: Uint8Array, layout: Layout, space = tableSpaceFor(layout)): OpeningTable {
    const file = decodeTable(bytes);
    if (file.shape !== layout.shape)
      throw new Error(`opening table: made for ${file.shape}, not ${layout.shape}`);
    return OpeningTable.fromFile(file, space);
  }

  /** A decoded data file over its space; throws when the layer sizes disagree. */
  static fromFile(file: TableFile, space: TableSpace): OpeningTable {
    for (let k = 0; k < LAYERS; k++) {
      if (file.counts[k] !== space.count(k)) throw new Error(`opening table: layer ${k} has the wrong size`);
    }
    return new OpeningTable(space, file.shape, file.shardSize, file.values);
  }

  toBytes(): Uint8Array {
    const counts = Array.from({ length: LAYERS }, (_, k) => this.space.count(k));
    return encodeTable({ shape: this.shape, shardSize: this.shardSize, counts, values: this.values });
  }

  /** The value of the position (side to move's knights, the other side's), or null when unknown. */
  valueOf(mover: number, other: number): number | null {
    const i = this.space.index(mover, other);
    return i < 0 ? null : decodeValue(this.values[i]);
  }

  /** The rules page's value of a position, or null when it is outside the table or not computed yet. */
  positionValue(p: TablePosition): number | null {
    if (p.scorched !== 0) return null;
    return p.side === 0 ? this.valueOf(p.romans, p.huns) : this.valueOf(p.huns, p.romans);
  }

  /** Every legal placement with its value for the side placing (null: not computed yet), or null when the
   * position is not a placement position of the table. */
  placementValues(p: TablePosition): PlacementValue[] | null {
    if (p.scorched !== 0 || popcount(p.romans | p.huns) >= KNIGHTS) return null;
    const [mover, other] = p.side === 0 ? [p.romans, p.huns] : [p.huns, p.romans];
    if (this.space.index(mover, other) < 0) return null;
    // A child is (the other side's knights, the mover's with the new one): the new one is what the mover lacked.
    return this.space.children(mover, other).map(([m, o]) => {
      const v = this.valueOf(m, o);
      return { square: 31 - Math.clz32(o & ~mover), value: v === null ? null : valueAfter(v) };
    });
  }

  /** Every legal placement with its value when all are known, else null. */
  knownPlacementValues(p: TablePosition): Array<{ square: number; value: number }> | null {
    const all = this.placementValues(p);
    if (all === null) return null;
    const known: Array<{ square: number; value: number }> = [];
    for (const { square, value } of all) {
      if (value === null) return null;
      known.push({ square, value });
    }
    return known;
  }

  /** The value of a placement position from its children's values (null if one is unknown); 0 with none. */
  derivedValue(mover: number, other: number): number | null {
    let best: number | null = null;
    for (const [m, o] of this.space.children(mover, other)) {
      const v = this.valueOf(m, o);
      if (v === null) return null;
      const mine = valueAfter(v);
      best = best === null ? mine : betterValue(best, mine);
    }
    return best ?? 0;
  }

  /** Fills layers 5 down to 0 wherever every child is known (from the 6-knight layer up). */
  deriveLowerLayers(): void {
    for (let k = KNIGHTS - 1; k >= 0; k--) {
      const base = this.space.offsets[k];
      for (let r = 0; r < this.space.count(k); r++) {
        const [mover, other] = this.space.unrank(k, r);
        const v = this.derivedValue(mover, other);
        this.values[base + r] = v === null ? UNKNOWN : encodeValue(v);
      }
    }
  }

  /** How many values of each layer are known. */
  coverage(): Array<{ layer: number; known: number; total: number }> {
    return Array.from({ length: LAYERS }, (_, k) => {
      const base = this.space.offsets[k];
      let known = 0;
      for (let r = 0; r < this.space.count(k); r++) if (this.values[base + r] !== UNKNOWN) known++;
      return { layer: k, known, total: this.space.count(k) };
    });
  }
}
