/**
 * One worker thread of the load script's clients (`--client-threads K`): plays its share of the games
 * (load-clients.ts) and answers load.ts's messages: measure from now, the figures so far, stop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { LoadClients, type ClientSettings } from './load-clients.js';

export type ClientThreadRequest = 'measure' | 'figures' | 'stop';

const port = parentPort!;
const { settings, games } = workerData as { settings: ClientSettings; games: number };
const clients = new LoadClients(settings);
port.on('message', (m: ClientThreadRequest) => {
  if (m === 'measure') clients.measure();
  else if (m === 'figures') port.postMessage({ figures: clients.figures() });
  else clients.stop();
});
await clients.start(games);
port.postMessage({ started: games });
