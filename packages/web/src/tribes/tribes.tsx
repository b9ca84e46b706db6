/**
 * How the six tribes look. Every tribe has its own colour (from the Okabe–Ito palette, readable with the
 * common colour-vision deficiencies) AND its own symbol shape, so no information rests on colour alone.
 */
export const TRIBES = ['franks', 'huns', 'goths', 'saxons', 'teutons', 'vandals'] as const;
export type Tribe = (typeof TRIBES)[number];

export const TRIBE_STYLE: Record<Tribe, { fill: string; ink: string }> = {
  franks: { fill: '#0072B2', ink: '#ffffff' },
  huns: { fill: '#D55E00', ink: '#ffffff' },
  goths: { fill: '#F0E442', ink: '#222222' },
  saxons: { fill: '#009E73', ink: '#ffffff' },
  teutons: { fill: '#CC79A7', ink: '#222222' },
  vandals: { fill: '#3a3a3a', ink: '#ffffff' },
};

export function isTribe(x: unknown): x is Tribe {
  return TRIBES.some((t) => t === x);
}

/** A marker: the tribe's shape filled with its colour, centred on (0,0) when `centred`, else in a size×size box. */
export function TribeSymbol({ tribe, size, centred }: { tribe: Tribe; size: number; centred?: boolean }) {
  const s = TRIBE_STYLE[tribe];
  const k = size / 20;
  const shape = (() => {
    switch (tribe) {
      case 'franks': // diamond
        return <path d="M10 0.5 L19.5 10 L10 19.5 L0.5 10 Z" />;
      case 'huns': // triangle
        return <path d="M10 1 L19.5 18.5 H0.5 Z" />;
      case 'goths': // circle
        return <circle cx="10" cy="10" r="9.3" />;
      case 'saxons': // square
        return <rect x="1.5" y="1.5" width="17" height="17" rx="1.5" />;
      case 'teutons': // cross
        return <path d="M7 0.5 H13 V7 H19.5 V13 H13 V19.5 H7 V13 H0.5 V7 H7 Z" />;
      case 'vandals': // star
        return (
          <path d="M10 0.5 L12.6 7 L19.5 7.3 L14.1 11.6 L16 18.8 L10 14.8 L4 18.8 L5.9 11.6 L0.5 7.3 L7.4 7 Z" />
        );
    }
  })();
  return (
    <g
      transform={`translate(${centred ? -size / 2 : 0} ${centred ? -size / 2 : 0}) scale(${k})`}
      fill={s.fill}
      stroke={tribe === 'goths' ? '#6b6410' : '#111'}
      stroke-width={1.2}
      class={`tribe tribe-${tribe}`}
    >
      {shape}
    </g>
  );
}

export function TribeIcon({ tribe, size = 18 }: { tribe: Tribe; size?: number }) {
  return (
    <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} class="tribe-icon" aria-hidden="true">
      <TribeSymbol tribe={tribe} size={size} />
    </svg>
  );
}
