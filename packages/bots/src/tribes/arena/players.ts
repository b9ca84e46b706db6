/**
 * Arena players from their specs: a bot name (`random`, `greedy`, `easy`, `medium`, `hard`, `ismcts`,
 * `cheating`, `peeking`), optionally with a budget (`ismcts@1s`, `cheating@2000it`), or `cmd:<command>` for a
 * program speaking the line protocol. Honest bots receive only the seat's view.
 */
import { err, ok, type Rng, type Result } from '@attila/core';
import { tribesGame, viewOf, type MoveCode, type TribesState } from '@attila/tribes';
import type { Budget } from '../bot.js';
import { LEVEL_BUDGETS, TRIBES_BOT_NAMES, honestMove, isTribesBotName, tribesBots } from '../levels.js';
import { DEFAULT_BUDGET, cheatingBot, peekingBot } from '../search-bots.js';
import { budgetText, parseBudget } from './budget.js';
import { ExternalBot, PROTOCOL } from './external.js';

export interface ArenaPlayer {
  readonly spec: string;
  choose(state: TribesState, seat: number, rng: Rng): MoveCode | string | Promise<MoveCode | string>;
  gameStarted?(info: { id: string; seat: number; players: number; settings: Record<string, unknown> }): void;
  gameEnded?(info: { id: string; seat: number; scores: number[]; winners: number[] }): void;
  close?(): Promise<void>;
}

/** Arena-only bots that read the whole state (to measure what hidden cards are worth). */
const OMNISCIENT = { cheating: cheatingBot, peeking: peekingBot } as const;
const OMNISCIENT_NAMES = Object.keys(OMNISCIENT) as (keyof typeof OMNISCIENT)[];
function isOmniscientName(name: string): name is keyof typeof OMNISCIENT {
  return Object.hasOwn(OMNISCIENT, name);
}
/** Bots that take `--budget` when given none of their own. */
export function takesRunBudget(name: string): boolean {
  return name === 'ismcts' || isOmniscientName(name);
}

export const SPEC_HELP = `a bot is one of ${[...TRIBES_BOT_NAMES, ...OMNISCIENT_NAMES].join(', ')}, optionally with a budget ("ismcts@1s", "cheating@2000it"), or "cmd:<command>" for a program speaking the line protocol`;

const SEARCHING = new Set(['easy', 'medium', 'hard', 'ismcts', ...OMNISCIENT_NAMES]);

/**
 * The bot as it plays, with the budget it searches with written out (`ismcts` with `--budget 500it` plays
 * as `ismcts@500it`, `easy` as `easy@200it`): what the records keep, so that runs with different budgets are
 * told apart. Other specs (bad ones included) come back trimmed.
 */
export function playedSpec(spec: string, budget: Budget | undefined): string {
  const trimmed = spec.trim();
  if (trimmed.startsWith('cmd:') || trimmed.includes('@') || !SEARCHING.has(trimmed)) return trimmed;
  const resolved = takesRunBudget(trimmed)
    ? (budget ?? DEFAULT_BUDGET)
    : LEVEL_BUDGETS[trimmed as keyof typeof LEVEL_BUDGETS];
  return `${trimmed}@${budgetText(resolved)}`;
}

/** Makes the player for `spec`; `budget` applies to search bots given none of their own. */
export function makePlayer(spec: string, budget: Budget | undefined): Result<ArenaPlayer, 'arena.bot'> {
  const trimmed = spec.trim();
  if (trimmed.startsWith('cmd:')) {
    const command = trimmed.slice(4).trim();
    if (!command) return err('arena.bot', `bad bot "${spec}": write the command after "cmd:"`);
    let bot: ExternalBot | null = null;
    const external = () => (bot ??= new ExternalBot(command));
    return ok({
      spec: trimmed,
      gameStarted: (info) => external().send({ type: 'start', protocol: PROTOCOL, game: 'tribes', ...info }),
      gameEnded: (info) => external().send({ type: 'end', ...info }),
      choose: (state, seat) =>
        external().askMove({
          type: 'move',
          game: 'tribes',
          seat,
          view: viewOf(state, { seat }),
          legal: tribesGame.legalMoves(state, seat),
        }),
      close: async () => {
        await bot?.close();
      },
    });
  }
  const [name, budgetPart, ...rest] = trimmed.split('@');
  if (rest.length) return err('arena.bot', `bad bot "${spec}": at most one "@budget"; ${SPEC_HELP}`);
  let own: Budget | undefined;
  if (budgetPart !== undefined) {
    const parsed = parseBudget(budgetPart);
    if (!parsed.ok) return err('arena.bot', `bad bot "${spec}": ${parsed.error.message}`);
    own = parsed.value;
  }
  if (own && !SEARCHING.has(name))
    return err('arena.bot', `bad bot "${spec}": only search bots take a budget`);
  const chosen = own ?? (takesRunBudget(name) ? budget : undefined);
  if (isOmniscientName(name)) {
    const bot = OMNISCIENT[name]();
    return ok({ spec: trimmed, choose: (state, _seat, rng) => bot.choose(state, rng, chosen) });
  }
  if (!isTribesBotName(name)) return err('arena.bot', `unknown bot "${name}": ${SPEC_HELP}`);
  const bot = tribesBots[name];
  return ok({ spec: trimmed, choose: (state, seat, rng) => honestMove(bot, state, seat, rng, chosen) });
}
