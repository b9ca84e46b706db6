/**
 * The tablebase on disk: 4 bits a position, |value| (at most 14 plies): wins have an odd length and losses
 * an even one, so the sign follows from the parity (`codes.ts`). Two positions a byte, the even index in the
 * low nibble; layers 0 to F one after the other in the index of `space.ts`.
 *
 * Header, little-endian: "AKTB" | u16 version | u16 header bytes | u8 F (squares without a knight) | u8 shape
 * length | the layout's shape (ASCII) | u32 classes | u32 CRC-32 of each layer's bytes, layers 0 to F.
 * The file is written under a temporary name and renamed when complete, so a file with the name is whole.
 * Reading a value is one positional read of one byte: the server keeps no layer in memory.
 */
import { closeSync, existsSync, fstatSync, openSync, readSync, renameSync, writeSync } from 'node:fs';
import { crc32Update } from './crc.js';
import { valueOfCode, valueOfLength } from './codes.js';
import type { TablebaseSpace } from './space.js';

export const TABLEBASE_MAGIC = 'AKTB';
export const TABLEBASE_VERSION = 1;

/** Nibble of a build code: the value's length. */
const NIBBLE = (() => {
  const t = new Uint8Array(256);
  for (let c = 1; c < 64; c++) t[c] = Math.abs(valueOfCode(c)) & 15;
  return t;
})();

export function packedLayerBytes(sp: TablebaseSpace, s: number): number {
  return Math.ceil(sp.layerSize(s) / 2);
}

function headerBytes(shape: string, F: number): number {
  return 4 + 2 + 2 + 1 + 1 + shape.length + 4 + 4 * (F + 1);
}

function layerOffsets(sp: TablebaseSpace, shape: string): number[] {
  const out: number[] = [];
  let at = headerBytes(shape, sp.free);
  for (let s = 0; s <= sp.free; s++) {
    out.push(at);
    at += packedLayerBytes(sp, s);
  }
  out.push(at);
  return out;
}

/** Packs a layer's build codes into nibbles. */
export function packLayer(codes: Uint8Array, out: Uint8Array): void {
  const n = codes.length;
  let i = 0;
  let o = 0;
  for (; i + 1 < n; i += 2, o++) out[o] = NIBBLE[codes[i]] | (NIBBLE[codes[i + 1]] << 4);
  if (i < n) out[o] = NIBBLE[codes[i]];
}

/** Packed bytes written at once (an even number of positions per slice, so slices join on whole bytes). */
const PACK_SLICE_BYTES = 1 << 24;

/** Writes a tablebase layer by layer (in any order), then the header; `finish` renames it into place. */
export class TablebaseWriter {
  private readonly fd: number;
  private readonly offsets: number[];
  private readonly crcs: number[] = [];
  private readonly temporary: string;

  constructor(
    private readonly file: string,
    private readonly sp: TablebaseSpace,
    private readonly shape: string,
    private readonly sliceBytes = PACK_SLICE_BYTES,
  ) {
    this.temporary = `${file}.${process.pid}.tmp`;
    this.fd = openSync(this.temporary, 'w');
    this.offsets = layerOffsets(sp, shape);
  }

  /**
   * Packs and writes a layer a slice at a time: a whole packed copy of the largest layer (333 MB on the
   * standard board) beside the build's two layer buffers would lift the build's peak memory over 2 GB.
   */
  writeLayer(s: number, codes: Uint8Array): void {
    const bytes = packedLayerBytes(this.sp, s);
    const slice = new Uint8Array(Math.min(bytes, this.sliceBytes));
    let crc = 0;
    for (let at = 0; at < bytes; at += slice.length) {
      const out = slice.subarray(0, Math.min(slice.length, bytes - at));
      packLayer(codes.subarray(2 * at, Math.min(codes.length, 2 * (at + out.length))), out);
      crc = crc32Update(crc, out);
      writeAll(this.fd, out, this.offsets[s] + at);
    }
    this.crcs[s] = crc;
  }

  finish(): void {
    const header = new Uint8Array(headerBytes(this.shape, this.sp.free));
    const view = new DataView(header.buffer);
    for (let i = 0; i < 4; i++) header[i] = TABLEBASE_MAGIC.charCodeAt(i);
    view.setUint16(4, TABLEBASE_VERSION, true);
    view.setUint16(6, header.length, true);
    header[8] = this.sp.free;
    header[9] = this.shape.length;
    for (let i = 0; i < this.shape.length; i++) header[10 + i] = this.shape.charCodeAt(i);
    let at = 10 + this.shape.length;
    view.setUint32(at, this.sp.classes, true);
    at += 4;
    for (let s = 0; s <= this.sp.free; s++, at += 4) {
      if (this.crcs[s] === undefined) throw new Error(`tablebase: layer ${s} was not written`);
      view.setUint32(at, this.crcs[s], true);
    }
    writeAll(this.fd, header, 0);
    closeSync(this.fd);
    renameSync(this.temporary, this.file);
  }
}

