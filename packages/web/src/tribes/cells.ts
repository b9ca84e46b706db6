/**
 * Province areas for drawing: the map data gives each province only an anchor point, so the areas are the
 * Voronoi cells of a few sites per province, each cut to a disc (provinces do not reach across the whole
 * continent) and, when drawn, to the land. Every cell edge remembers which neighbouring site made it, so
 * borders are drawn only between different provinces.
 */
export type Point = readonly [number, number];

export interface Site {
  readonly province: number;
  readonly x: number;
  readonly y: number;
  /** The disc the site's area may not leave. */
  readonly r: number;
}

/** A polygon vertex; `by` names what made the edge to the next vertex: a site index, or -1 for the disc. */
interface Vertex {
  readonly x: number;
  readonly y: number;
  readonly by: number;
}

export interface Cell {
  readonly site: number;
  readonly province: number;
  readonly polygon: readonly Point[];
  /** Edges shared with another province's area. */
  readonly borders: readonly (readonly [Point, Point])[];
  /** Edges on the site's disc: where the province ends without meeting another. */
  readonly outer: readonly (readonly [Point, Point])[];
}

const DISC_STEPS = 40;

function disc(s: Site): Vertex[] {
  return Array.from({ length: DISC_STEPS }, (_, k) => {
    const a = (2 * Math.PI * k) / DISC_STEPS;
    return { x: s.x + s.r * Math.cos(a), y: s.y + s.r * Math.sin(a), by: -1 };
  });
}

/** Keeps the part of `poly` nearer to `own` than to `other` (Sutherland–Hodgman, tagging the cut edge). */
function clip(poly: Vertex[], own: Site, other: Site, otherIndex: number): Vertex[] {
  const nx = other.x - own.x;
  const ny = other.y - own.y;
  const mx = (own.x + other.x) / 2;
  const my = (own.y + other.y) / 2;
  const side = (v: Vertex) => (v.x - mx) * nx + (v.y - my) * ny; // <= 0: inside
  const out: Vertex[] = [];
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i];
    const q = poly[(i + 1) % poly.length];
    const sp = side(p);
    const sq = side(q);
    const cross = (): Vertex => {
      const t = sp / (sp - sq);
      return { x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y), by: p.by };
    };
    if (sp <= 0 && sq <= 0) out.push(p);
    else if (sp <= 0 && sq > 0) out.push(p, { ...cross(), by: otherIndex });
    else if (sp > 0 && sq <= 0) out.push(cross());
  }
  return out;
}

export function voronoiCells(sites: readonly Site[]): Cell[] {
  return sites.map((own, i) => {
    let poly = disc(own);
    sites.forEach((other, j) => {
      if (j === i || poly.length === 0) return;
      if (Math.hypot(other.x - own.x, other.y - own.y) > own.r + other.r) return;
      poly = clip(poly, own, other, j);
    });
    const borders: [Point, Point][] = [];
    const outer: [Point, Point][] = [];
    poly.forEach((v, k) => {
      const w = poly[(k + 1) % poly.length];
      if (v.by >= 0 && sites[v.by].province !== own.province)
        borders.push([
          [v.x, v.y],
          [w.x, w.y],
        ]);
      if (v.by < 0)
        outer.push([
          [v.x, v.y],
          [w.x, w.y],
        ]);
    });
    return { site: i, province: own.province, polygon: poly.map((v) => [v.x, v.y] as const), borders, outer };
  });
}

export function polygonPath(poly: readonly Point[]): string {
  if (poly.length === 0) return '';
  return 'M' + poly.map(([x, y]) => `${x.toFixed(1)} ${y.toFixed(1)}`).join('L') + 'Z';
}
