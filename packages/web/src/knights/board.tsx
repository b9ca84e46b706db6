/**
 * The Knights board in SVG, drawn entirely from the engine's position string and legal moves. Knights are
 * entered in two clicks (knight → landing square → square to scorch), by dragging the knight then clicking
 * the square to scorch, or with the keyboard (arrows move the focus, Enter/Space clicks).
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';
import { readMove, readPosition, type BoardSquare, type KnightsView } from '@attila/knights';
import { MoveAnnouncer } from './announcer.js';
import { Knight, SIDE_COLOUR } from './pieces.js';
import { click, highlights, IDLE, movableKnights, type Selection } from './selection.js';

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

function verdictText(v: Verdict): string {
  if (v.exact === false) return v.value > 0 ? '+?' : '−?';
  return v.value > 0 ? `+${v.value}` : `${v.value}`;
}

export interface KnightsBoardProps {
  readonly position: string;
  /** Empty when the one looking may not move now. */
  readonly legalMoves: readonly string[];
  readonly lastMove?: string | null;
  readonly onMove?: (move: string) => void;
  /** Analysis: the solver's value of each legal move (from the mover's side); colours the targets. */
  readonly verdicts?: readonly Verdict[] | null;
  /** Told where the player is in entering a turn (to show the right hint). */
  readonly onStage?: (stage: Selection['stage']) => void;
  /** The layout's four tiles, outlined so the board shows the physical tiles. */
  readonly tiles?: KnightsView['layout']['tiles'];
  /** Setting up a position (the analysis board): a click or Enter on a square calls this, no move is made. */
  readonly onSquare?: (square: string) => void;
}

const S = 100;
const PAD = 28;

function verdictColour(value: number): string {
  return value > 0 ? '#1b9e5a' : value < 0 ? '#c0392b' : '#777';
}

