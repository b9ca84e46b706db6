/**
 * A program run as a child process and spoken to one JSON object a line: what the arena's outside bots
 * (`tribes/arena/external.ts`, protocol `attila-arena/1`) and the command line's bot programs
 * (`packages/cli/src/bot-program.ts`, protocol `attila-bot/1`) share. It writes lines to the program's
 * standard input, hands its standard output back line by line (empty lines skipped), passes its standard
 * error through line by line, and turns every way a program can fail — it does not start, exits, or is
 * silent past the time allowed — into an answer that says which, never a hang. The protocols on top of it
 * are the callers'.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';

/** The program's next line, or why none came. */
export type ChildLine =
  | { readonly kind: 'line'; readonly text: string }
  | {
      readonly kind: 'ended';
      readonly why: 'start' | 'exited';
      /** `could not run: …`, `exited with code 3`, `was killed (SIGKILL)`. */
      readonly message: string;
      /** What went wrong starting it (why `start`), or how it exited (why `exited`). */
      readonly error?: string;
      readonly code?: number | null;
      readonly signal?: string | null;
    }
  | { readonly kind: 'timeout' };

type Ended = Extract<ChildLine, { kind: 'ended' }>;

export interface LineChildOptions {
  /** Run `command` through the shell (one command line, as the arena takes it) rather than with `args`. */
  readonly shell?: boolean;
  /** Each line the program writes to its standard error. */
  readonly stderr: (line: string) => void;
}

export class LineChild {
  private readonly queued: ChildLine[] = [];
  private readonly waiting: ((line: ChildLine) => void)[] = [];
  private endedWith: Ended | null = null;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    createInterface({ input: child.stdout }).on('line', (text) => {
      if (text.trim() !== '') this.deliver({ kind: 'line', text });
    });
    child.on('error', (e) =>
      this.end({ kind: 'ended', why: 'start', message: `could not run: ${e.message}`, error: e.message }),
    );
    child.on('exit', (code, signal) =>
      this.end({
        kind: 'ended',
        why: 'exited',
        message: signal ? `was killed (${signal})` : `exited with code ${code}`,
        code,
        signal,
      }),
    );
    // A program that exits closes its input; writing to it then must not crash the host.
    child.stdin.on('error', () => undefined);
  }

  static spawn(command: string, args: readonly string[], options: LineChildOptions): LineChild {
    const child = options.shell
      ? spawn(command, { shell: true, stdio: ['pipe', 'pipe', 'pipe'] })
      : spawn(command, [...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    createInterface({ input: child.stderr }).on('line', options.stderr);
    return new LineChild(child);
  }

  /** Why the program is gone (it exited or never started), or null while it runs. */
  get ended(): Ended | null {
    return this.endedWith;
  }

  /** One line (a JSON object) to the program; nothing once it is gone. */
  write(message: object): void {
    if (!this.endedWith) this.child.stdin.write(JSON.stringify(message) + '\n');
  }

  /** The program's next line, or why none came within `timeoutMs`. */
  next(timeoutMs: number): Promise<ChildLine> {
    const queued = this.queued.shift();
    if (queued) return Promise.resolve(queued);
    if (this.endedWith) return Promise.resolve(this.endedWith);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
        resolve({ kind: 'timeout' });
      }, timeoutMs);
      const waiter = (line: ChildLine) => {
        clearTimeout(timer);
        resolve(line);
      };
      this.waiting.push(waiter);
    });
  }

  /** Sends `goodbye` (if given), closes the program's input, and kills it unless it leaves within `graceMs`. */
  async stop(goodbye: object | null, graceMs: number): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    if (goodbye) this.write(goodbye);
    this.child.stdin.end();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.child.kill('SIGKILL');
        resolve();
      }, graceMs);
      this.child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private deliver(line: ChildLine): void {
    const waiter = this.waiting.shift();
    if (waiter) waiter(line);
    else this.queued.push(line);
  }

  private end(reason: Ended): void {
    if (this.endedWith) return;
    this.endedWith = reason;
    for (const waiter of this.waiting.splice(0)) waiter(reason);
  }
}
