/**
 * The layered build on one thread (the tests' small boards; `threaded.ts` runs the same steps on workers for
 * the standard board): layer F (everything scorched) down to layer 0, two buffers of the largest layer's
 * size — the layer above and the best scorches — reused from layer to layer. `onLayer` sees each layer's
 * codes as soon as they are made (the next layer overwrites them).
 */
import { JumpLists, jumpStep, lastLayer, scorchStep } from './kernels.js';
import type { TablebaseSpace } from './space.js';

export type LayerSink = (s: number, codes: Uint8Array) => void;

export function largestLayer(sp: TablebaseSpace): number {
  let max = 0;
  for (let s = 0; s <= sp.free; s++) max = Math.max(max, sp.layerSize(s));
  return max;
}

export function buildTablebase(sp: TablebaseSpace, onLayer: LayerSink): void {
  const jl = new JumpLists(sp);
  const size = largestLayer(sp);
  const values = new Uint8Array(size);
  const best = new Uint8Array(size);
  lastLayer(sp, values);
  onLayer(sp.free, values.subarray(0, sp.layerSize(sp.free)));
  for (let s = sp.free - 1; s >= 0; s--) {
    scorchStep(sp, s, values, best, 0, sp.classes);
    jumpStep(sp, jl, s, best, values, 0, sp.classes);
    onLayer(s, values.subarray(0, sp.layerSize(s)));
  }
}

/** Every layer kept (small boards only): layers[s][index] is the code of that position. */
export function buildAllLayers(sp: TablebaseSpace): Uint8Array[] {
  const layers: Uint8Array[] = [];
  buildTablebase(sp, (s, codes) => (layers[s] = codes.slice()));
  return layers;
}
