/**
 * The board from the keyboard: arrows move the focus to the next square in that direction (over gaps),
 * Enter or Space clicks the focused square, Escape drops what was picked.
 */
import type { BoardSquare } from '@attila/knights';

const STEPS: Record<string, readonly [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/** The square an arrow key moves the focus to from `from`, or null (another key, or the edge). */
export function arrowTarget(
  squares: readonly BoardSquare[],
  from: BoardSquare,
  key: string,
): BoardSquare | null {
  const step = STEPS[key];
  if (!step) return null;
  const [dr, dc] = step;
  for (let k = 1; k < 6; k++) {
    const n = squares.find(
      (q) => q.row === from.row + dr * k && q.col === from.col + dc * k && q.cell !== 'gap',
    );
    if (n) return n;
  }
  return null;
}

export interface BoardKeyActions {
  readonly click: (square: string) => void;
  readonly cancel: () => void;
  readonly focus: (square: string) => void;
}

export function onBoardKey(
  e: KeyboardEvent,
  squares: readonly BoardSquare[],
  s: BoardSquare,
  actions: BoardKeyActions,
): void {
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    actions.click(s.name);
  } else if (e.key === 'Escape') actions.cancel();
  else if (STEPS[e.key]) {
    e.preventDefault();
    const n = arrowTarget(squares, s, e.key);
    if (n) actions.focus(n.name);
  }
}
