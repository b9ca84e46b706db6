/**
 * Dragging a knight: a press on a knight that may move becomes a drag only once the pointer really moves (a
 * plain click stays a click); dropping it on a landing square picks that landing, and the click that ends
 * a drag is not a click on a square.
 */
import { useRef, useState } from 'preact/hooks';
import { S, toBoard } from './board-geometry.js';
import { Knight } from './pieces.js';
import { click, IDLE, type Selection } from './selection.js';

export interface Drag {
  readonly from: string;
  readonly x: number;
  readonly y: number;
}

/** How far (screen pixels) the pointer moves before a press becomes a drag. */
const DRAG_START_PX = 8;

export function useKnightDrag(
  legalMoves: readonly string[],
  setSel: (sel: Selection) => void,
  squareAt: (clientX: number, clientY: number) => string | null,
) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const pressed = useRef<Drag | null>(null);
  const swallowClick = useRef(false);
  return {
    drag,
    /** Whether a click now is the end of a drag (and so not a click on a square). */
    clickSwallowed: () => swallowClick.current,
    press(from: string, e: PointerEvent) {
      (e.currentTarget as Element | null)?.releasePointerCapture?.(e.pointerId);
      pressed.current = { from, x: e.clientX, y: e.clientY };
    },
    onPointerMove(e: PointerEvent) {
      const start = pressed.current;
      if (!start) return;
      if (!drag && Math.hypot(e.clientX - start.x, e.clientY - start.y) < DRAG_START_PX) return;
      if (!drag) setSel({ stage: 'from', from: start.from });
      setDrag({ from: start.from, x: e.clientX, y: e.clientY });
    },
    onPointerUp(e: PointerEvent) {
      pressed.current = null;
      if (!drag) return;
      const target = squareAt(e.clientX, e.clientY);
      setDrag(null);
      swallowClick.current = true;
      setTimeout(() => (swallowClick.current = false), 0);
      const out =
        target && target !== drag.from ? click(legalMoves, { stage: 'from', from: drag.from }, target) : null;
      setSel(out && out.kind === 'select' && out.selection.stage === 'scorch' ? out.selection : IDLE);
    },
  };
}

/** The dragged knight, under the pointer. */
export function DragGhost(props: { drag: Drag; svg: SVGSVGElement; side: 'R' | 'H' }) {
  const [x, y] = toBoard(props.svg, props.drag.x, props.drag.y);
  return (
    <g transform={`translate(${x - S / 2} ${y - S / 2})`} style={{ pointerEvents: 'none', opacity: 0.85 }}>
      <Knight side={props.side} size={S} />
    </g>
  );
}
