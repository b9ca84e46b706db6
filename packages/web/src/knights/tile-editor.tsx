/**
 * Drawing a layout by arranging the four tiles: drag a tile (mouse or touch), or select it and use the
 * arrow keys / buttons; large tiles can be turned. Reports the resulting shape string.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { knightsGame } from '@attila/knights';
import { useT } from '../i18n/i18n.js';
import {
  covers,
  EDITOR_COLS,
  EDITOR_ROWS,
  moved,
  shapeOf,
  STANDARD_TILES,
  turned,
  type EditorTile,
} from './tile-arrangement.js';
import { tileProblem, type TileProblem } from './tile-problems.js';

/** The editor's own words for what is wrong; the engine's refusal of anything else is 'other'. */
function problemOf(tiles: readonly EditorTile[]): TileProblem | { kind: 'other' } | null {
  const problem = tileProblem(tiles);
  if (problem) return problem;
  return knightsGame.parseSettings({ layout: shapeOf(tiles), first: 'R' }).ok ? null : { kind: 'other' };
}

const C = 40;
const TILE_COLOURS = ['#c9a86a', '#a7c07a', '#c98f6a', '#8fb0c9'];

export function TileEditor({
  onChange,
  initial,
}: {
  onChange: (shape: string) => void;
  /** The tiles to start from (an existing layout); the standard board by default. */
  initial?: readonly EditorTile[];
}) {
  const t = useT();
  const [tiles, setTiles] = useState<readonly EditorTile[]>(initial ?? STANDARD_TILES);
  const [sel, setSel] = useState(0);
  const drag = useRef<{ index: number; startX: number; startY: number; origin: EditorTile } | null>(null);
  const svg = useRef<SVGSVGElement>(null);
  const problem = problemOf(tiles);
  useEffect(() => onChange(shapeOf(tiles)), [tiles]);

  const update = (i: number, tile: EditorTile) => setTiles(tiles.map((x, k) => (k === i ? tile : x)));
  const scale = () => {
    const r = svg.current?.getBoundingClientRect();
    return r ? (EDITOR_COLS * C) / r.width : 1;
  };
  const onKey = (e: KeyboardEvent) => {
    const d: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    if (d[e.key]) {
      e.preventDefault();
      update(sel, moved(tiles[sel], d[e.key][0], d[e.key][1]));
    } else if (e.key === 'r' || e.key === 'R') update(sel, turned(tiles[sel]));
    else if (e.key === 'Tab' && !e.shiftKey && sel < tiles.length - 1) {
      e.preventDefault();
      setSel(sel + 1);
    }
  };

  return (
    <div class="tile-editor" data-testid="tile-editor">
      <p class="muted small">{t('knights.editorHelp')}</p>
      <svg
        ref={svg}
        viewBox={`0 0 ${EDITOR_COLS * C} ${EDITOR_ROWS * C}`}
        tabindex={0}
        role="application"
        aria-label={t('knights.editor')}
        onKeyDown={onKey}
        style={{ touchAction: 'none', maxWidth: '360px', width: '100%' }}
        onPointerMove={(e) => {
          const d = drag.current;
          if (!d) return;
          const k = scale();
          const dc = Math.round(((e.clientX - d.startX) * k) / C);
          const dr = Math.round(((e.clientY - d.startY) * k) / C);
          update(d.index, moved(d.origin, dr, dc));
        }}
        onPointerUp={() => (drag.current = null)}
        onPointerLeave={() => (drag.current = null)}
      >
        {Array.from({ length: EDITOR_ROWS * EDITOR_COLS }, (_, i) => {
          const r = Math.floor(i / EDITOR_COLS);
          const c = i % EDITOR_COLS;
          const n = tiles.filter((x) => covers(x, r, c)).length;
          return (
            <rect
              key={i}
              x={c * C + 1}
              y={r * C + 1}
              width={C - 2}
              height={C - 2}
              fill={n > 1 ? '#e05a40' : '#efe5cc'}
              stroke="#d8c9a3"
            />
          );
        })}
        {tiles.map((tile, i) => (
          <g
            key={i}
            data-tile={i}
            onPointerDown={(e) => {
              setSel(i);
              drag.current = { index: i, startX: e.clientX, startY: e.clientY, origin: tile };
            }}
            style={{ cursor: 'grab' }}
          >
            <rect
              x={tile.col * C + 3}
              y={tile.row * C + 3}
              width={tile.width * C - 6}
              height={tile.height * C - 6}
              rx="6"
              fill={TILE_COLOURS[i]}
              fill-opacity={0.85}
              stroke={sel === i ? '#0a66ff' : '#6b5630'}
              stroke-width={sel === i ? 4 : 2}
            />
            {Array.from({ length: tile.width * tile.height }, (_, k) => (
              <rect
                key={k}
                x={(tile.col + (k % tile.width)) * C + 8}
                y={(tile.row + Math.floor(k / tile.width)) * C + 8}
                width={C - 16}
                height={C - 16}
                rx="3"
                fill="none"
                stroke="rgba(60,40,10,.35)"
              />
            ))}
          </g>
        ))}
      </svg>
      <div class="row editor-buttons">
        {(
          [
            ['↑', 'up', -1, 0],
            ['↓', 'down', 1, 0],
            ['←', 'left', 0, -1],
            ['→', 'right', 0, 1],
          ] as const
        ).map(([label, dir, dr, dc]) => (
          <button
            key={dir}
            type="button"
            class="small secondary"
            aria-label={t(`knights.moveTile.${dir}`)}
            onClick={() => update(sel, moved(tiles[sel], dr, dc))}
          >
            <span aria-hidden="true">{label}</span>
          </button>
        ))}
        <button
          type="button"
          class="small secondary"
          aria-label={t('knights.turnTile')}
          onClick={() => update(sel, turned(tiles[sel]))}
        >
          <span aria-hidden="true">⟳</span>
        </button>
        <button type="button" class="small secondary" onClick={() => setSel((sel + 1) % tiles.length)}>
          {t('knights.nextTile')}
        </button>
      </div>
      <p
        class={problem ? 'error' : 'muted small'}
        role="status"
        data-testid="tile-problem"
        data-problem={problem?.kind ?? ''}
      >
        {problem ? t(`knights.tileProblem.${problem.kind}`, problem) : t('knights.tileProblem.ok')}
      </p>
    </div>
  );
}
