/** One square of the Knights board in SVG: its tile, scorch, last-move marks, knight, target and verdict. */
import type { BoardSquare } from '@attila/knights';
import { S, squareX, squareY } from './board-geometry.js';
import { verdictColour, verdictText, type Verdict } from './board-verdicts.js';
import { Knight } from './pieces.js';

export type Cell = BoardSquare['cell'];

export interface SquareLook {
  /** What the square shows now (a knight being moved shows as gone from where it was). */
  readonly cell: Cell;
  readonly isTarget: boolean;
  /** Whether a target is a square to scorch (a bigger dot). */
  readonly scorching: boolean;
  readonly verdict: Verdict | undefined;
  /** The last move landed on or left this square, or scorched it. */
  readonly lastMoved: boolean;
  readonly lastScorched: boolean;
}

const isKnight = (cell: Cell): cell is 'R' | 'H' => cell === 'R' || cell === 'H';

/** The picture of a square (its `<g>`, with the events and names, is the board's). */
export function SquareDrawing({ s, look }: { s: BoardSquare; look: SquareLook }) {
  const x = squareX(s);
  const y = squareY(s);
  const { cell, isTarget, verdict: v } = look;
  const dark = (s.row + s.col) % 2 === 1;
  return (
    <>
      <rect
        x={x + 2}
        y={y + 2}
        width={S - 4}
        height={S - 4}
        rx="8"
        class={cell === 'scorched' ? 'tile scorched' : dark ? 'tile dark' : 'tile light'}
      />
      {cell === 'scorched' && (
        <g>
          <rect x={x + 2} y={y + 2} width={S - 4} height={S - 4} rx="8" fill="url(#ember)" />
          <path
            d={`M${x + 50} ${y + 24} C${x + 64} ${y + 44} ${x + 70} ${y + 58} ${x + 50} ${y + 78} C${x + 30} ${y + 58} ${x + 40} ${y + 48} ${x + 50} ${y + 24} Z`}
            fill="#f0a040"
            opacity=".55"
          />
        </g>
      )}
      {look.lastMoved && <rect x={x + 6} y={y + 6} width={S - 12} height={S - 12} rx="6" class="last" />}
      {look.lastScorched && (
        <rect x={x + 6} y={y + 6} width={S - 12} height={S - 12} rx="6" class="last-scorch" />
      )}
      {isKnight(cell) && (
        <g transform={`translate(${x + 6} ${y + 4})`}>
          <Knight side={cell} size={S - 12} />
        </g>
      )}
      {isTarget && !isKnight(cell) && (
        <circle
          cx={x + S / 2}
          cy={y + S / 2}
          r={look.scorching ? 16 : 13}
          class={look.scorching ? 'dot scorch-dot' : 'dot'}
          style={v !== undefined ? { fill: verdictColour(v.value) } : undefined}
        />
      )}
      {isTarget && isKnight(cell) && (
        <rect
          x={x + 4}
          y={y + 4}
          width={S - 8}
          height={S - 8}
          rx="8"
          class="ring"
          style={v !== undefined ? { stroke: verdictColour(v.value) } : undefined}
        />
      )}
      {v !== undefined && (
        <text class="verdict" x={x + S - 8} y={y + 20} text-anchor="end" fill={verdictColour(v.value)}>
          {verdictText(v)}
        </text>
      )}
    </>
  );
}
