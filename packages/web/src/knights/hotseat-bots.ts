/**
 * Bots in a Knights hotseat game: which side a bot plays (kept with the saved game in `localStorage`, so a
 * reload goes on against the same bot), and the hook that asks the Knights bot worker for its move.
 */
import { useBotMove, type BotQuestion } from '../local/use-bot-move.js';

/** The Knights levels, weakest first (the bots package's list; a test keeps the two the same). */
export const KNIGHTS_BOT_LEVELS = ['random', 'easy', 'greedy', 'medium', 'hard', 'perfect'] as const;

/** Per seat: the bot that plays it, or null for a person. */
export type SeatBots = readonly (string | null)[];

export const NO_BOTS: SeatBots = [null, null];

const KEY = 'attila.hotseat.knights.bots';

export function loadSeatBots(): SeatBots {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (!Array.isArray(raw) || raw.length !== 2) return NO_BOTS;
    return raw.map((b) => (KNIGHTS_BOT_LEVELS.some((l) => l === b) ? (b as string) : null));
  } catch {
    return NO_BOTS;
  }
}

export function saveSeatBots(bots: SeatBots | null): void {
  if (bots && bots.some((b) => b !== null)) localStorage.setItem(KEY, JSON.stringify(bots));
  else localStorage.removeItem(KEY);
}

/** Asks the Knights bot worker while `question` is set (a bot to move); see local/use-bot-move.ts. */
export function useKnightsBotMove(
  question: Omit<BotQuestion, 'id'> | null,
  onMove: (seat: number, move: string) => void,
) {
  return useBotMove(
    () => new Worker(new URL('./bot-worker.ts', import.meta.url), { type: 'module' }),
    question,
    onMove,
  );
}
