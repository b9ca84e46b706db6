/// <reference lib="webworker" />
/**
 * A Tribes bot (packages/bots, the same levels the server seats: random, greedy, and the ISMCTS searches
 * with their iteration budgets) in a worker, for hotseat games against bots on this device, with or without
 * a network (local/bot-answers.ts). The bot sees only its seat's view: its own hand, never the others'.
 */
import { randomBot, type HonestBot } from '@attila/core';
import { tribesGame, type TribesSettings, type TribesView } from '@attila/tribes';
// The Tribes levels alone: the bots package's index also holds the arena's workers (Node only).
import { honestTribesBot, tribesSearchers } from '@attila/bots/tribes-levels';
import { answerBotQuestions } from '../local/bot-answers.js';
import { TRIBES_BOT_LEVELS } from './hotseat-bots.js';

function botNamed(name: string): HonestBot<TribesSettings, TribesView> | null {
  const level = TRIBES_BOT_LEVELS.find((l) => l === name);
  if (!level) return null;
  return level === 'random' ? randomBot : honestTribesBot(tribesSearchers[level]);
}

answerBotQuestions(tribesGame, botNamed);
