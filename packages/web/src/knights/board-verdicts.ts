/**
 * The solver's verdicts on the board: which square shows which move's value at each stage of entering a
 * turn, how a value is written (+N, −N, +? from the opening book) and its colour (wins green, losses red).
 */
import { readMove } from '@attila/knights';
import type { Selection } from './selection.js';

export interface Verdict {
  readonly move: string;
  /** +N: wins in N plies, -N: loses in N; when not exact only the sign is known (the opening book). */
  readonly value: number;
  readonly exact?: boolean;
}

/** For choosing a square's best move: an unknown length counts as the slowest win or the fastest loss. */
function rank(v: Verdict): number {
  return v.exact === false ? (v.value > 0 ? 999 : -1) : v.value;
}

/** Positive values (wins) beat negatives; a quicker win beats a slower one; a slower loss beats a quicker one. */
function better(a: number, b: number): boolean {
  if (a > 0 && b > 0) return a < b;
  if (a > 0 !== b > 0) return a > 0;
  return a < b;
}

export function verdictText(v: Verdict): string {
  if (v.exact === false) return v.value > 0 ? '+?' : '−?';
  return v.value > 0 ? `+${v.value}` : `${v.value}`;
}

export function verdictColour(value: number): string {
  return value > 0 ? '#1b9e5a' : value < 0 ? '#c0392b' : '#777';
}

/** The best verdict per square for the current stage of entry (a knight to pick, a landing, a scorch). */
export function verdictsBySquare(
  verdicts: readonly Verdict[] | null | undefined,
  sel: Selection,
): Map<string, Verdict> {
  const verdictAt = new Map<string, Verdict>();
  for (const v of verdicts ?? []) {
    const m = readMove(v.move);
    if (!m) continue;
    let key: string | null = null;
    if (m.kind === 'place') key = m.to;
    else if (sel.stage === 'idle') key = m.from;
    else if (sel.stage === 'from' && m.from === sel.from) key = m.to;
    else if (sel.stage === 'scorch' && m.from === sel.from && m.to === sel.to) key = m.scorch;
    if (key === null) continue;
    const prev = verdictAt.get(key);
    if (prev === undefined || better(rank(v), rank(prev))) verdictAt.set(key, v);
  }
  return verdictAt;
}
