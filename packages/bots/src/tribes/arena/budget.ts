/** Budgets and bot specs as typed on a command line: `2000it`, `500ms`, `1s`, `1s+20000it`; `ismcts@1s`. */
import { err, ok, type Result } from '@attila/core';
import type { Budget } from '../bot.js';

export const BUDGET_HELP =
  'a budget is "<n>it" (iterations), "<n>ms" or "<n>s" (time), or both joined by "+", e.g. "2000it" or "1s"';

export function parseBudget(text: string): Result<Budget, 'arena.budget'> {
  let iterations: number | undefined;
  let timeMs: number | undefined;
  for (const part of text.trim().toLowerCase().split('+')) {
    const m = /^(\d+(?:\.\d+)?)(it|ms|s)$/.exec(part.trim());
    if (!m) return err('arena.budget', `bad budget "${text}": ${BUDGET_HELP}`);
    const value = Number(m[1]);
    if (m[2] === 'it') {
      if (!Number.isInteger(value) || value < 1 || value > 10_000_000) {
        return err(
          'arena.budget',
          `bad budget "${text}": iterations must be a whole number from 1 to 10000000`,
        );
      }
      iterations = value;
    } else {
      const ms = m[2] === 's' ? value * 1000 : value;
      if (!(ms >= 1 && ms <= 3_600_000))
        return err('arena.budget', `bad budget "${text}": time must be from 1ms to 3600s`);
      timeMs = ms;
    }
  }
  return ok({ iterations, timeMs });
}

export function budgetText(b: Budget): string {
  const parts: string[] = [];
  if (b.timeMs !== undefined) parts.push(b.timeMs % 1000 === 0 ? `${b.timeMs / 1000}s` : `${b.timeMs}ms`);
  if (b.iterations !== undefined) parts.push(`${b.iterations}it`);
  return parts.join('+');
}
