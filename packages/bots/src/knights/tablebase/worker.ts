/**
 * A build worker (`threaded.ts`): solves chunks of classes of the step it is told, taking the next chunk from
 * a shared counter until none is left, over the layer buffers it shares with the other workers.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { SolverGeometry } from '../solver/geometry.js';
import { JumpLists, jumpStep, scorchStep } from './kernels.js';
import { TablebaseSpace } from './space.js';

export interface WorkerSetup {
  readonly geometry: SolverGeometry;
  readonly values: SharedArrayBuffer;
  readonly best: SharedArrayBuffer;
  /** [next chunk to take, chunks done] */
  readonly control: SharedArrayBuffer;
}

export interface StepOrder {
  readonly step: 'scorch' | 'jump';
  readonly layer: number;
  readonly chunk: number;
}

const setup = workerData as WorkerSetup & { entry: string };
const sp = new TablebaseSpace(setup.geometry);
const jl = new JumpLists(sp);
const values = new Uint8Array(setup.values);
const best = new Uint8Array(setup.best);
const control = new Int32Array(setup.control);
const port = parentPort!;

port.on('message', (order: StepOrder) => {
  const chunks = Math.ceil(sp.classes / order.chunk);
  for (;;) {
    const i = Atomics.add(control, 0, 1);
    if (i >= chunks) break;
    const from = i * order.chunk;
    const to = Math.min(sp.classes, from + order.chunk);
    if (order.step === 'scorch') scorchStep(sp, order.layer, values, best, from, to);
    else jumpStep(sp, jl, order.layer, best, values, from, to);
    Atomics.add(control, 1, 1);
  }
  port.postMessage('done');
});
port.postMessage('ready');
