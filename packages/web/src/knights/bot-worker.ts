/// <reference lib="webworker" />
/**
 * A Knights bot (packages/bots, the same bots the server seats) in a worker, for hotseat games against a bot
 * on this device — with or without a network: the game so far is replayed through the engine from its
 * settings, seed and moves, and the bot is asked through the core contract (it sees only its seat's view).
 * The strongest levels search (the solver) and may think for many seconds: the page stays usable meanwhile.
 */
import { askBot, Rng } from '@attila/core';
import { knightsGame } from '@attila/knights';
// The Knights levels alone: the bots package's index also holds the server's search workers (Node only).
import { KNIGHTS_LEVELS } from '@attila/bots/knights-levels';

export interface BotQuestion {
  readonly id: number;
  readonly bot: string;
  readonly settings: { readonly layout: string; readonly first: 'R' | 'H' };
  readonly seed: string;
  /** Every move so far: the seat that made it and the move. */
  readonly plays: readonly (readonly [number, string])[];
}

export type BotReply =
  | { readonly id: number; readonly seat: number; readonly move: string }
  | { readonly id: number; readonly error: string };

function answer(q: BotQuestion): Omit<BotReply, 'id'> {
  const level = KNIGHTS_LEVELS.find((l) => l.name === q.bot);
  if (!level) return { error: `no Knights bot called "${q.bot}"` };
  const settings = knightsGame.parseSettings(q.settings);
  if (!settings.ok) return { error: settings.error.message };
  const start = knightsGame.setup(settings.value, q.seed);
  if (!start.ok) return { error: start.error.message };
  let state = start.value;
  for (const [seat, move] of q.plays) {
    const played = knightsGame.play(state, seat, move);
    if (!played.ok) return { error: played.error.message };
    state = played.value.state;
  }
  const seat = knightsGame.toAct(state)[0];
  if (seat === undefined) return { error: 'the game is over' };
  // The same question gets the same answer: the bot's dice are seeded by the game and the move number.
  const move = askBot(
    knightsGame,
    level.bot,
    settings.value,
    state,
    seat,
    Rng.fromSeed(`${q.seed}:${q.plays.length}`),
  );
  return move.ok ? { seat, move: move.value } : { error: move.error.message };
}

self.onmessage = (e: MessageEvent<BotQuestion>) => {
  let reply: BotReply;
  try {
    reply = { id: e.data.id, ...answer(e.data) } as BotReply;
  } catch (error) {
    reply = { id: e.data.id, error: String(error) };
  }
  self.postMessage(reply);
};
