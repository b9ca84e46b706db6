/**
 * A bot thread: answers "which move for this seat?" questions. It keeps each table's latest state and
 * replays only the moves it has not seen (core's replay loop); the bot is asked through the core contract,
 * shown only what its seat may see.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { askBot, ok, playRecordedMoves, Rng, type Result } from '@attila/core';
import type { AnyGame } from '../games.js';
import type { BotRequest } from './types.js';
import { loadBotModule } from './catalog.js';

const botModule = await loadBotModule((workerData as { botModule: string }).botModule);

export interface WorkerQuestion extends BotRequest {
  readonly id: number;
  readonly moves: string[];
}
export type WorkerAnswer =
  { readonly id: number; readonly move: string } | { readonly id: number; readonly error: string };

interface Cached {
  moves: string[];
  state: unknown;
  settings: unknown;
}

const MAX_CACHED = 2000;
const cache = new Map<string, Cached>();

function advance(game: AnyGame, from: Cached, moves: readonly string[]): Result<Cached> {
  const seen = from.moves.length;
  const played = playRecordedMoves(game, from.state, moves.slice(seen), seen);
  return played.ok ? ok({ moves: [...moves], state: played.value.state, settings: from.settings }) : played;
}

function stateFor(game: AnyGame, q: WorkerQuestion): Result<Cached> {
  const hit = cache.get(q.table);
  if (hit && hit.moves.length <= q.moves.length && hit.moves.every((m, i) => m === q.moves[i])) {
    return advance(game, hit, q.moves);
  }
  const settings = game.parseSettings(q.settings);
  if (!settings.ok) return settings;
  const start = game.setup(settings.value, q.seed);
  if (!start.ok) return start;
  return advance(game, { moves: [], state: start.value, settings: settings.value }, q.moves);
}

function answer(q: WorkerQuestion): WorkerAnswer {
  const game = botModule.games[q.game];
  const bot = botModule.bots[q.game]?.[q.bot];
  if (!game) return { id: q.id, error: `no game ${q.game}` };
  const current = stateFor(game, q);
  if (!current.ok) return { id: q.id, error: current.error.message };
  cache.delete(q.table);
  cache.set(q.table, current.value);
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
  // Deterministic per position: the same game asks the same question and gets the same answer.
  const rng = Rng.fromSeed(`${q.seed}/${q.moves.length}/${q.seat}`);
  if (!bot) return { id: q.id, error: `no ${q.game} bot "${q.bot}"` };
  const move = askBot(game, bot, current.value.settings, current.value.state, q.seat, rng);
  return move.ok ? { id: q.id, move: move.value } : { id: q.id, error: move.error.message };
}

parentPort?.on('message', (q: WorkerQuestion) => {
  let reply: WorkerAnswer;
  try {
    reply = answer(q);
  } catch (e) {
    reply = { id: q.id, error: (e as Error).stack ?? String(e) };
  }
  parentPort?.postMessage(reply);
});
