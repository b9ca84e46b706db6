/**
 * The six tribes, in scoring order. Everywhere in the engine a tribe is its index in this list, and
 * per-tribe arrays (hands, supply, influence) are laid out in this order.
 */
export const TRIBES = ['Franks', 'Huns', 'Goths', 'Saxons', 'Teutons', 'Vandals'] as const;
export type TribeName = (typeof TRIBES)[number];
export const TRIBE_COUNT = 6;
export const CARDS_PER_TRIBE = 9;
export const DECK_SIZE = TRIBE_COUNT * CARDS_PER_TRIBE;
export const MARKERS_PER_TRIBE = 20;
export const HAND_SIZE = 6;
export const PROVINCE_CAPACITY = 5;
export const PEACE_TILES = 10;

/** Case-insensitive tribe name to index, or -1. */
export function tribeIndex(name: string): number {
  const lower = name.toLowerCase();
  for (let t = 0; t < TRIBE_COUNT; t++) if (TRIBES[t].toLowerCase() === lower) return t;
  return -1;
}
