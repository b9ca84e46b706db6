/** Small screen helpers over the engine's `TribesView`: its tribes by the app's tribe ids. */
import type { TribesView } from '@attila/tribes';
import { isTribe, type Tribe } from './tribes.js';

export type { TribesView };

/** The view's tribe names turned into the app's tribe ids (`Franks` → `franks`). */
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
