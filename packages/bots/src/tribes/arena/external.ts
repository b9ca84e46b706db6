/**
 * Bots in other programs, over the line-based JSON protocol (see packages/bots/README.md): the arena writes
 * one JSON object per line to the bot's standard input and reads one JSON object per line from its standard
 * output. Only `move` messages expect an answer, `{"move": "<move in notation>"}`. The bot gets its seat's
 * view and the legal moves, nothing else.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * The arena's own older protocol for Tribes, not the bot protocol `attila-bot/1` of `attila bot match` and the
 * server (`@attila/protocol/bot-lines`), which has a handshake, tables and sequence numbers; named apart so that
 * a bot never takes one for the other.
 */
export const PROTOCOL = 'attila-arena/1';

export class ExternalBot {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: string[] = [];
  private waiter: ((line: string | null) => void) | null = null;
  private ended: string | null = null;

  constructor(
    readonly command: string,
    private readonly timeoutMs = 60_000,
  ) {
    this.child = spawn(command, { shell: true, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr.on('data', (chunk: Buffer) => process.stderr.write(`[${command}] ${chunk.toString()}`));
    this.child.stdin.on('error', () => {});
    const rl = createInterface({ input: this.child.stdout });
    rl.on('line', (line) => {
      if (line.trim() === '') return;
      if (this.waiter) {
        const w = this.waiter;
        this.waiter = null;
        w(line);
      } else this.lines.push(line);
    });
    const stop = (why: string) => {
      this.ended ??= why;
      if (this.waiter) {
        const w = this.waiter;
        this.waiter = null;
        w(null);
      }
    };
    this.child.on('exit', (code, signal) =>
      stop(signal ? `was killed (${signal})` : `exited with code ${code}`),
    );
    this.child.on('error', (e) => stop(`could not run: ${e.message}`));
  }

  send(message: object): void {
    if (this.ended) return;
    this.child.stdin.write(JSON.stringify(message) + '\n');
  }

  private nextLine(): Promise<string | null> {
    const queued = this.lines.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        resolve(null);
        this.ended ??= `gave no answer within ${this.timeoutMs} ms`;
      }, this.timeoutMs);
      this.waiter = (line) => {
        clearTimeout(timer);
        resolve(line);
      };
    });
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

  async close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.send({ type: 'bye' });
    this.child.stdin.end();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.child.kill('SIGKILL');
        resolve();
      }, 2000);
      this.child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
