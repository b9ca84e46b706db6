/**
 * The Tribes board: the provinces drawn over the real coastline of Europe and the Mediterranean, each with
 * its markers (tribe symbols and counts), peace tile and label; sea crossings drawn with dashed arrows; the start
 * provinces behind the red frontier. Provinces the player may choose now are highlighted and clickable.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';
import { polygonPath, voronoiCells } from './cells.js';
import {
  MAP_HEIGHT,
  MAP_WIDTH,
  projectedLand,
  projectionFor,
  provinceSites,
  type ProvinceGeo,
} from './geography.js';
import { TribeSymbol, TRIBE_STYLE, type Tribe } from './tribes.js';

export interface ProvinceState {
  readonly id: string;
  /** Markers per tribe, in the view's tribe order. */
  readonly markers: readonly number[];
  readonly peace: number | null;
}

export interface TribesMapProps {
  readonly provinces: readonly ProvinceGeo[];
  readonly state: readonly ProvinceState[];
  /** Tribe ids (lower-case) in the view's order. */
  readonly tribes: readonly Tribe[];
  readonly selectable: ReadonlySet<string>;
  /**
   * Provinces that may be picked without being offered (a lesson lets the player try a wrong one and learn
   * from the engine which rule it breaks); they are not highlighted.
   */
  readonly tryable?: ReadonlySet<string>;
  readonly onPick?: (province: string) => void;
  readonly conflict?: string | null;
  readonly lastPlaced?: string | null;
}

