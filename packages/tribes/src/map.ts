/**
 * Tribes maps: the JSON data format, and the loader that validates it. Inside the engine a province is
 * its index in the file's list and sets of provinces are 32-bit masks, so a map holds at most 32 provinces.
 */
import { err, ok, type Result } from '@attila/core';

export const MAP_FORMAT = 'attila-tribes-map';
export const MAP_VERSION = 1;
export const MAX_PROVINCES = 32;
export const START_PROVINCES = 6;

export type BorderKind = 'land' | 'sea';

export interface MapNeighbourJson {
  readonly id: string;
  readonly kind: BorderKind;
}

export interface MapProvinceJson {
  readonly id: string;
  readonly name: string;
  readonly start: boolean;
  readonly playable: boolean;
  /** [longitude, latitude] in degrees, where labels and markers are drawn. */
  readonly anchor: readonly [number, number];
  readonly neighbours: readonly MapNeighbourJson[];
}

export interface MapJson {
  readonly format: typeof MAP_FORMAT;
  readonly version: typeof MAP_VERSION;
  readonly name: string;
  readonly reconstruction?: boolean;
  readonly note?: string;
  readonly provinces: readonly MapProvinceJson[];
}

export interface Province {
  readonly index: number;
  readonly id: string;
  readonly name: string;
  readonly start: boolean;
  readonly playable: boolean;
  readonly anchor: readonly [number, number];
  readonly neighbours: readonly { readonly index: number; readonly kind: BorderKind }[];
}

export interface TribesMap {
  readonly name: string;
  readonly reconstruction: boolean;
  readonly provinces: readonly Province[];
  /** Provinces where a marker may ever be placed. */
  readonly playableMask: number;
  readonly startMask: number;
  /** adjacency[p]: mask of the provinces bordering p, by land or sea. */
  readonly adjacency: Int32Array;
  /** The validated JSON, for records and for drawing. */
  readonly json: MapJson;
}

export type MapErrorCode = 'map.invalid';

const ID_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function fail(message: string): Result<never, MapErrorCode> {
  return err('map.invalid', `bad map: ${message}`);
}

/** Checks the field shapes of one province; semantic checks come after all are read. */
function readProvince(raw: unknown, i: number): Result<MapProvinceJson, MapErrorCode> {
  const where = `provinces[${i}]`;
  if (!isRecord(raw)) return fail(`${where} must be an object`);
  const allowed = ['id', 'name', 'start', 'playable', 'anchor', 'neighbours'];
  const extra = Object.keys(raw).filter((k) => !allowed.includes(k));
  if (extra.length) return fail(`${where} has unknown field "${extra[0]}"; allowed: ${allowed.join(', ')}`);
  const { id, name, start, playable, anchor, neighbours } = raw;
  if (typeof id !== 'string' || !ID_PATTERN.test(id)) {
    return fail(
      `${where}.id must be a lowercase id (a-z, 0-9, -; up to 32 characters), got ${JSON.stringify(id)}`,
    );
  }
  if (typeof name !== 'string' || name.length === 0 || name.length > 64) {
    return fail(`province "${id}": name must be a text of 1 to 64 characters`);
  }
  if (typeof start !== 'boolean') return fail(`province "${id}": start must be true or false`);
  if (typeof playable !== 'boolean') return fail(`province "${id}": playable must be true or false`);
  if (
    !Array.isArray(anchor) ||
    anchor.length !== 2 ||
    typeof anchor[0] !== 'number' ||
    typeof anchor[1] !== 'number' ||
    Math.abs(anchor[0]) > 180 ||
    Math.abs(anchor[1]) > 90
  ) {
    return fail(`province "${id}": anchor must be [longitude, latitude] in degrees (-180..180, -90..90)`);
  }
  if (!Array.isArray(neighbours)) return fail(`province "${id}": neighbours must be a list`);
  const list: MapNeighbourJson[] = [];
  for (const n of neighbours) {
    if (!isRecord(n) || typeof n.id !== 'string' || (n.kind !== 'land' && n.kind !== 'sea')) {
      return fail(`province "${id}": each neighbour is {"id": "<province id>", "kind": "land" | "sea"}`);
    }
    list.push({ id: n.id, kind: n.kind });
  }
  return ok({ id, name, start, playable, anchor: [anchor[0], anchor[1]], neighbours: list });
}

