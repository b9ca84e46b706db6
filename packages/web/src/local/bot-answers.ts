/// <reference lib="webworker" />
/**
 * The inside of a hotseat bot worker (knights/bot-worker.ts, tribes/bot-worker.ts): the game so far is
 * replayed through the engine from its settings, seed and moves, and the bot is asked through the core
 * contract, so it sees only its seat's view. The bot's dice are seeded by the game and the move number: the
 * same question gets the same answer.
 */
import { askBot, Rng, type GameEvent, type GameModule, type HonestBot } from '@attila/core';
import type { BotQuestion, BotReply } from './use-bot-move.js';

export function botAnswer<S, St, V, E extends GameEvent>(
  game: GameModule<S, St, V, E>,
  botNamed: (name: string) => HonestBot<S, V> | null,
  q: BotQuestion,
): BotReply {
  const { id } = q;
  const bot = botNamed(q.bot);
  if (!bot) return { id, error: `no ${game.kind} bot called "${q.bot}"` };
  const settings = game.parseSettings(q.settings);
  if (!settings.ok) return { id, error: settings.error.message };
  const start = game.setup(settings.value, q.seed);
  if (!start.ok) return { id, error: start.error.message };
  let state = start.value;
  for (const [seat, move] of q.plays) {
    const played = game.play(state, seat, move);
    if (!played.ok) return { id, error: played.error.message };
    state = played.value.state;
  }
  const move = askBot(game, bot, settings.value, state, q.seat, Rng.fromSeed(`${q.seed}:${q.plays.length}`));
  return move.ok ? { id, seat: q.seat, move: move.value } : { id, error: move.error.message };
}

/** Answers every question this worker is sent. */
export function answerBotQuestions<S, St, V, E extends GameEvent>(
  game: GameModule<S, St, V, E>,
  botNamed: (name: string) => HonestBot<S, V> | null,
): void {
  self.onmessage = (e: MessageEvent<BotQuestion>) => {
    let reply: BotReply;
    try {
      reply = botAnswer(game, botNamed, e.data);
    } catch (error) {
      reply = { id: e.data.id, error: String(error) };
    }
    self.postMessage(reply);
  };
}
