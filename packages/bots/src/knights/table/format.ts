/**
 * The opening table's data file: a header, then one byte per position of the table space (`space.ts`),
 * layers 0 to 6 in rank order. A byte is 128 + the rules page's value (+N wins in N plies, -N loses in N,
 * 0 the side to move cannot move), or 0 for a value not computed yet (a shard of the build still to do).
 *
 * Header, little-endian: "AKOT" | u16 version | u16 header bytes | u32 CRC-32 of the values | u32 shard size
 * (positions of layer 6 per build shard) | u8 layer count | u8 shape length | the layout's shape (ASCII) |
 * u32 positions per layer. A file whose layout, counts or checksum disagree is refused.
 */
import { crc32Update } from '../tablebase/crc.js';
import { LAYERS } from './space.js';

export const MAGIC = 'AKOT';
export const TABLE_VERSION = 1;
export const UNKNOWN = 0;

export interface TableFile {
  readonly shape: string;
  readonly shardSize: number;
  readonly counts: readonly number[];
  readonly values: Uint8Array;
}

export function encodeValue(value: number): number {
  return value + 128;
}

/** The value of a byte, or null for "not computed". */
export function decodeValue(byte: number): number | null {
  return byte === UNKNOWN ? null : byte - 128;
}

export function crc32(bytes: Uint8Array): number {
  return crc32Update(0, bytes);
}

export function encodeTable(file: TableFile): Uint8Array {
  const headerBytes = 18 + file.shape.length + 4 * LAYERS;
  const out = new Uint8Array(headerBytes + file.values.length);
  const view = new DataView(out.buffer);
  for (let i = 0; i < 4; i++) out[i] = MAGIC.charCodeAt(i);
  view.setUint16(4, TABLE_VERSION, true);
  view.setUint16(6, headerBytes, true);
  view.setUint32(8, crc32(file.values), true);
  view.setUint32(12, file.shardSize, true);
  out[16] = LAYERS;
  out[17] = file.shape.length;
  for (let i = 0; i < file.shape.length; i++) out[18 + i] = file.shape.charCodeAt(i);
  file.counts.forEach((n, k) => view.setUint32(18 + file.shape.length + 4 * k, n, true));
  out.set(file.values, headerBytes);
  return out;
}

/** Reads a data file; the error says what is wrong with it. */
export function decodeTable(bytes: Uint8Array): TableFile {
  const fail = (why: string): never => {
    throw new Error(`opening table file: ${why}`);
  };
  if (bytes.length < 18) fail('too short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.subarray(0, 4)) !== MAGIC) fail(`not a table (no "${MAGIC}" header)`);
  const version = view.getUint16(4, true);
  if (version !== TABLE_VERSION) fail(`version ${version}, this code reads version ${TABLE_VERSION}`);
  const headerBytes = view.getUint16(6, true);
  const shapeLength = bytes[17];
  if (bytes[16] !== LAYERS || headerBytes !== 18 + shapeLength + 4 * LAYERS) fail('malformed header');
  const shape = String.fromCharCode(...bytes.subarray(18, 18 + shapeLength));
  const counts = Array.from({ length: LAYERS }, (_, k) => view.getUint32(18 + shapeLength + 4 * k, true));
  const values = bytes.subarray(headerBytes);
  if (values.length !== counts.reduce((a, b) => a + b, 0)) fail('the values do not match the layer counts');
  if (crc32(values) !== view.getUint32(8, true)) fail('checksum mismatch (the file is damaged)');
  return { shape, shardSize: view.getUint32(12, true), counts, values };
}
