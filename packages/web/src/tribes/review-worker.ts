/// <reference lib="webworker" />
/**
 * The Tribes game review (packages/bots) in a worker: a finished game's record in, progress while it runs,
 * the review out. The page stays responsive, and leaving the review stops the worker.
 */
import { tribesGame } from '@attila/tribes';
import { reviewGame, type GameReview } from '@attila/bots/tribes-review';

export interface ReviewQuestion {
  readonly id: number;
  readonly settings: Record<string, unknown>;
  readonly seed: string;
  readonly moves: readonly string[];
  /** Whose decisions get the bot's alternative. */
  readonly seat: number | null;
  /** Playouts a turn start (default `REVIEW_PLAYOUTS`; the game-over dialog's key moments take fewer). */
  readonly playouts?: number;
}

export type ReviewReply =
  | { readonly id: number; readonly done: number; readonly total: number }
  | { readonly id: number; readonly review: GameReview }
  | { readonly id: number; readonly error: string };

/** 600 playouts a turn start (a chance within ±2 points, one standard error); 800 search iterations. */
export const REVIEW_PLAYOUTS = 600;
export const REVIEW_ITERATIONS = 800;

const post = (reply: ReviewReply) => self.postMessage(reply);

self.onmessage = (e: MessageEvent<ReviewQuestion>) => {
  const { id } = e.data;
  const settings = tribesGame.parseSettings(e.data.settings);
  if (!settings.ok) return post({ id, error: settings.error.message });
  let last = 0;
  const review = reviewGame(settings.value, e.data.seed, e.data.moves, {
    playouts: e.data.playouts ?? REVIEW_PLAYOUTS,
    seat: e.data.seat,
    botBudget: { iterations: REVIEW_ITERATIONS },
    seed: e.data.seed,
    onProgress: (done, total) => {
      const now = performance.now();
      if (now - last < 100 && done < total) return;
      last = now;
      post({ id, done, total });
    },
  });
  post(review.ok ? { id, review: review.value } : { id, error: review.error.message });
};