/** Validates map JSON: shape, unique ids, known and two-sided borders, 6 start provinces, all reachable. */
export function parseMap(raw: unknown): Result<TribesMap, MapErrorCode> {
  if (!isRecord(raw)) return fail('a map is a JSON object');
  if (raw.format !== MAP_FORMAT) return fail(`"format" must be "${MAP_FORMAT}"`);
  if (raw.version !== MAP_VERSION) return fail(`"version" must be ${MAP_VERSION}`);
  if (typeof raw.name !== 'string' || raw.name.length === 0) return fail('"name" must be a non-empty text');
  if (raw.reconstruction !== undefined && typeof raw.reconstruction !== 'boolean') {
    return fail('"reconstruction" must be true or false');
  }
  if (raw.note !== undefined && typeof raw.note !== 'string') return fail('"note" must be a text');
  if (!Array.isArray(raw.provinces) || raw.provinces.length === 0 || raw.provinces.length > MAX_PROVINCES) {
    return fail(`"provinces" must be a list of 1 to ${MAX_PROVINCES} provinces`);
  }
  const provinces: MapProvinceJson[] = [];
  for (let i = 0; i < raw.provinces.length; i++) {
    const p = readProvince(raw.provinces[i], i);
    if (!p.ok) return p;
    provinces.push(p.value);
  }
  const index = new Map<string, number>();
  provinces.forEach((p, i) => {
    if (!index.has(p.id)) index.set(p.id, i);
  });
  if (index.size !== provinces.length) {
    const dup = provinces.find((p, i) => index.get(p.id) !== i);
    return fail(`province id "${dup?.id}" is used twice`);
  }
  const adjacency = new Int32Array(provinces.length);
  for (let i = 0; i < provinces.length; i++) {
    const p = provinces[i];
    for (const n of p.neighbours) {
      const j = index.get(n.id);
      if (j === undefined) return fail(`province "${p.id}" borders unknown province "${n.id}"`);
      if (j === i) return fail(`province "${p.id}" borders itself`);
      if (adjacency[i] & (1 << j)) return fail(`province "${p.id}" lists neighbour "${n.id}" twice`);
      const back = provinces[j].neighbours.find((m) => m.id === p.id);
      if (!back) {
        return fail(
          `border ${p.id} -> ${n.id} is one-sided: "${n.id}" must also list "${p.id}" as a neighbour`,
        );
      }
      if (back.kind !== n.kind) {
        return fail(`border ${p.id} <-> ${n.id} is "${n.kind}" on one side and "${back.kind}" on the other`);
      }
      if (!p.playable || !provinces[j].playable) {
        const closed = p.playable ? n.id : p.id;
        return fail(
          `province "${closed}" is not playable and so may have no borders (it borders "${closed === p.id ? n.id : p.id}")`,
        );
      }
      adjacency[i] |= 1 << j;
    }
  }
  let startMask = 0;
  let playableMask = 0;
  provinces.forEach((p, i) => {
    if (p.start) startMask |= 1 << i;
    if (p.playable) playableMask |= 1 << i;
  });
  const starts = provinces.filter((p) => p.start);
  if (starts.length !== START_PROVINCES) {
    return fail(
      `a map needs exactly ${START_PROVINCES} start provinces, this one has ${starts.length}${starts.length ? ` (${starts.map((p) => p.id).join(', ')})` : ''}`,
    );
  }
  const closedStart = starts.find((p) => !p.playable);
  if (closedStart) return fail(`start province "${closedStart.id}" must be playable`);
  // Every playable province must be reachable from the start provinces, or markers could never get there.
  let reached = startMask;
  for (;;) {
    let next = reached;
    for (let i = 0; i < provinces.length; i++) if (reached & (1 << i)) next |= adjacency[i];
    if (next === reached) break;
    reached = next;
  }
  const unreachable = provinces.filter((p, i) => p.playable && !(reached & (1 << i)));
  if (unreachable.length) {
    return fail(
      `province${unreachable.length > 1 ? 's' : ''} ${unreachable.map((p) => `"${p.id}"`).join(', ')} cannot be reached from any start province`,
    );
  }
  const json: MapJson = {
    format: MAP_FORMAT,
    version: MAP_VERSION,
    name: raw.name,
    ...(raw.reconstruction !== undefined ? { reconstruction: raw.reconstruction } : {}),
    ...(raw.note !== undefined ? { note: raw.note } : {}),
    provinces,
  };
  return ok({
    name: raw.name,
    reconstruction: raw.reconstruction === true,
    provinces: provinces.map((p, i) => ({
      index: i,
      id: p.id,
      name: p.name,
      start: p.start,
      playable: p.playable,
      anchor: p.anchor,
      neighbours: p.neighbours.map((n) => ({ index: index.get(n.id)!, kind: n.kind })),
    })),
    playableMask,
    startMask,
    adjacency,
    json,
  });
}

/** Province index by id, or -1. */
export function provinceIndex(map: TribesMap, id: string): number {
  const lower = id.toLowerCase();
  for (const p of map.provinces) if (p.id === lower) return p.index;
  return -1;
}
