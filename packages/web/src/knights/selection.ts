/**
 * The two-click (or drag-then-click) way of entering a Knights turn: a pure state machine over the
 * legal moves the engine supplied: pick a knight, pick where it lands, pick the square to scorch.
 */
import { formatMove, readMove, type KnightsMove } from '@attila/knights';

export type Selection =
  | { readonly stage: 'idle' }
  | { readonly stage: 'from'; readonly from: string }
  | { readonly stage: 'scorch'; readonly from: string; readonly to: string };

export const IDLE: Selection = { stage: 'idle' };

export interface Highlights {
  /** Squares a click would advance the entry: knights to pick, landing squares, squares to scorch. */
  readonly targets: ReadonlySet<string>;
  readonly selected: string | null;
  /** While scorching: the knight is shown where it will land. */
  readonly pending: { readonly from: string; readonly to: string } | null;
}

function parsed(legal: readonly string[]): KnightsMove[] {
  return legal.map(readMove).filter((m): m is KnightsMove => m !== null);
}

export function highlights(legal: readonly string[], sel: Selection): Highlights {
  const moves = parsed(legal);
  const targets = new Set<string>();
  if (sel.stage === 'idle') {
    for (const m of moves) targets.add(m.kind === 'place' ? m.to : m.from);
    return { targets, selected: null, pending: null };
  }
  if (sel.stage === 'from') {
    for (const m of moves) if (m.kind === 'move' && m.from === sel.from) targets.add(m.to);
    return { targets, selected: sel.from, pending: null };
  }
  for (const m of moves)
    if (m.kind === 'move' && m.from === sel.from && m.to === sel.to) targets.add(m.scorch);
  return { targets, selected: sel.to, pending: { from: sel.from, to: sel.to } };
}

/** The squares of the knights that can move now (where a drag may start). */
export function movableKnights(legal: readonly string[]): ReadonlySet<string> {
  return new Set(parsed(legal).flatMap((m) => (m.kind === 'move' ? [m.from] : [])));
}

export type ClickOutcome =
  | { readonly kind: 'select'; readonly selection: Selection }
  | { readonly kind: 'play'; readonly move: string };

/** What clicking `square` does. Clicking anything that is not a target starts over (or picks another knight). */
export function click(legal: readonly string[], sel: Selection, square: string): ClickOutcome {
  const moves = parsed(legal);
  const placement = moves.find((m) => m.kind === 'place' && m.to === square);
  if (placement) return { kind: 'play', move: formatMove(placement) };
  const ownKnight = moves.some((m) => m.kind === 'move' && m.from === square);
  if (sel.stage === 'from') {
    if (moves.some((m) => m.kind === 'move' && m.from === sel.from && m.to === square)) {
      return { kind: 'select', selection: { stage: 'scorch', from: sel.from, to: square } };
    }
    if (square === sel.from) return { kind: 'select', selection: IDLE };
  }
  if (sel.stage === 'scorch') {
    const m = moves.find(
      (x) => x.kind === 'move' && x.from === sel.from && x.to === sel.to && x.scorch === square,
    );
    if (m) return { kind: 'play', move: formatMove(m) };
  }
  if (ownKnight) return { kind: 'select', selection: { stage: 'from', from: square } };
  return { kind: 'select', selection: IDLE };
}

export type Stage = Selection['stage'];

/** The hint for where the player is in entering a move: pick a knight, choose its landing, scorch. */
export function stageHint(stage: Stage): string {
  return stage === 'from'
    ? 'knights.hint.land'
    : stage === 'scorch'
      ? 'knights.hint.scorch'
      : 'knights.hint.pick';
}
