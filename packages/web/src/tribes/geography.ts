/**
 * Where the Tribes map sits on the globe: the projection of Europe and the Mediterranean, the province
 * sites (each province's anchor from the map data, plus a few extra points for the default map's large or
 * oddly shaped provinces so the drawn areas follow the real coast), and the projected land outline.
 */
import { geoConicConformal, geoPath, type GeoProjection } from 'd3-geo';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Site } from './cells.js';

export const MAP_WIDTH = 1000;
export const MAP_HEIGHT = 700;

export interface ProvinceGeo {
  readonly id: string;
  readonly name: string;
  readonly start: boolean;
  readonly playable: boolean;
  readonly anchor: readonly [number, number];
  readonly neighbours: readonly { readonly id: string; readonly kind: 'land' | 'sea' }[];
}

/** Drawing hints for the default map only: extra sites ([lon, lat]) and the reach of each site in degrees. */
const HINTS: Record<string, { extra?: [number, number][]; reach?: number }> = {
  britannia: {
    extra: [
      [-3.5, 51.0],
      [-2.3, 54.2],
    ],
    reach: 2.6,
  },
  italia: {
    extra: [
      [10.8, 44.9],
      [11.3, 43.3],
      [15.8, 40.6],
      [16.4, 39.0],
      [8.3, 44.8],
    ],
    reach: 2.6,
  },
  sicilia: { reach: 1.6 },
  sardinia: { reach: 1.3 },
  corsica: { reach: 0.8 },
  creta: {
    extra: [
      [23.8, 35.3],
      [26.0, 35.2],
    ],
    reach: 1.2,
  },
  asia: {
    extra: [
      [30.5, 40.2],
      [30.0, 37.3],
    ],
    reach: 3.6,
  },
  africa: { extra: [[10.5, 33.6]], reach: 2.8 },
  numidia: { extra: [[3.2, 36.2]], reach: 3.0 },
  mauretania: {
    extra: [
      [-6.5, 33.5],
      [-1.0, 35.0],
    ],
    reach: 3.0,
  },
  graecia: {
    extra: [
      [23.3, 37.5],
      [21.5, 37.4],
    ],
    reach: 2.0,
  },
  germania: { extra: [[6.5, 51.0]], reach: 2.8 },
  dacia: { reach: 2.8 },
  thracia: { reach: 2.4 },
  lusitania: { extra: [[-8.0, 41.6]], reach: 3.2 },
  tarraconensis: {
    extra: [
      [2.0, 41.8],
      [-4.2, 42.6],
      [-0.5, 39.2],
    ],
    reach: 3.0,
  },
  baetica: { extra: [[-3.0, 37.2]], reach: 2.6 },
  dalmatia: {
    extra: [
      [16.0, 44.5],
      [19.5, 42.4],
    ],
    reach: 1.9,
  },
  lugdunensis: {
    extra: [
      [-2.8, 48.2],
      [3.6, 47.2],
    ],
    reach: 2.6,
  },
  aquitania: { extra: [[1.0, 44.0]], reach: 2.6 },
  belgica: { extra: [[3.0, 50.8]], reach: 2.2 },
  macedonia: { extra: [[20.0, 41.2]], reach: 2.0 },
};
const DEFAULT_REACH = 2.8;

export function projectionFor(): GeoProjection {
  // The corners and edge midpoints of the area shown (a point set: a polygon's winding would matter).
  const frame = {
    type: 'MultiPoint' as const,
    coordinates: [
      [-10, 31],
      [13, 31],
      [36, 31],
      [-10, 55.5],
      [13, 55.5],
      [36, 55.5],
    ],
  };
  return geoConicConformal()
    .rotate([-13, 0])
    .parallels([35, 52])
    .fitExtent(
      [
        [0, 0],
        [MAP_WIDTH, MAP_HEIGHT],
      ],
      frame,
    )
    .clipExtent([
      [0, 0],
      [MAP_WIDTH, MAP_HEIGHT],
    ]);
}

/** How many pixels one degree of latitude takes near the middle of the map. */
function pixelsPerDegree(p: GeoProjection): number {
  const a = p([13, 44])!;
  const b = p([13, 45])!;
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

export function provinceSites(p: GeoProjection, provinces: readonly ProvinceGeo[]): Site[] {
  const k = pixelsPerDegree(p);
  const sites: Site[] = [];
  provinces.forEach((prov, i) => {
    const hint = HINTS[prov.id] ?? {};
    const reach = (hint.reach ?? DEFAULT_REACH) * k;
    for (const ll of [prov.anchor, ...(hint.extra ?? [])]) {
      const xy = p([ll[0], ll[1]]);
      if (xy) sites.push({ province: i, x: xy[0], y: xy[1], r: reach });
    }
  });
  return sites;
}

/** The land outline (Natural Earth 1:50m via world-atlas), projected; loaded on first use. */
let landPath: Promise<string> | null = null;
export function projectedLand(p: GeoProjection): Promise<string> {
  if (!landPath) {
    landPath = Promise.all([import('world-atlas/land-50m.json'), import('topojson-client')]).then(
      ([land, topo]) => {
        const topology: unknown = land.default;
        if (!isLandTopology(topology)) throw new Error('world-atlas/land-50m.json is not a land topology');
        return geoPath(p)(topo.feature(topology, topology.objects.land)) ?? '';
      },
    );
  }
  return landPath;
}

function isLandTopology(x: unknown): x is Topology<{ land: GeometryCollection }> {
  return (
    typeof x === 'object' &&
    x !== null &&
    'type' in x &&
    x.type === 'Topology' &&
    'objects' in x &&
    typeof x.objects === 'object' &&
    x.objects !== null &&
    'land' in x.objects
  );
}
