/**
 * Arena players from their specs: a bot name (`random`, `greedy`, `easy`, `medium`, `hard`, `ismcts`,
 * `cheating`, `peeking`), optionally with a budget (`ismcts@1s`, `cheating@2000it`), or `cmd:<command>` for a
 * program speaking the line protocol. Honest bots are asked through the core contract, shown only the seat's
 * view; the measuring bots (`cheating`, `peeking`) read the state.
 */
import { askBot, err, ok, seatView, type OmniscientBot, type Rng, type Result } from '@attila/core';
import { tribesGame, type TribesSettings, type TribesState } from '@attila/tribes';
import { BOTS, MEASURING_BOTS, findBot, findMeasuringBot, type BotOf } from '../../registry.js';
import type { Budget } from '../bot.js';
import { DEFAULT_BUDGET } from '../search-bots.js';
import { budgetText, parseBudget } from './budget.js';
import { ExternalBot, PROTOCOL } from './external.js';

export interface ArenaPlayer {
  readonly spec: string;
  /** A move in notation for `seat` (the seat to act) in `state`, which the arena plays in place. */
  choose(state: TribesState, seat: number, rng: Rng): string | Promise<string>;
  gameStarted?(info: { id: string; seat: number; players: number; settings: Record<string, unknown> }): void;
  gameEnded?(info: { id: string; seat: number; scores: number[]; winners: number[] }): void;
  close?(): Promise<void>;
}

/** The registry's entry for a bot name: an honest bot, an arena-only measuring one, or neither. */
function entryOf(name: string) {
  return findBot('tribes', name) ?? findMeasuringBot(name);
}

/** Bots that take `--budget` when given none of their own. */
export function takesRunBudget(name: string): boolean {
  return entryOf(name)?.budget === 'run';
}

export const SPEC_HELP = `a bot is one of ${[...BOTS.tribes, ...MEASURING_BOTS].map((b) => b.name).join(', ')}, optionally with a budget ("ismcts@1s", "cheating@2000it"), or "cmd:<command>" for a program speaking the line protocol`;

/**
 * The bot as it plays, with the budget it searches with written out (`ismcts` with `--budget 500it` plays
 * as `ismcts@500it`, `easy` as `easy@50it`): what the records keep, so that runs with different budgets are
 * told apart. Other specs (bad ones included) come back trimmed.
 */
export function playedSpec(spec: string, budget: Budget | undefined): string {
  const trimmed = spec.trim();
  const own = trimmed.startsWith('cmd:') || trimmed.includes('@') ? null : (entryOf(trimmed)?.budget ?? null);
  if (own === null) return trimmed;
  return `${trimmed}@${budgetText(own === 'run' ? (budget ?? DEFAULT_BUDGET) : own)}`;
}

/** An honest bot as a player: it is asked through the contract, shown only its seat's view. */
function honestPlayer(spec: string, bot: BotOf<'tribes'>, settings: TribesSettings): ArenaPlayer {
  return {
    spec,
    choose: (state, seat, rng) => {
      const move = askBot(tribesGame, bot, settings, state, seat, rng);
      if (!move.ok) throw new Error(move.error.message);
      return move.value;
    },
  };
}

function measuringPlayer(spec: string, bot: OmniscientBot<TribesState>): ArenaPlayer {
  return { spec, choose: (state, seat, rng) => bot.choose(state, seat, rng) };
}

/** Makes the player for `spec`; `budget` applies to search bots given none of their own. */
export function makePlayer(
  spec: string,
  budget: Budget | undefined,
  settings: TribesSettings,
): Result<ArenaPlayer, 'arena.bot'> {
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
      choose: (state, seat) => {
        const seen = seatView(tribesGame, settings, state, seat);
        return external().askMove({
          type: 'move',
          game: 'tribes',
          seat,
          view: seen.view,
          legal: seen.legalMoves,
        });
      },
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
  const honest = findBot('tribes', name);
  const measuring = findMeasuringBot(name);
  const searches = (honest ?? measuring)?.budget;
  if (own && (searches === undefined || searches === null))
    return err('arena.bot', `bad bot "${spec}": only search bots take a budget`);
  const chosen = own ?? (searches === 'run' ? budget : undefined);
  if (honest) return ok(honestPlayer(trimmed, honest.make(chosen), settings));
  if (measuring) return ok(measuringPlayer(trimmed, measuring.make(chosen)));
  return err('arena.bot', `unknown bot "${name}": ${SPEC_HELP}`);
}