export function KnightsBoard({
  position,
  legalMoves,
  lastMove,
  onMove,
  verdicts,
  tiles,
  onStage,
  onSquare,
}: KnightsBoardProps) {
  const t = useT();
  const pos = useMemo(() => readPosition(position), [position]);
  const [sel, setSel] = useState<Selection>(IDLE);
  const [focus, setFocus] = useState<string | null>(null);
  const [drag, setDrag] = useState<{ from: string; x: number; y: number } | null>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const pressed = useRef<{ from: string; x: number; y: number } | null>(null);
  const swallowClick = useRef(false);
  useEffect(() => setSel(IDLE), [position, legalMoves.join(' ')]);
  useEffect(() => onStage?.(sel.stage), [sel.stage]);

  if (!pos) return <pre class="error">{position}</pre>;
  const hl = highlights(legalMoves, sel);
  const movers = movableKnights(legalMoves);
  const byName = new Map(pos.squares.map((s) => [s.name, s]));
  const last = lastMove ? readMove(lastMove) : null;
  const W = pos.cols * S + PAD;
  const H = pos.rows * S + PAD;
  const x = (s: BoardSquare) => PAD + s.col * S;
  const y = (s: BoardSquare) => s.row * S;

  // Best verdict per square for the current stage of entry (a knight to pick, a landing, a scorch).
  const verdictAt = new Map<string, Verdict>();
  if (verdicts) {
    for (const v of verdicts) {
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
  }

  const act = (name: string) => {
    if (onSquare) return onSquare(name);
    const out = click(legalMoves, sel, name);
    if (out.kind === 'play') {
      setSel(IDLE);
      onMove?.(out.move);
    } else setSel(out.selection);
  };

  const squareAt = (clientX: number, clientY: number): string | null => {
    const svg = svgRef.current;
    if (!svg) return null;
    const [ux, uy] = toBoard(svg, clientX, clientY);
    const sx = ux - PAD;
    const sy = uy;
    const col = Math.floor(sx / S);
    const row = Math.floor(sy / S);
    const sq = pos.squares.find((s) => s.row === row && s.col === col && s.cell !== 'gap');
    return sq ? sq.name : null;
  };

  const onKey = (e: KeyboardEvent, s: BoardSquare) => {
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      act(s.name);
    } else if (e.key === 'Escape') setSel(IDLE);
    else if (moves[e.key]) {
      e.preventDefault();
      const [dr, dc] = moves[e.key];
      for (let k = 1; k < 6; k++) {
        const n = pos.squares.find(
          (q) => q.row === s.row + dr * k && q.col === s.col + dc * k && q.cell !== 'gap',
        );
        if (n) {
          setFocus(n.name);
          svgRef.current?.querySelector<SVGGElement>(`[data-square="${n.name}"]`)?.focus();
          break;
        }
      }
    }
  };

  const shown = (s: BoardSquare) => {
    if (hl.pending && s.name === hl.pending.from) return 'free';
    if (hl.pending && s.name === hl.pending.to) return pos.toMove;
    if (drag && s.name === drag.from) return 'free';
    return s.cell;
  };
  const lastFrom = last?.kind === 'move' ? byName.get(last.from) : undefined;
  const lastTo = last ? byName.get(last.to) : undefined;

  return (
    <>
      <svg
        ref={svgRef}
        class="knights-board"
        data-stage={sel.stage}
        data-position={position}
        viewBox={`0 0 ${W} ${H}`}
        role="grid"
        aria-label={t('knights.boardLabel')}
        onPointerMove={(e) => {
          const start = pressed.current;
          if (!start) return;
          // A press becomes a drag only once the pointer really moves; a plain click stays a click.
          if (!drag && Math.hypot(e.clientX - start.x, e.clientY - start.y) < 8) return;
          if (!drag) setSel({ stage: 'from', from: start.from });
          setDrag({ from: start.from, x: e.clientX, y: e.clientY });
        }}
        onPointerUp={(e) => {
          pressed.current = null;
          if (!drag) return;
          const target = squareAt(e.clientX, e.clientY);
          setDrag(null);
          // The click that ends a drag is not a click on a square.
          swallowClick.current = true;
          setTimeout(() => (swallowClick.current = false), 0);
          const out =
            target && target !== drag.from
              ? click(legalMoves, { stage: 'from', from: drag.from }, target)
              : null;
          setSel(out && out.kind === 'select' && out.selection.stage === 'scorch' ? out.selection : IDLE);
        }}
      >
        <defs>
          <pattern
            id="scorch"
            width="20"
            height="20"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(35)"
          >
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
        {pos.squares.map((s) =>
          s.row === pos.rows - 1 ? (
            <text key={`c${s.col}`} class="coord" x={x(s) + S / 2} y={H - 6} text-anchor="middle">
              {String.fromCharCode(97 + s.col)}
            </text>
          ) : null,
        )}
        {Array.from({ length: pos.rows }, (_, r) => (
          <text key={`r${r}`} class="coord" x={PAD / 2} y={r * S + S / 2 + 6} text-anchor="middle">
            {pos.rows - r}
          </text>
        ))}
        {/* A grid of rows of squares, as assistive technology expects (drawn in the same order). */}
        {Array.from({ length: pos.rows }, (_, r) => (
          <g key={`row${r}`} role="row">
            {pos.squares
              .filter((s) => s.row === r && s.cell !== 'gap')
              .map((s) => {
                const cell = shown(s);
                const isTarget = hl.targets.has(s.name);
                const v = verdictAt.get(s.name);
                const dark = (s.row + s.col) % 2 === 1;
                const label =
                  s.name +
                  ', ' +
                  t(`knights.cell.${cell === 'R' || cell === 'H' ? cell : cell}`) +
                  (isTarget ? ', ' + t('knights.canClick') : '') +
                  // The value drawn on the square is part of its name (what is seen is what is read).
                  (v !== undefined ? ', ' + verdictText(v) : '');
                return (
                  <g
                    key={s.name}
                    data-square={s.name}
                    data-cell={cell}
                    data-target={isTarget ? 'true' : undefined}
                    role="gridcell"
                    aria-label={label}
                    tabIndex={
                      focus === s.name || (focus === null && s === pos.squares.find((q) => q.cell !== 'gap'))
                        ? 0
                        : -1
                    }
                    class={`sq${isTarget ? ' target' : ''}${hl.selected === s.name ? ' selected' : ''}`}
                    onClick={() => !swallowClick.current && act(s.name)}
                    onKeyDown={(e) => onKey(e, s)}
                    onFocus={() => setFocus(s.name)}
                    onPointerDown={(e) => {
                      if ((cell === 'R' || cell === 'H') && movers.has(s.name)) {
                        e.currentTarget.releasePointerCapture?.(e.pointerId);
                        pressed.current = { from: s.name, x: e.clientX, y: e.clientY };
                      }
                    }}
                  >
                    <rect
                      x={x(s) + 2}
                      y={y(s) + 2}
                      width={S - 4}
                      height={S - 4}
                      rx="8"
                      class={cell === 'scorched' ? 'tile scorched' : dark ? 'tile dark' : 'tile light'}
                    />
                    {cell === 'scorched' && (
                      <g>
                        <rect
                          x={x(s) + 2}
                          y={y(s) + 2}
                          width={S - 4}
                          height={S - 4}
                          rx="8"
                          fill="url(#ember)"
                        />
                        <path
                          d={`M${x(s) + 50} ${y(s) + 24} C${x(s) + 64} ${y(s) + 44} ${x(s) + 70} ${y(s) + 58} ${x(s) + 50} ${y(s) + 78} C${x(s) + 30} ${y(s) + 58} ${x(s) + 40} ${y(s) + 48} ${x(s) + 50} ${y(s) + 24} Z`}
                          fill="#f0a040"
                          opacity=".55"
                        />
                      </g>
                    )}
                    {(s === lastTo || s === lastFrom) && (
                      <rect x={x(s) + 6} y={y(s) + 6} width={S - 12} height={S - 12} rx="6" class="last" />
                    )}
                    {last?.kind === 'move' && last.scorch === s.name && (
                      <rect
                        x={x(s) + 6}
                        y={y(s) + 6}
                        width={S - 12}
                        height={S - 12}
                        rx="6"
                        class="last-scorch"
                      />
                    )}
                    {(cell === 'R' || cell === 'H') && (
                      <g transform={`translate(${x(s) + 6} ${y(s) + 4})`}>
                        <Knight side={cell} size={S - 12} />
                      </g>
                    )}
                    {isTarget && cell !== 'R' && cell !== 'H' && (
                      <circle
                        cx={x(s) + S / 2}
                        cy={y(s) + S / 2}
                        r={sel.stage === 'scorch' ? 16 : 13}
                        class={sel.stage === 'scorch' ? 'dot scorch-dot' : 'dot'}
                        style={v !== undefined ? { fill: verdictColour(v.value) } : undefined}
                      />
                    )}
                    {isTarget && (cell === 'R' || cell === 'H') && (
                      <rect
                        x={x(s) + 4}
                        y={y(s) + 4}
                        width={S - 8}
                        height={S - 8}
                        rx="8"
                        class="ring"
                        style={v !== undefined ? { stroke: verdictColour(v.value) } : undefined}
                      />
                    )}
                    {v !== undefined && (
                      <text
                        class="verdict"
                        x={x(s) + S - 8}
                        y={y(s) + 20}
                        text-anchor="end"
                        fill={verdictColour(v.value)}
                      >
                        {verdictText(v)}
                      </text>
                    )}
                  </g>
                );
              })}
          </g>
        ))}
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
        {lastFrom && lastTo && (
          <line
            x1={x(lastFrom) + S / 2}
            y1={y(lastFrom) + S / 2}
            x2={x(lastTo) + S / 2}
            y2={y(lastTo) + S / 2}
            class="last-arrow"
            marker-end="url(#arrowhead)"
          />
        )}
        {drag && svgRef.current && <DragGhost drag={drag} svg={svgRef.current} side={pos.toMove} />}
      </svg>
      <MoveAnnouncer position={position} lastMove={lastMove} />
    </>
  );
}

/** Positive values (wins) beat negatives; a quicker win beats a slower one; a slower loss beats a quicker one. */
function better(a: number, b: number): boolean {
  if (a > 0 && b > 0) return a < b;
  if (a > 0 !== b > 0) return a > 0;
  return a < b;
}

function DragGhost(props: { drag: { x: number; y: number }; svg: SVGSVGElement; side: 'R' | 'H' }) {
  const [x, y] = toBoard(props.svg, props.drag.x, props.drag.y);
  return (
    <g transform={`translate(${x - S / 2} ${y - S / 2})`} style={{ pointerEvents: 'none', opacity: 0.85 }}>
      <Knight side={props.side} size={S} />
    </g>
  );
}

/** Screen coordinates to the board's own (the SVG may be letterboxed inside its box). */
function toBoard(svg: SVGSVGElement, clientX: number, clientY: number): [number, number] {
  const m = svg.getScreenCTM();
  if (!m) return [NaN, NaN];
  const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
  return [p.x, p.y];
}

export { SIDE_COLOUR };
