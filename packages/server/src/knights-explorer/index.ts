/**
 * Keeping the explorer's counts up to date: every finished Knights game not counted yet is replayed and
 * counted, in batches, one catch-up at a time per process. The server catches up in the background when it
 * starts (the backfill of games finished before the explorer existed, or while no request came) and before
 * answering each request (the games finished since), so no write path of a game is touched: a game is
 * counted from its stored record once it is over.
 */
import type { Storage } from '../storage/types.js';
import { placementsOf } from './placements.js';

/** Games counted before an answer at most (the rest follow at the next request or in the background). */
export const REQUEST_BATCH = 200;
const BACKGROUND_BATCH = 500;

export class ExplorerIndex {
  private running: Promise<number> = Promise.resolve(0);
  private closed = false;

  constructor(
    private readonly storage: Storage,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts up to `limit` uncounted games (after any catch-up already running); how many it counted. */
  catchUp(limit = REQUEST_BATCH): Promise<number> {
    const next = this.running.then(() => this.countSome(limit));
    this.running = next.catch(() => 0);
    return next;
  }

  /** Counts every uncounted game, batch by batch, until none is left or the index is closed. */
  async catchUpAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.catchUp(BACKGROUND_BATCH);
      total += n;
      if (n === 0 || this.closed) return total;
    }
  }

  /** Stops background work (waits for the batch under way). */
  async close(): Promise<void> {
    this.closed = true;
    await this.running;
  }

  private async countSome(limit: number): Promise<number> {
    if (this.closed) return 0;
    let counted = 0;
    for (const id of await this.storage.explorer.uncounted(limit)) {
      if (this.closed) break;
      const table = await this.storage.getTable(id);
      if (!table) continue;
      const moves = await this.storage.getMoves(id);
      const placements = placementsOf({
        settings: table.settings,
        seed: table.seed,
        moves: moves.map((m) => m.move),
        result: table.result,
      });
      if (await this.storage.explorer.count(id, placements, this.now())) counted++;
    }
    return counted;
  }
}