const ROMAN = ['', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII'];

function shortName(name: string): string {
  const plain = name.replace(/\s*\(.*\)\s*/, '').trim();
  const words = plain.split(/\s+/);
  return words[words.length - 1];
}

export function TribesMap(props: TribesMapProps) {
  const t = useT();
  const projection = useMemo(() => projectionFor(), []);
  const [land, setLand] = useState<string | null>(null);
  useEffect(() => {
    void projectedLand(projection).then(setLand);
  }, [projection]);
  const geometry = useMemo(() => {
    const sites = provinceSites(projection, props.provinces);
    const cells = voronoiCells(sites);
    const anchors = props.provinces.map((p) => projection([p.anchor[0], p.anchor[1]]) ?? [0, 0]);
    const seaLinks: [number, number][] = [];
    props.provinces.forEach((p, i) =>
      p.neighbours.forEach((n) => {
        const j = props.provinces.findIndex((q) => q.id === n.id);
        if (n.kind === 'sea' && j > i) seaLinks.push([i, j]);
      }),
    );
    return { cells, anchors, seaLinks };
  }, [props.provinces, projection]);
  const byId = new Map(props.state.map((s) => [s.id, s]));
  const svgRef = useRef<SVGSVGElement>(null);
  const offered = [...props.selectable].sort().join(' ');
  useEffect(() => {
    // Provinces come before the decision in the page: when a card or a second marker offers some, the focus
    // goes to the first of them, so a keyboard player goes on with Tab / Enter instead of tabbing round.
    const svg = svgRef.current;
    if (!svg || offered === '' || svg.contains(document.activeElement)) return;
    svg.querySelector<SVGGElement>('[data-selectable="true"]')?.focus();
  }, [offered]);

  return (
    <svg
      ref={svgRef}
      class="tribes-map"
      viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
      role="group"
      aria-label={t('tribes.mapLabel')}
      data-testid="tribes-map"
    >
      <defs>
        <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stop-color="#9ec3d8" />
          <stop offset="1" stop-color="#7fb0cc" />
        </linearGradient>
        <pattern id="waves" width="24" height="12" patternUnits="userSpaceOnUse">
          <path d="M0 8 Q6 4 12 8 T24 8" fill="none" stroke="rgba(255,255,255,.22)" stroke-width="1" />
        </pattern>
        <pattern id="closed" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="8" height="8" fill="#cfc8b4" />
          <path d="M0 0 V8" stroke="#a39a80" stroke-width="3" />
        </pattern>
        {land && (
          <clipPath id="land-clip">
            <path d={land} />
          </clipPath>
        )}
        <marker
          id="sea-arrow"
          viewBox="0 0 10 10"
          refX="8"
          refY="5"
          markerWidth="5"
          markerHeight="5"
          orient="auto-start-reverse"
        >
          <path d="M0 0 L10 5 L0 10 Z" fill="#2c5d7c" />
        </marker>
      </defs>
      <rect width={MAP_WIDTH} height={MAP_HEIGHT} fill="url(#sea)" />
      <rect width={MAP_WIDTH} height={MAP_HEIGHT} fill="url(#waves)" />
      {land && <path d={land} class="land" />}
      {/* Province areas only make sense cut to the coastline: they wait for it. */}
      <g clip-path="url(#land-clip)" visibility={land ? 'visible' : 'hidden'}>
        {geometry.cells.map((c) => {
          const p = props.provinces[c.province];
          const st = byId.get(p.id);
          const selectable = props.selectable.has(p.id);
          const pickable = selectable || !!props.tryable?.has(p.id);
          return (
            <path
              key={c.site}
              d={polygonPath(c.polygon)}
              class={`cell${p.start ? ' start' : ''}${selectable ? ' selectable' : ''}${st?.peace ? ' peaceful' : ''}${props.conflict === p.id ? ' conflict' : ''}`}
              fill={p.playable ? undefined : 'url(#closed)'}
              onClick={() => pickable && props.onPick?.(p.id)}
            />
          );
        })}
        {geometry.cells.map((c) =>
          c.borders.map(([a, b], k) => (
            <line key={`${c.site}-${k}`} x1={a[0]} y1={a[1]} x2={b[0]} y2={b[1]} class="border" />
          )),
        )}
        {geometry.cells
          .filter((c) => props.provinces[c.province].start)
          .map((c) => (
            <path key={`f${c.site}`} d={edgesPath(c.outer)} class="frontier" />
          ))}
      </g>
      {land && <path d={land} class="coast" />}
      {geometry.seaLinks.map(([i, j]) => {
        const [x1, y1] = geometry.anchors[i];
        const [x2, y2] = geometry.anchors[j];
        const mx = (x1 + x2) / 2 + (y2 - y1) * 0.15;
        const my = (y1 + y2) / 2 - (x2 - x1) * 0.15;
        return (
          <path
            key={`s${i}-${j}`}
            d={`M${x1} ${y1} Q${mx} ${my} ${x2} ${y2}`}
            class="sea-link"
            marker-start="url(#sea-arrow)"
            marker-end="url(#sea-arrow)"
          />
        );
      })}
      {props.provinces.map((p, i) => {
        const [x, y] = geometry.anchors[i];
        const st = byId.get(p.id);
        const selectable = props.selectable.has(p.id);
        const pickable = selectable || !!props.tryable?.has(p.id);
        const present = props.tribes.flatMap((tribe, k) =>
          (st?.markers[k] ?? 0) > 0 ? [[tribe, st!.markers[k]] as const] : [],
        );
        const total = present.reduce((a, [, n]) => a + n, 0);
        const label = [
          p.name,
          ...present.map(([tribe, n]) => `${t(`tribes.tribe.${tribe}`)} ${n}`),
          st?.peace ? `${t('tribes.peaceTile')} ${ROMAN[st.peace]}` : '',
          p.start ? t('tribes.start') : '',
          p.playable ? '' : t('tribes.closed'),
        ]
          .filter(Boolean)
          .join(', ');
        const badgeW = 30;
        const startX = x - (present.length * badgeW) / 2;
        return (
          <g
            key={p.id}
            class={`province${selectable ? ' selectable' : pickable ? ' tryable' : ''}${props.lastPlaced === p.id ? ' last' : ''}`}
            data-province={p.id}
            data-selectable={selectable ? 'true' : undefined}
            data-markers={total}
            role={pickable ? 'button' : 'img'}
            tabindex={pickable ? 0 : undefined}
            aria-label={label}
            onClick={() => pickable && props.onPick?.(p.id)}
            onKeyDown={(e) => {
              if (pickable && (e.key === 'Enter' || e.key === ' ')) {
                e.preventDefault();
                props.onPick?.(p.id);
              }
            }}
          >
            {selectable && <circle cx={x} cy={y} r="26" class="pick-ring" />}
            {pickable && !selectable && <circle cx={x} cy={y} r="26" class="try-ring" />}
            <text x={x} y={y - 8} class={`label${p.playable ? '' : ' closed'}`} text-anchor="middle">
              {shortName(p.name)}
            </text>
            {present.map(([tribe, n], k) => (
              <g key={tribe} transform={`translate(${startX + k * badgeW + 2} ${y - 2})`}>
                <rect width={badgeW - 3} height="17" rx="4" class="badge" />
                <g transform="translate(2 1.5)">
                  <TribeSymbol tribe={tribe} size={14} />
                </g>
                <text
                  x="21"
                  y="13"
                  class="count"
                  text-anchor="middle"
                  fill={TRIBE_STYLE[tribe] ? '#1d130a' : '#000'}
                >
                  {n}
                </text>
              </g>
            ))}
            {st?.peace ? (
              <g transform={`translate(${x + (present.length * badgeW) / 2 + 4} ${y - 4})`} class="peace">
                <rect width="24" height="20" rx="4" />
                <text x="12" y="14" text-anchor="middle">
                  {ROMAN[st.peace]}
                </text>
              </g>
            ) : null}
            {props.conflict === p.id && (
              <text x={x} y={y - 24} text-anchor="middle" class="swords" aria-hidden="true">
                ⚔
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

function edgesPath(
  edges: readonly (readonly [readonly [number, number], readonly [number, number]])[],
): string {
  return edges
    .map(([a, b]) => `M${a[0].toFixed(1)} ${a[1].toFixed(1)}L${b[0].toFixed(1)} ${b[1].toFixed(1)}`)
    .join('');
}
