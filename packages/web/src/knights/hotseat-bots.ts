/**
 * Bots in a Knights hotseat game: which side a bot plays (kept with the saved game in `localStorage`, so a
 * reload goes on against the same bot), and the hook that asks the bot worker for its move whenever it is
 * the bot's turn — the worker is stopped when the position changes or the game is left.
 */
import { useEffect, useState } from 'preact/hooks';
import type { BotQuestion, BotReply } from './bot-worker.js';

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

let nextId = 0;

/**
 * While `question` is set (a bot to move), asks the worker and hands its move to `onMove`; true while the
 * bot thinks. A failed bot shows its error.
 */
export function useBotMove(
  question: Omit<BotQuestion, 'id'> | null,
  onMove: (seat: number, move: string) => void,
): { thinking: boolean; error: string | null } {
  const [thinking, setThinking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = question ? JSON.stringify(question) : null;
  useEffect(() => {
    if (!question) return;
    const worker = new Worker(new URL('./bot-worker.ts', import.meta.url), { type: 'module' });
    const id = ++nextId;
    setThinking(true);
    setError(null);
    worker.onmessage = (e: MessageEvent<BotReply>) => {
      if (e.data.id !== id) return;
      worker.terminate();
      setThinking(false);
      if ('move' in e.data) onMove(e.data.seat, e.data.move);
      else setError(e.data.error);
    };
    worker.postMessage({ ...question, id } satisfies BotQuestion);
    return () => {
      worker.terminate();
      setThinking(false);
    };
  }, [key]);
  return { thinking, error };
}
