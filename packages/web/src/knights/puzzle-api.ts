/** The puzzle calls of the server's API (packages/server/README.md, "Knights puzzles"). */
import type { PuzzleAttemptResponse, PuzzleResponse } from '@attila/protocol';
import { call } from '../net/api.js';

export type PuzzleWhich = 'next' | 'daily' | { readonly id: string };

export function fetchPuzzle(which: PuzzleWhich, after: string | null) {
  const path =
    which === 'next'
      ? `/api/puzzles/next${after ? `?after=${encodeURIComponent(after)}` : ''}`
      : which === 'daily'
        ? '/api/puzzles/daily'
        : `/api/puzzles/${encodeURIComponent(which.id)}`;
  return call<PuzzleResponse>('GET', path);
}

/** The player's moves up to the last of the solution or the first wrong one: the server judges them. */
export function sendAttempt(id: string, moves: readonly string[]) {
  return call<PuzzleAttemptResponse>('POST', `/api/puzzles/${encodeURIComponent(id)}/attempt`, { moves });
}
