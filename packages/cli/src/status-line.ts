/**
 * The bridge's live status line: the games it plays, each with its move and how long the program has
 * been thinking. On a terminal it is one line redrawn in place under the log (every second and at every
 * change); elsewhere (a log file, a service) a `status:` line is printed when the games change and every
 * `everyMs` while any is played, so a log says what the bridge was doing without flooding.
 */
import type { GameStatus } from './bot-bridge.js';

export function statusText(games: readonly GameStatus[]): string {
  if (games.length === 0) return 'no games; waiting for games and challenges';
  const each = games.map((g) => {
    const where = g.seq === null ? 'waiting' : `move ${g.seq}`;
    const thinking = g.thinkingMs === null ? '' : `, thinking ${(g.thinkingMs / 1000).toFixed(0)} s`;
    const restarts = g.restarts ? `, ${g.restarts} restart${g.restarts > 1 ? 's' : ''}` : '';
    return `${g.table} ${g.game} ${where}${thinking}${restarts}`;
  });
  return `${games.length} game${games.length > 1 ? 's' : ''}: ${each.join(' | ')}`;
}

export class StatusLine {
  private timer: NodeJS.Timeout | null = null;
  private shown = '';
  private lastPrinted = 0;

  constructor(
    private readonly games: () => readonly GameStatus[],
    private readonly out: NodeJS.WriteStream,
    private readonly live = out.isTTY === true,
    private readonly everyMs = 30_000,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.draw(false), 1000);
    this.timer.unref();
    this.draw(true);
  }

  /** Redraws (a terminal) or prints when the games changed or `everyMs` passed (elsewhere). */
  draw(changed: boolean): void {
    const text = statusText(this.games());
    if (this.live) {
      const width = this.out.columns ?? 120;
      this.out.write(`\r\x1b[2K${text.length > width - 1 ? text.slice(0, width - 2) + '…' : text}`);
      this.shown = text;
      return;
    }
    const now = Date.now();
    if (!changed && (this.games().length === 0 || now - this.lastPrinted < this.everyMs)) return;
    this.shown = text;
    this.lastPrinted = now;
    this.out.write(`status: ${text}\n`);
  }

  /** Writes a log line above the status line (a terminal), then redraws it. */
  print(stream: NodeJS.WriteStream, line: string): void {
    if (this.live) this.out.write('\r\x1b[2K');
    stream.write(line);
    if (this.live) this.out.write(this.shown);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.live) this.out.write('\r\x1b[2K');
  }
}
