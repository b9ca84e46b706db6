/** Reading the opening table's data file from disk (Node); the shipped table of the standard board. */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { STANDARD_LAYOUT, type Layout, type Position } from '@attila/knights';
import { OpeningTable } from './table.js';

/** Positions of layer 6 per build shard of the standard table (about 75 CPU seconds each on one free core). */
export const STANDARD_SHARD_SIZE = 250;

export const STANDARD_TABLE_FILE = fileURLToPath(new URL('./standard.table', import.meta.url));

/** The table in a file, or null when there is none; throws when the file is damaged. */
export function loadTableFile(file: string, layout: Layout): OpeningTable | null {
  if (!existsSync(file)) return null;
  const bytes = readFileSync(file);
  return OpeningTable.fromBytes(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), layout);
}

let standard: OpeningTable | null | undefined;

/** The shipped table of the standard board (read once), or null when the file is missing. */
export function standardOpeningTable(): OpeningTable | null {
  if (standard === undefined) standard = loadTableFile(STANDARD_TABLE_FILE, STANDARD_LAYOUT);
  return standard;
}

/** The shipped table when it is made for this position's layout, else null. */
export function openingTableFor(position: Position): OpeningTable | null {
  return position.layout === STANDARD_LAYOUT ? standardOpeningTable() : null;
}
