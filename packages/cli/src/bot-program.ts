/**
 * A bot program run as a child process and spoken to in the bot protocol (`@attila/protocol/bot-lines`):
 * host lines on its standard input, its lines read from its standard output, its standard error passed
 * through (prefixed) for the author's own logging. Every way a program can fail — it does not start, exits,
 * writes a malformed line, answers another turn, or is silent past the time allowed — becomes an error that
 * says which, never a hang.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { err, ok, type GameKind, type Result } from '@attila/core';
import { BOT_PROTOCOL, parseBotLine, type BotLine, type HostLine } from '@attila/protocol/bot-lines';

export type ProgramErrorCode = 'bot.start' | 'bot.exited' | 'bot.malformed' | 'bot.timeout' | 'bot.protocol';

type Waiter = (line: Result<BotLine, ProgramErrorCode>) => void;

export class BotProgram {
  private readonly waiting: Waiter[] = [];
  private readonly early: Result<BotLine, ProgramErrorCode>[] = [];
  private ended: Result<never, ProgramErrorCode> | null = null;

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    readonly command: string,
    private readonly timeoutMs: number,
  ) {
    createInterface({ input: child.stdout }).on('line', (text) => {
      if (text.trim() === '') return;
      const parsed = parseBotLine(text);
      this.deliver(parsed.ok ? parsed : err('bot.malformed', parsed.error.message));
    });
    child.on('error', (e) => this.end(err('bot.start', `cannot run ${command}: ${e.message}`)));
    child.on('exit', (code, signal) =>
      this.end(
        err(
          'bot.exited',
          `the bot program ${command} exited (${signal ? `signal ${signal}` : `status ${code}`}) ` +
            'while the host was waiting for it',
        ),
      ),
    );
    // A program that exits closes its input; writing to it then must not crash the host.
    child.stdin.on('error', () => undefined);
  }

  /** Starts `command args`, says hello and waits for its `ready`: the bot's name, or why it did not answer. */
  static async start(
    command: string,
    args: readonly string[],
    games: readonly GameKind[],
    opts: { timeoutMs: number; stderrPrefix?: string },
  ): Promise<Result<{ program: BotProgram; name: string }, ProgramErrorCode>> {
    const child = spawn(command, [...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    const prefix = opts.stderrPrefix ?? `[${command}] `;
    createInterface({ input: child.stderr }).on('line', (l) => process.stderr.write(`${prefix}${l}\n`));
    const program = new BotProgram(child, [command, ...args].join(' '), opts.timeoutMs);
    program.send({ type: 'hello', protocol: BOT_PROTOCOL, games });
    const ready = await program.next();
    if (!ready.ok) {
      program.stop();
      return ready;
    }
    if (ready.value.type !== 'ready') {
      program.stop();
      return err(
        'bot.protocol',
        `the bot's first line must be {"type":"ready",...}, not a "${ready.value.type}"`,
      );
    }
    return ok({ program, name: ready.value.name });
  }

  send(line: HostLine): void {
    if (!this.ended) this.child.stdin.write(JSON.stringify(line) + '\n');
  }

  /** The bot's next line, or why none came within the time allowed (`timeoutMs`, else the program's). */
  next(timeoutMs = this.timeoutMs): Promise<Result<BotLine, ProgramErrorCode>> {
    const queued = this.early.shift();
    if (queued) return Promise.resolve(queued);
    if (this.ended) return Promise.resolve(this.ended);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
        resolve(err('bot.timeout', `the bot program ${this.command} did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      const waiter: Waiter = (line) => {
        clearTimeout(timer);
        resolve(line);
      };
      this.waiting.push(waiter);
    });
  }

  /** Says goodbye and ends the program (killed if it does not leave within a second). */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.send({ type: 'bye' });
    this.child.stdin.end();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.child.kill('SIGKILL');
        resolve();
      }, 1000);
      this.child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private deliver(line: Result<BotLine, ProgramErrorCode>): void {
    const waiter = this.waiting.shift();
    if (waiter) waiter(line);
    else this.early.push(line);
  }

  private end(reason: Result<never, ProgramErrorCode>): void {
    if (this.ended) return;
    this.ended = reason;
    for (const waiter of this.waiting.splice(0)) waiter(reason);
  }
}
