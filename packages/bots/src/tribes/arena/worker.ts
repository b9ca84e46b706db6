/** An arena thread: plays games worker, worker + threads, ... of a run and posts each outcome. */
import { parentPort, workerData } from 'node:worker_threads';
import { unwrap } from '@attila/core';
import { arenaSettings, checkConfig, playGame, type ArenaConfig } from './arena.js';

const { config, worker, threads } = workerData as { config: ArenaConfig; worker: number; threads: number };
const players = unwrap(checkConfig(config));
const settings = unwrap(arenaSettings(config));
try {
  for (let g = worker; g < config.games; g += threads) {
    parentPort?.postMessage({ game: await playGame(config, settings, players, g) });
  }
  parentPort?.postMessage({ done: true });
} catch (e) {
  parentPort?.postMessage({ error: (e as Error).message });
} finally {
  await Promise.all(players.map((p) => p.close?.()));
}
