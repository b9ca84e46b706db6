/** An arena thread: plays games first + worker, first + worker + threads, ... of a run and posts each outcome. */
import { parentPort, workerData } from 'node:worker_threads';
import { unwrap } from '@attila/core';
import { arenaSettings, checkConfig, playGame, type ArenaConfig } from './arena.js';

const { config, worker, threads } = workerData as { config: ArenaConfig; worker: number; threads: number };
const players = unwrap(checkConfig(config));
const settings = unwrap(arenaSettings(config));
try {
  const first = config.firstGame ?? 0;
  for (let g = first + worker; g < first + config.games; g += threads) {
    parentPort?.postMessage({ game: await playGame(config, settings, players, g) });
  }
  parentPort?.postMessage({ done: true });
} catch (e) {
  parentPort?.postMessage({ error: (e as Error).message });
} finally {
  await Promise.all(players.map((p) => p.close?.()));
}
