/**
 * The Knights board in SVG, drawn entirely from the engine's position string and legal moves. Knights are
 * entered in two clicks (knight → landing square → square to scorch), by dragging the knight then clicking
 * the square to scorch (board-drag.tsx), or with the keyboard (board-keys.ts: arrows move the focus,
 * Enter/Space clicks). A square's picture is board-square.tsx, the solver's verdicts board-verdicts.ts.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';
import { readMove, readPosition, type BoardSquare, type KnightsView } from '@attila/knights';
import { MoveAnnouncer } from './announcer.js';
import { BoardDefs, Coordinates, LastMoveArrow, TileEdges } from './board-decor.js';
import { DragGhost, useKnightDrag } from './board-drag.js';
import { PAD, S, squareAt } from './board-geometry.js';
import { onBoardKey } from './board-keys.js';
import { SquareDrawing, type Cell } from './board-square.js';
import { verdictsBySquare, verdictText, type Verdict } from './board-verdicts.js';
import { SIDE_COLOUR } from './pieces.js';
import { click, highlights, IDLE, movableKnights, type Selection } from './selection.js';

export type { Verdict } from './board-verdicts.js';

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
  const svgRef = useRef<SVGSVGElement>(null);
  const dragging = useKnightDrag(legalMoves, setSel, (cx, cy) =>
    pos ? squareAt(svgRef.current, pos.squares, cx, cy) : null,
  );
  useEffect(() => setSel(IDLE), [position, legalMoves.join(' ')]);
  useEffect(() => onStage?.(sel.stage), [sel.stage]);

  if (!pos) return <pre class="error">{position}</pre>;
  const { drag } = dragging;
  const hl = highlights(legalMoves, sel);
  const movers = movableKnights(legalMoves);
  const byName = new Map(pos.squares.map((s) => [s.name, s]));
  const last = lastMove ? readMove(lastMove) : null;
  const W = pos.cols * S + PAD;
  const H = pos.rows * S + PAD;
  const verdictAt = verdictsBySquare(verdicts, sel);
  const firstSquare = pos.squares.find((q) => q.cell !== 'gap');

  const act = (name: string) => {
    if (onSquare) return onSquare(name);
    const out = click(legalMoves, sel, name);
    if (out.kind === 'play') {
      setSel(IDLE);
      onMove?.(out.move);
    } else setSel(out.selection);
  };
  const keys = {
    click: act,
    cancel: () => setSel(IDLE),
    focus: (name: string) => {
      setFocus(name);
      svgRef.current?.querySelector<SVGGElement>(`[data-square="${name}"]`)?.focus();
    },
  };

  const shown = (s: BoardSquare): Cell => {
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
        onPointerMove={dragging.onPointerMove}
        onPointerUp={dragging.onPointerUp}
      >
        <BoardDefs />
        <Coordinates squares={pos.squares} rows={pos.rows} height={H} />
        {/* A grid of rows of squares, as assistive technology expects (drawn in the same order). */}
        {Array.from({ length: pos.rows }, (_, r) => (
          <g key={`row${r}`} role="row">
            {pos.squares
              .filter((s) => s.row === r && s.cell !== 'gap')
              .map((s) => {
                const cell = shown(s);
                const isTarget = hl.targets.has(s.name);
                const v = verdictAt.get(s.name);
                const label =
                  s.name +
                  ', ' +
                  t(`knights.cell.${cell}`) +
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
                    tabIndex={focus === s.name || (focus === null && s === firstSquare) ? 0 : -1}
                    class={`sq${isTarget ? ' target' : ''}${hl.selected === s.name ? ' selected' : ''}`}
                    onClick={() => !dragging.clickSwallowed() && act(s.name)}
                    onKeyDown={(e) => onBoardKey(e, pos.squares, s, keys)}
                    onFocus={() => setFocus(s.name)}
                    onPointerDown={(e) => {
                      if ((cell === 'R' || cell === 'H') && movers.has(s.name)) dragging.press(s.name, e);
                    }}
                  >
                    <SquareDrawing
                      s={s}
                      look={{
                        cell,
                        isTarget,
                        scorching: sel.stage === 'scorch',
                        verdict: v,
                        lastMoved: s === lastTo || s === lastFrom,
                        lastScorched: last?.kind === 'move' && last.scorch === s.name,
                      }}
                    />
                  </g>
                );
              })}
          </g>
        ))}
        <TileEdges tiles={tiles} />
        <LastMoveArrow from={lastFrom} to={lastTo} />
        {drag && svgRef.current && <DragGhost drag={drag} svg={svgRef.current} side={pos.toMove} />}
      </svg>
      <MoveAnnouncer position={position} lastMove={lastMove} />
    </>
  );
}

export { SIDE_COLOUR };
