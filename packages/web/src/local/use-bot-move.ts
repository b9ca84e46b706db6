/**
 * A bot's move in a hotseat game: while it is a bot's turn, the game so far goes to a bot worker (the
 * game's own: knights/bot-worker.ts, tribes/bot-worker.ts), which replays it through the engine and asks the
 * bot; its answer is played like a person's. The worker is stopped when the position changes or the game is
 * left, so an answer never lands on another position.
 */
import { useEffect, useState } from 'preact/hooks';

/** What a bot worker is asked: the bot, and the game from its settings, seed and moves. */
export interface BotQuestion {
  readonly id: number;
  readonly bot: string;
  readonly settings: Record<string, unknown>;
  readonly seed: string;
  /** Every move so far: the seat that made it and the move (without the record's seat prefix). */
  readonly plays: readonly (readonly [number, string])[];
  /** The seat the bot plays. */
  readonly seat: number;
}

export type BotReply =
  | { readonly id: number; readonly seat: number; readonly move: string }
  | { readonly id: number; readonly error: string };

/** A game's moves as a bot worker takes them: each with its seat, without the record's `<seat>:` prefix. */
export function playsOf(g: { readonly seats: readonly number[]; readonly moves: readonly string[] }) {
  return g.seats.map((s, i) => [s, g.moves[i].replace(/^\d+:/, '')] as const);
}

let nextId = 0;

/**
 * While `question` is set (a bot to move), asks a worker from `makeWorker` and hands its move to `onMove`;
 * `thinking` while it thinks, `error` if the bot failed.
 */
export function useBotMove(
  makeWorker: () => Worker,
  question: Omit<BotQuestion, 'id'> | null,
  onMove: (seat: number, move: string) => void,
): { thinking: boolean; error: string | null } {
  const [thinking, setThinking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = question ? JSON.stringify(question) : null;
  useEffect(() => {
    if (!question) return;
    const worker = makeWorker();
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
