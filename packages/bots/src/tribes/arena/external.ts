/**
 * Bots in other programs, over the line-based JSON protocol (see packages/bots/README.md): the arena writes
 * one JSON object per line to the bot's standard input and reads one JSON object per line from its standard
 * output. Only `move` messages expect an answer, `{"move": "<move in notation>"}`. The bot gets its seat's
 * view and the legal moves, nothing else.
 */
import { LineChild } from '../../line-child.js';

/**
 * The arena's own older protocol for Tribes, not the bot protocol `attila-bot/1` of `attila bot match` and the
 * server (`@attila/protocol/bot-lines`), which has a handshake, tables and sequence numbers; named apart so that
 * a bot never takes one for the other. The child process and its lines are `LineChild` (line-child.ts), which
 * the command line's bot programs use too.
 */
export const PROTOCOL = 'attila-arena/1';

export class ExternalBot {
  private readonly child: LineChild;
  /** Why the bot may not be asked again: gone, or silent past the time allowed once. */
  private ended: string | null = null;

  constructor(
    readonly command: string,
    private readonly timeoutMs = 60_000,
  ) {
    this.child = LineChild.spawn(command, [], {
      shell: true,
      stderr: (line) => process.stderr.write(`[${command}] ${line}\n`),
    });
  }

  send(message: object): void {
    if (!this.ended) this.child.write(message);
  }

  private async nextLine(): Promise<string | null> {
    const line = await this.child.next(this.timeoutMs);
    if (line.kind === 'line') return line.text;
    this.ended ??= line.kind === 'timeout' ? `gave no answer within ${this.timeoutMs} ms` : line.message;
    return null;
  }

  /** Sends a `move` question and returns the move text the bot answers. Throws with a clear message otherwise. */
  async askMove(question: object): Promise<string> {
    if (this.ended) throw new Error(`external bot "${this.command}" ${this.ended}`);
    this.send(question);
    const line = await this.nextLine();
    if (line === null)
      throw new Error(`external bot "${this.command}" ${this.ended ?? 'stopped'} before answering`);
    let answer: unknown;
    try {
      answer = JSON.parse(line);
    } catch {
      throw new Error(
        `external bot "${this.command}" answered "${line.slice(0, 200)}", which is not JSON; answer {"move": "<move>"}`,
      );
    }
    const move = (answer as { move?: unknown } | null)?.move;
    if (typeof move !== 'string') {
      throw new Error(
        `external bot "${this.command}" answered ${line.slice(0, 200)}; an answer is {"move": "<move>"} with the move as text`,
      );
    }
    return move;
  }

  close(): Promise<void> {
    return this.child.stop({ type: 'bye' }, 2000);
  }
}
