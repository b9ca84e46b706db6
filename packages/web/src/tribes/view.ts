/** The Tribes view as the web app reads it (the engine's `TribesView`), and small helpers over it. */
import type { TribesView } from '@attila/tribes';
import { isTribe, type Tribe } from './tribes.js';

export type { TribesView };

/** The view's tribe names as the app's tribe ids (`Franks` → `franks`). */
export function tribeIds(view: TribesView): Tribe[] {
  return view.tribes.map((n) => {
    const id = n.toLowerCase();
    if (!isTribe(id)) throw new Error(`unknown tribe ${n}`);
    return id;
  });
}

export function tribeId(name: string): Tribe | null {
  const id = name.toLowerCase();
  return isTribe(id) ? id : null;
}

/** Markers of each tribe on the board, and how many provinces hold each. */
export function tribePresence(view: TribesView): { markers: number[]; provinces: number[] } {
  const markers = view.tribes.map(() => 0);
  const provinces = view.tribes.map(() => 0);
  for (const p of view.provinces) {
    p.markers.forEach((n, t) => {
      markers[t] += n;
      if (n > 0) provinces[t]++;
    });
  }
  return { markers, provinces };
}

/** The influence a card gives in each century. */
export const CENTURY_VALUE: Record<number, number> = { 4: 1, 5: 2, 6: 3, 7: 4 };

/** Two seats with the same name (two bots of one level) get numbered, so every column can be told apart. */
export function distinctNames(names: readonly string[]): string[] {
  return names.map((n, i) => (names.filter((m) => m === n).length > 1 ? `${n} ${i + 1}` : n));
}
