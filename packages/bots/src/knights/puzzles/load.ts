/** The shipped puzzle set (`standard.puzzles`, made by `attila knights puzzles mine`), read from disk (Node). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { unwrap } from '@attila/core';
import { parsePuzzleFile, type KnightsPuzzle } from './puzzle.js';

export const STANDARD_PUZZLES_FILE = fileURLToPath(new URL('./standard.puzzles', import.meta.url));

let cached: KnightsPuzzle[] | null = null;

export function standardPuzzles(): readonly KnightsPuzzle[] {
  cached ??= unwrap(parsePuzzleFile(readFileSync(STANDARD_PUZZLES_FILE, 'utf8')));
  return cached;
}
