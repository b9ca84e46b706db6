/// <reference lib="webworker" />
/**
 * A Knights bot (packages/bots, the same levels the server seats) in a worker, for hotseat games against a
 * bot on this device, with or without a network (local/bot-answers.ts). The strongest levels search (the
 * solver) and may think for many seconds: the page stays usable meanwhile.
 */
import { knightsGame } from '@attila/knights';
// The Knights levels alone: the bots package's index also holds the arena's workers (Node only).
import { KNIGHTS_LEVELS } from '@attila/bots/knights-levels';
import { answerBotQuestions } from '../local/bot-answers.js';

answerBotQuestions(knightsGame, (name) => KNIGHTS_LEVELS.find((l) => l.name === name)?.bot ?? null);
