/**
 * What can be wrong with a written position, as data: the engine's English message is made from it, and a
 * screen can say the same thing in the player's language (the web app's analysis board does).
 */
import type { Side } from './side.js';

export type PositionProblem =
  /** Not "rows a space side": nothing else can be said. */
  | { readonly kind: 'form' }
  | { readonly kind: 'side'; readonly found: string }
  | { readonly kind: 'row-empty'; readonly row: number }
  | { readonly kind: 'row-length'; readonly row: number; readonly cells: number; readonly first: number }
  | { readonly kind: 'cell'; readonly cell: string; readonly row: number }
  /** The shape is not a legal layout of the four tiles; `detail` is the layout check's English reason. */
  | { readonly kind: 'layout'; readonly detail: string }
  | { readonly kind: 'too-many'; readonly side: Side; readonly count: number; readonly most: number }
  | { readonly kind: 'scorched-in-placement'; readonly romans: number; readonly huns: number }
  | { readonly kind: 'turn'; readonly side: Side; readonly romans: number; readonly huns: number }
  | { readonly kind: 'trapped'; readonly squares: readonly string[] };

const EXAMPLE = '...../...../...../..... R';
const SIDE_NAME: Readonly<Record<Side, string>> = { R: 'Romans', H: 'Huns' };
const KNIGHT_NAME: Readonly<Record<Side, string>> = { R: 'Roman', H: 'Hun' };

/** The engine's English message for a problem with `text`. */
export function describePositionProblem(text: string, p: PositionProblem): string {
  const why = ((): string => {
    switch (p.kind) {
      case 'form':
        return `write the rows of the board from top to bottom separated by "/", a space, and the side to move, e.g. "${EXAMPLE}"`;
      case 'side':
        return `the side to move is "R" (Romans) or "H" (Huns), not "${p.found}"`;
      case 'row-empty':
        return `row ${p.row} from the top is empty`;
      case 'row-length':
        return `row ${p.row} from the top has ${p.cells} cells but row 1 has ${p.first}: every row covers the whole width of the board`;
      case 'cell':
        return `"${p.cell}" in row ${p.row} from the top is not a cell: use "." free, "#" scorched, "R" Roman knight, "H" Hun knight, "_" no square`;
      case 'layout':
        return `its shape is not a legal layout: ${p.detail}`;
      case 'too-many':
        return `it has ${p.count} ${KNIGHT_NAME[p.side]} knights; each side has ${p.most}`;
      case 'scorched-in-placement':
        return `${p.romans} Roman and ${p.huns} Hun knights are placed, so the knights are still being placed, and nothing is scorched before all six are on the board`;
      case 'turn':
        return `${p.romans} Roman and ${p.huns} Hun knights are placed, so it cannot be the ${SIDE_NAME[p.side]}' turn: players place knights in turn, so the side to place has as many knights as the other or one fewer`;
      case 'trapped':
        return `during placement every knight must keep a move (no-trap placement rule), but the knight on ${p.squares.join(', ')} has none`;
    }
  })();
  return `"${text}" is not a position: ${why}`;
}
