/**
 * Named layouts for lobbies and the command line: the standard 4x5 board the rules recommend, and a few
 * non-rectangular arrangements. `parseLayout` reads a preset name, a shape string or tile placements.
 */
import { err, unwrap, type Result } from '@attila/core';
import { layoutFromShape, layoutFromTiles, type Layout } from './layout.js';
import type { LayoutErrorCode } from './tiles.js';

export interface PresetLayout {
  readonly name: string;
  readonly title: string;
  readonly layout: Layout;
}

const PRESET_SOURCES: ReadonlyArray<readonly [string, string, string]> = [
  ['standard', 'Standard 4x5 rectangle', 'L@a1:h, S@d1, L@a3:h, S@d3'],
  ['strip', 'Long strip 2x10', 'L@a1:h, L@d1:h, S@g1, S@i1'],
  ['cross', 'Cross', 'S@c1, L@a3:h, L@d3:h, S@c5'],
  ['tee', 'T', 'S@c1, S@c3, L@a5:h, L@d5:h'],
  ['corner', 'Corner', 'L@a3:v, S@a1, L@c1:h, S@f1'],
  ['stairs', 'Staircase', 'S@f1, L@d3:h, L@b5:h, S@a7'],
  ['ring', 'Pinwheel with a hole', 'L@a3:v, L@c4:h, S@d2, S@b1'],
];

export const PRESET_LAYOUTS: readonly PresetLayout[] = PRESET_SOURCES.map(([name, title, tiles]) => ({
  name,
  title,
  layout: unwrap(layoutFromTiles(tiles)),
}));

export const STANDARD_LAYOUT: Layout = PRESET_LAYOUTS[0].layout;

export function presetLayout(name: string): Layout | undefined {
  return PRESET_LAYOUTS.find((p) => p.name === name)?.layout;
}

/** The preset's name when the layout is one (up to rotation and reflection), else null. */
export function presetName(layout: Layout): string | null {
  return PRESET_LAYOUTS.find((p) => p.layout.canonical === layout.canonical)?.name ?? null;
}

/**
 * A layout from any of its written forms: a preset name (`standard`, `cross`, ...), a shape string
 * (`...../...../...../.....`) or tile placements (`L@a1:h, S@d1, L@a3:h, S@d3`).
 */
export function parseLayout(text: string): Result<Layout, LayoutErrorCode> {
  const t = text.trim();
  const preset = presetLayout(t);
  if (preset) return { ok: true, value: preset };
  if (t.includes('@')) return layoutFromTiles(t);
  if (/^[._/]+$/.test(t)) return layoutFromShape(t);
  return err(
    'knights.layout',
    `"${text}" is not a layout: give a preset name (${PRESET_LAYOUTS.map((p) => p.name).join(', ')}), a shape such as "...../...../...../....." or tile placements such as "L@a1:h, S@d1, L@a3:h, S@d3"`,
  );
}
