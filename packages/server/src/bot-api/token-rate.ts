/**
 * Per-token request limits for the bot API: a bot account's requests are counted by its token, not by its
 * address (a bot plays many games from one machine, and many bots may share an address behind a NAT), in
 * fixed one-minute windows in this process's memory (with several processes each counts its own). Opening
 * streams (GET) and acting (POST: moves, resign, chat, challenges, ...) are counted apart: a bot that
 * reconnects its streams in a loop is stopped without stopping its moves.
 */
import { err, ok, type Result } from '@attila/core';

export interface BotApiRate {
  /** GET requests (opening a stream) per token and minute. */
  readonly readsPerMinute: number;
  /** POST requests (a move, an action, a challenge, a table) per token and minute. */
  readonly writesPerMinute: number;
}

/** A move every 0.1 s across all of a bot's games; a stream opened every second. */
export const DEFAULT_BOT_API_RATE: BotApiRate = { readsPerMinute: 60, writesPerMinute: 600 };

const WINDOW_MS = 60_000;

export class TokenRate {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly rate: BotApiRate,
    private readonly now: () => number,
  ) {}

  /** Counts one request of `tokenId`; refused (`rate.limited`, 429) past the minute's allowance. */
  take(tokenId: string, kind: 'read' | 'write'): Result<void> {
    const now = this.now();
    const key = `${tokenId}|${kind}`;
    let w = this.windows.get(key);
    if (!w || now - w.start >= WINDOW_MS) {
      if (this.windows.size > 10_000) this.forgetOld(now);
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    const max = kind === 'read' ? this.rate.readsPerMinute : this.rate.writesPerMinute;
    if (++w.count > max) {
      const retry = Math.max(1, Math.ceil((w.start + WINDOW_MS - now) / 1000));
      return err(
        'rate.limited',
        `too many requests with this token: at most ${max} ${kind === 'read' ? 'streams opened' : 'moves and actions'} ` +
          `per minute; retry in ${retry} seconds`,
      );
    }
    return ok(undefined);
  }

  private forgetOld(now: number): void {
    for (const [k, w] of this.windows) if (now - w.start >= WINDOW_MS) this.windows.delete(k);
  }
}
