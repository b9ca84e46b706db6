/// <reference lib="webworker" />
/**
 * The Knights solver in a worker. Until the solver package lands this answers that analysis is unavailable.
 */
self.onmessage = (e: MessageEvent<{ id: number; position: string; layout: string }>) => {
  self.postMessage({ id: e.data.id, error: 'solver not available' });
};
