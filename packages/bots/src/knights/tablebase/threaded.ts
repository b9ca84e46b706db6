/**
 * The layered build on worker threads (`build.ts` is the same on one thread): the two layer buffers are
 * shared memory, each step (best scorch, best jump) is cut into chunks of classes that the workers take in
 * turn, and the main thread waits, reports progress and hands each finished layer to `onLayer` (which may
 * write it out) before the next step overwrites it. Figures per layer: positions, CPU seconds of the whole
 * process (all threads), wall seconds, resident memory.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SolverGeometry } from '../solver/geometry.js';
import { largestLayer } from './build.js';
import { lastLayer } from './kernels.js';
import { TablebaseSpace } from './space.js';
import type { StepOrder, WorkerSetup } from './worker.js';

export interface LayerFigures {
  readonly layer: number;
  readonly positions: number;
  readonly cpuSeconds: number;
  readonly wallSeconds: number;
  /** Resident memory of the process when the layer was done (bytes). */
  readonly rss: number;
}

export interface BuildProgress {
  readonly layer: number;
  readonly step: 'scorch' | 'jump';
  /** Positions done in the whole build, and in all. */
  readonly done: number;
  readonly total: number;
}

export interface ThreadedBuildOptions {
  readonly threads?: number;
  readonly onLayer?: (layer: number, codes: Uint8Array, figures: LayerFigures) => void | Promise<void>;
  readonly onProgress?: (p: BuildProgress) => void;
  /** How often progress is reported (ms). */
  readonly progressMs?: number;
}

export interface BuildSummary {
  readonly positions: number;
  readonly cpuSeconds: number;
  readonly wallSeconds: number;
  /** Peak resident memory of the process (bytes). */
  readonly peakRss: number;
  readonly threads: number;
  readonly layers: LayerFigures[];
}

const CHUNK = 256;

function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

export async function buildTablebaseThreaded(
  geometry: SolverGeometry,
  options: ThreadedBuildOptions = {},
): Promise<BuildSummary> {
  const cpu0 = cpuSeconds();
  const wall0 = performance.now();
  const sp = new TablebaseSpace(geometry);
  const threads = Math.max(1, options.threads ?? Math.min(2, availableParallelism()));
  const size = largestLayer(sp);
  const setup: WorkerSetup = {
    geometry: {
      size: geometry.size,
      jumps: Array.from(geometry.jumps),
      symmetries: geometry.symmetries.map((s) => Array.from(s)),
    },
    values: new SharedArrayBuffer(size),
    best: new SharedArrayBuffer(size),
    control: new SharedArrayBuffer(8),
  };
  const values = new Uint8Array(setup.values);
  const control = new Int32Array(setup.control);
  const workers: Worker[] = [];
  const total = sp.classes * 2 ** sp.free;
  let done = sp.layerSize(sp.free);
  try {
    const ready: Promise<void>[] = [];
    for (let i = 0; i < threads; i++) {
      const w = new Worker(new URL('./worker-boot.js', import.meta.url), {
        workerData: { ...setup, entry: new URL('./worker.ts', import.meta.url).href },
      });
      workers.push(w);
      ready.push(once(w, 'ready'));
    }
    await Promise.all(ready);

    const step = async (order: StepOrder, positions: number) => {
      Atomics.store(control, 0, 0);
      Atomics.store(control, 1, 0);
      const chunks = Math.ceil(sp.classes / order.chunk);
      const timer = setInterval(() => {
        const part = Atomics.load(control, 1) / chunks;
        options.onProgress?.({
          layer: order.layer,
          step: order.step,
          done: done + Math.round(part * positions),
          total,
        });
      }, options.progressMs ?? 500);
      try {
        await Promise.all(
          workers.map((w) => {
            const finished = once(w, 'done');
            w.postMessage(order);
            return finished;
          }),
        );
      } finally {
        clearInterval(timer);
      }
    };

    const layers: LayerFigures[] = [];
    let peakRss = process.memoryUsage().rss;
    const finishLayer = async (s: number, cpuStart: number, wallStart: number) => {
      const rss = process.memoryUsage().rss;
      peakRss = Math.max(peakRss, rss);
      const figures: LayerFigures = {
        layer: s,
        positions: sp.layerSize(s),
        cpuSeconds: cpuSeconds() - cpuStart,
        wallSeconds: (performance.now() - wallStart) / 1000,
        rss,
      };
      layers.push(figures);
      await options.onLayer?.(s, values.subarray(0, sp.layerSize(s)), figures);
    };

    let c = cpuSeconds();
    let t = performance.now();
    lastLayer(sp, values);
    await finishLayer(sp.free, c, t);
    for (let s = sp.free - 1; s >= 0; s--) {
      c = cpuSeconds();
      t = performance.now();
      // Each step's cost is about even between its two halves; progress counts the layer's positions.
      const positions = sp.layerSize(s);
      await step({ step: 'scorch', layer: s, chunk: CHUNK }, positions / 2);
      done += positions / 2;
      await step({ step: 'jump', layer: s, chunk: CHUNK }, positions / 2);
      done += positions / 2;
      await finishLayer(s, c, t);
    }
    options.onProgress?.({ layer: 0, step: 'jump', done: total, total });
    const maxRss = process.resourceUsage().maxRSS * 1024;
    return {
      positions: total,
      cpuSeconds: cpuSeconds() - cpu0,
      wallSeconds: (performance.now() - wall0) / 1000,
      peakRss: Math.max(peakRss, maxRss),
      threads,
      layers,
    };
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

function once(w: Worker, message: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      if (m !== message) return;
      w.off('message', onMessage);
      w.off('error', reject);
      resolve();
    };
    w.on('message', onMessage);
    w.once('error', reject);
  });
}
