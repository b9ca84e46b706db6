/**
 * A bot program run as a child process and spoken to in the bot protocol (`@attila/protocol/bot-lines`):
 * host lines on its standard input, its lines read from its standard output, its standard error passed
 * through (prefixed) for the author's own logging. Every way a program can fail — it does not start, exits,
 * writes a malformed line, answers another turn, or is silent past the time allowed — becomes an error that
 * says which, never a hang. The child process and its lines are `@attila/bots`' `LineChild`, which the
 * arena's outside bots use too; the protocol is this file's.
 */
import { LineChild, type ChildLine } from '@attila/bots/line-child';
import { err, ok, type GameKind, type Result } from '@attila/core';
import { BOT_PROTOCOL, parseBotLine, type BotLine, type HostLine } from '@attila/protocol/bot-lines';

export type ProgramErrorCode = 'bot.start' | 'bot.exited' | 'bot.malformed' | 'bot.timeout' | 'bot.protocol';

export class BotProgram {
  private constructor(
    private readonly child: LineChild,
    readonly command: string,
    private readonly timeoutMs: number,
  ) {}

  /** Starts `command args`, says hello and waits for its `ready`: the bot's name, or why it did not answer. */
  static async start(
    command: string,
    args: readonly string[],
    games: readonly GameKind[],
    opts: { timeoutMs: number; stderrPrefix?: string },
  ): Promise<Result<{ program: BotProgram; name: string }, ProgramErrorCode>> {
    const prefix = opts.stderrPrefix ?? `[${command}] `;
    const child = LineChild.spawn(command, args, { stderr: (l) => process.stderr.write(`${prefix}${l}\n`) });
    const program = new BotProgram(child, [command, ...args].join(' '), opts.timeoutMs);
    program.send({ type: 'hello', protocol: BOT_PROTOCOL, games });
    const ready = await program.next();
    if (!ready.ok) {
      void program.stop();
      return ready;
    }
    if (ready.value.type !== 'ready') {
      void program.stop();
      return err(
        'bot.protocol',
        `the bot's first line must be {"type":"ready",...}, not a "${ready.value.type}"`,
      );
    }
    return ok({ program, name: ready.value.name });
  }

  send(line: HostLine): void {
    this.child.write(line);
  }

  /** The bot's next line, or why none came within the time allowed (`timeoutMs`, else the program's). */
  async next(timeoutMs = this.timeoutMs): Promise<Result<BotLine, ProgramErrorCode>> {
    return this.lineOf(await this.child.next(timeoutMs), timeoutMs);
  }

  private lineOf(line: ChildLine, timeoutMs: number): Result<BotLine, ProgramErrorCode> {
    switch (line.kind) {
      case 'line': {
        const parsed = parseBotLine(line.text);
        return parsed.ok ? parsed : err('bot.malformed', parsed.error.message);
      }
      case 'timeout':
        return err('bot.timeout', `the bot program ${this.command} did not answer within ${timeoutMs} ms`);
      case 'ended':
        return line.why === 'start'
          ? err('bot.start', `cannot run ${this.command}: ${line.error ?? line.message}`)
          : err(
              'bot.exited',
              `the bot program ${this.command} exited (${line.signal ? `signal ${line.signal}` : `status ${line.code}`}) ` +
                'while the host was waiting for it',
            );
    }
  }

  /** Says goodbye and ends the program (killed if it does not leave within a second). */
  stop(): Promise<void> {
    return this.child.stop({ type: 'bye' }, 1000);
  }
}