function writeAll(fd: number, bytes: Uint8Array, position: number): void {
  for (let done = 0; done < bytes.length;) {
    done += writeSync(fd, bytes, done, bytes.length - done, position + done);
  }
}

/** A tablebase file opened for lookups (one byte read per value). */
export class TablebaseFile {
  private readonly byte = new Uint8Array(1);

  private constructor(
    readonly file: string,
    private readonly fd: number,
    readonly sp: TablebaseSpace,
    private readonly offsets: number[],
    readonly crcs: readonly number[],
  ) {}

  /** Opens a file made for this space and shape; throws with the reason when it is not one. */
  static open(file: string, sp: TablebaseSpace, shape: string): TablebaseFile {
    const fd = openSync(file, 'r');
    try {
      const head = new Uint8Array(Math.min(1024, fstatSync(fd).size));
      readSync(fd, head, 0, head.length, 0);
      const view = new DataView(head.buffer);
      const fail = (why: string): never => {
        throw new Error(`tablebase file ${file}: ${why}`);
      };
      if (String.fromCharCode(...head.subarray(0, 4)) !== TABLEBASE_MAGIC) fail('not a tablebase');
      if (view.getUint16(4, true) !== TABLEBASE_VERSION) fail(`version ${view.getUint16(4, true)}`);
      const fileShape = String.fromCharCode(...head.subarray(10, 10 + head[9]));
      if (fileShape !== shape) fail(`made for ${fileShape}, not ${shape}`);
      if (head[8] !== sp.free || view.getUint16(6, true) !== headerBytes(shape, sp.free))
        fail('malformed header');
      let at = 10 + shape.length;
      if (view.getUint32(at, true) !== sp.classes) fail('class count differs');
      at += 4;
      const crcs: number[] = [];
      for (let s = 0; s <= sp.free; s++, at += 4) crcs.push(view.getUint32(at, true));
      const offsets = layerOffsets(sp, shape);
      if (fstatSync(fd).size !== offsets[sp.free + 1]) fail('wrong size (damaged or cut short)');
      return new TablebaseFile(file, fd, sp, offsets, crcs);
    } catch (e) {
      closeSync(fd);
      throw e;
    }
  }

  static exists(file: string): boolean {
    return existsSync(file);
  }

  get bytes(): number {
    return this.offsets[this.sp.free + 1];
  }

  /** The value of a move-phase position (rules page notation), or null when it is not one. */
  value(mover: number, other: number, scorched: number): number | null {
    const at = this.sp.locate(mover, other, scorched);
    if (at === null) return null;
    readSync(this.fd, this.byte, 0, 1, this.offsets[at.layer] + (at.index >> 1));
    return valueOfLength((at.index & 1 ? this.byte[0] >> 4 : this.byte[0]) & 15);
  }

  /**
   * How many positions of layer s have each length (index 0..15: the value's |N|; odd lengths are wins,
   * even ones losses, 0 the side to move cannot move). Reads the layer once.
   */
  lengthCounts(s: number): number[] {
    const counts = new Array<number>(16).fill(0);
    const chunk = new Uint8Array(1 << 24);
    const pairs = new Float64Array(256);
    const end = this.offsets[s + 1];
    for (let at = this.offsets[s]; at < end;) {
      const n = readSync(this.fd, chunk, 0, Math.min(chunk.length, end - at), at);
      for (let i = 0; i < n; i++) pairs[chunk[i]]++;
      at += n;
    }
    for (let b = 0; b < 256; b++) {
      counts[b & 15] += pairs[b];
      counts[b >> 4] += pairs[b];
    }
    // An odd layer size leaves the last byte's high nibble empty (0): not a position.
    if (this.sp.layerSize(s) % 2 === 1) counts[0]--;
    return counts;
  }

  /** Re-reads every layer and compares its checksum; returns the layers that differ. */
  damagedLayers(): number[] {
    const bad: number[] = [];
    const chunk = new Uint8Array(1 << 24);
    for (let s = 0; s <= this.sp.free; s++) {
      let crc = 0;
      for (let at = this.offsets[s]; at < this.offsets[s + 1];) {
        const n = readSync(this.fd, chunk, 0, Math.min(chunk.length, this.offsets[s + 1] - at), at);
        crc = crc32Update(crc, chunk.subarray(0, n));
        at += n;
      }
      if (crc !== this.crcs[s]) bad.push(s);
    }
    return bad;
  }

  close(): void {
    closeSync(this.fd);
  }
}
