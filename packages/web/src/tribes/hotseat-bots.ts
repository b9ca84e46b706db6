/**
 * Bots in a Tribes hotseat game: the levels a seat may be given (the bots package's, as tables offer them)
 * and which seat each plays, kept in `localStorage` with the saved game so a reload goes on against them.
 */
import { useBotMove, type BotQuestion } from '../local/use-bot-move.js';

/** The Tribes levels offered at tables, weakest first (a test keeps this the bots package's list). */
export const TRIBES_BOT_LEVELS = ['random', 'greedy', 'easy', 'medium', 'hard'] as const;

/** Per seat: the bot that plays it, or null for a person. */
export type SeatBots = readonly (string | null)[];

const KEY = 'attila.hotseat.tribes.bots';

export function loadTribesBots(players: number): SeatBots {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    const list: unknown[] = Array.isArray(raw) ? raw : [];
    return Array.from({ length: players }, (_, i) =>
      TRIBES_BOT_LEVELS.some((l) => l === list[i]) ? (list[i] as string) : null,
    );
  } catch {
    return Array.from({ length: players }, () => null);
  }
}

export function saveTribesBots(bots: SeatBots | null): void {
  if (bots && bots.some((b) => b !== null)) localStorage.setItem(KEY, JSON.stringify(bots));
  else localStorage.removeItem(KEY);
}

/** Asks the Tribes bot worker while `question` is set (a bot to move); see local/use-bot-move.ts. */
export function useTribesBotMove(
  question: Omit<BotQuestion, 'id'> | null,
  onMove: (seat: number, move: string) => void,
) {
  return useBotMove(
    () => new Worker(new URL('./bot-worker.ts', import.meta.url), { type: 'module' }),
    question,
    onMove,
  );
}
