/**
 * Positions and moves up to the board's symmetries (rotations and reflections that map the layout onto
 * itself): two moves are the same puzzle answer when the positions they leave are the same up to symmetry.
 */
import { Board, moveFrom, moveScorch, moveTo, Position, turnMove, type Layout } from '@attila/knights';

/** The image of a position under the layout's symmetry `sym` (an index into `layout.symmetries`). */
export function mapPosition(p: Position, sym: number): Position {
  if (sym === 0) return p;
  const s = p.layout.symmetries[sym];
  const b = new Board(p.layout, p.side);
  b.romans = s.mapMask(p.romans);
  b.huns = s.mapMask(p.huns);
  b.scorched = s.mapMask(p.scorched);
  return Position.fromBoard(b);
}

/** The image of a (move-phase) move code under symmetry `sym`. */
export function mapMove(layout: Layout, move: number, sym: number): number {
  if (sym === 0) return move;
  const perm = layout.symmetries[sym].perm;
  return turnMove(perm[moveFrom(move)], perm[moveTo(move)], perm[moveScorch(move)]);
}

const keyOf = (p: Position, sym: number): string => {
  const m = mapPosition(p, sym);
  return `${m.romans}.${m.huns}.${m.scorched}.${m.side}`;
};

/** A key equal for two positions exactly when they are the same up to the layout's symmetries. */
export function canonicalKey(p: Position): string {
  let best = keyOf(p, 0);
  for (let i = 1; i < p.layout.symmetries.length; i++) {
    const k = keyOf(p, i);
    if (k < best) best = k;
  }
  return best;
}

/** A symmetry taking `from` onto `to`, or -1 when they are not the same up to symmetry. */
export function symmetryBetween(from: Position, to: Position): number {
  const target = keyOf(to, 0);
  for (let i = 0; i < from.layout.symmetries.length; i++) if (keyOf(from, i) === target) return i;
  return -1;
}

/** The legal moves grouped by the position they leave, up to symmetry (one group per distinct answer). */
export function moveClasses(p: Position, moves: readonly number[]): number[][] {
  const groups = new Map<string, number[]>();
  for (const m of moves) {
    const k = canonicalKey(p.playCode(m));
    const g = groups.get(k);
    if (g) g.push(m);
    else groups.set(k, [m]);
  }
  return [...groups.values()];
}
