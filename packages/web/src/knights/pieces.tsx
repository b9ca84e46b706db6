/**
 * The two armies' pieces. Colour is never the only difference: Romans carry a round shield with an eagle
 * crest, Huns a pointed banner (the shapes stay distinct in grey-scale and for colour-blind players).
 */
import type { Side } from '@attila/knights';

export const SIDE_COLOUR: Record<Side, { fill: string; stroke: string; mark: string }> = {
  R: { fill: '#1d5fa8', stroke: '#0b2a4f', mark: '#f6e7b0' },
  H: { fill: '#e08a1e', stroke: '#5a2e05', mark: '#2a1606' },
};

/** A chess-knight silhouette, 100×100, standing on its base. */
const HORSE =
  'M30 88 H74 C74 80 70 74 64 70 C64 58 70 50 70 38 C70 22 58 12 44 12 L40 6 L36 14 C30 18 24 26 20 36 L14 46 C12 50 16 56 20 54 L28 50 C32 50 36 48 40 46 C38 54 30 60 28 72 C26 78 30 82 30 88 Z';

export function Knight({ side, size }: { side: Side; size: number }) {
  const c = SIDE_COLOUR[side];
  return (
    <g transform={`scale(${size / 100})`} class={`knight knight-${side}`}>
      <ellipse cx="52" cy="90" rx="30" ry="6" fill="rgba(0,0,0,.25)" />
      <path d={HORSE} fill={c.fill} stroke={c.stroke} stroke-width="3" stroke-linejoin="round" />
      <circle cx="46" cy="26" r="3" fill={c.mark} />
      {side === 'R' ? (
        <g>
          <circle cx="58" cy="64" r="13" fill={c.mark} stroke={c.stroke} stroke-width="2.5" />
          <path d="M52 62 L58 56 L64 62 L58 72 Z" fill={c.fill} />
        </g>
      ) : (
        <g>
          <path d="M48 52 L72 58 L48 70 Z" fill={c.mark} stroke={c.stroke} stroke-width="2" />
          <path d="M48 50 V76" stroke={c.stroke} stroke-width="3" />
        </g>
      )}
    </g>
  );
}
