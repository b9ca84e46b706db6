/** What the board draws besides its squares: patterns, coordinates, the tiles' edges, the last move's arrow. */
import type { BoardSquare, KnightsView } from '@attila/knights';
import { PAD, S, squareX, squareY } from './board-geometry.js';

export function BoardDefs() {
  return (
    <defs>
      <pattern id="scorch" width="20" height="20" patternUnits="userSpaceOnUse" patternTransform="rotate(35)">
        <rect width="20" height="20" fill="#2b211c" />
        <path d="M0 10 H20" stroke="#4a3326" stroke-width="6" />
      </pattern>
      <radialGradient id="ember" cx="50%" cy="55%" r="50%">
        <stop offset="0%" stop-color="#d2561c" stop-opacity=".85" />
        <stop offset="100%" stop-color="#d2561c" stop-opacity="0" />
      </radialGradient>
      <marker
        id="arrowhead"
        viewBox="0 0 10 10"
        refX="6"
        refY="5"
        markerWidth="4"
        markerHeight="4"
        orient="auto"
      >
        <path d="M0 0 L10 5 L0 10 Z" fill="#3d6b2a" />
      </marker>
    </defs>
  );
}

/** Files (a, b, …) under the bottom row and ranks (1, 2, …) left of the board. */
export function Coordinates({
  squares,
  rows,
  height,
}: {
  squares: readonly BoardSquare[];
  rows: number;
  height: number;
}) {
  return (
    <>
      {squares.map((s) =>
        s.row === rows - 1 ? (
          <text key={`c${s.col}`} class="coord" x={squareX(s) + S / 2} y={height - 6} text-anchor="middle">
            {String.fromCharCode(97 + s.col)}
          </text>
        ) : null,
      )}
      {Array.from({ length: rows }, (_, r) => (
        <text key={`r${r}`} class="coord" x={PAD / 2} y={r * S + S / 2 + 6} text-anchor="middle">
          {rows - r}
        </text>
      ))}
    </>
  );
}

/** The layout's four tiles, outlined so the board shows the physical tiles. */
export function TileEdges({ tiles }: { tiles: KnightsView['layout']['tiles'] | undefined }) {
  return (
    <>
      {tiles?.map((tl, i) => (
        <rect
          key={`t${i}`}
          class="tile-edge"
          x={PAD + tl.col * S + 1.5}
          y={tl.row * S + 1.5}
          width={tl.width * S - 3}
          height={tl.height * S - 3}
          rx="10"
        />
      ))}
    </>
  );
}

export function LastMoveArrow({ from, to }: { from: BoardSquare | undefined; to: BoardSquare | undefined }) {
  if (!from || !to) return null;
  return (
    <line
      x1={squareX(from) + S / 2}
      y1={squareY(from) + S / 2}
      x2={squareX(to) + S / 2}
      y2={squareY(to) + S / 2}
      class="last-arrow"
      marker-end="url(#arrowhead)"
    />
  );
}
