/**
 * The budget of bots-only tables. Such a table starts at once and keeps the bot threads busy until it
 * ends, watched or not; so one address may run only a few at a time, and the server only so many in all.
 * A person's game is never refused for it (and gets its bot answers first: bots/pool.ts).
 */
import { err, ok, type Result } from '@attila/core';

export interface BotTableBudget {
  /** Bots-only tables being played at once that one client address may have created. */
  readonly perAddress: number;
  /** Bots-only tables being played at once on this server process, whoever created them. */
  readonly overall: number;
}

/** A couple to watch bots play for each visitor, and at most one bot thread's worth of them in all. */
export const DEFAULT_BOT_TABLES: BotTableBudget = { perAddress: 2, overall: 8 };

/** A bots-only table being played, and the address that created it (null: unknown, e.g. after a restart). */
export interface RunningBotTable {
  readonly address: string | null;
}

/** Whether `address` may start one more bots-only table while `running` are being played. */
export function mayStartBotTable(
  running: readonly RunningBotTable[],
  address: string,
  budget: BotTableBudget,
): Result<void> {
  const mine = running.filter((t) => t.address === address).length;
  if (mine >= budget.perAddress) {
    return err(
      'budget.bots-address',
      `at most ${budget.perAddress} tables of bots only may be played at once from one address, and ${mine} ` +
        `of yours are: wait until one ends, or sit a person at the table`,
    );
  }
  if (running.length >= budget.overall) {
    return err(
      'budget.bots-server',
      `this server plays at most ${budget.overall} tables of bots only at once, and it is full: try again ` +
        `later, or sit a person at the table`,
    );
  }
  return ok(undefined);
}
