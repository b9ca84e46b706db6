/**
 * One game of the bridge, played by a program of its own: the game's stream brings the seat's turns, the
 * program answers them, the answers go to the server. A game survives its program: a line that is not one
 * of the bot's lines is refused like a bad move (the program is told `refused` and asked the same turn
 * again), and a program that exits is started again (up to `MAX_RESTARTS` times a game) and told the game
 * from its `start` and the current turn. A seat the server's take-over bot took while the program was slow
 * is taken back (`reclaim`) as soon as the program answers again.
 */
import type { HostLine, BotLine } from '@attila/protocol/bot-lines';
import type { BotProgram, ProgramErrorCode } from './bot-program.js';
import type { Result } from '@attila/core';
import { REFUSALS_PER_TURN } from './bot-match.js';
import { backoffMs, sleep, type BotServer, type LineStreamHandle } from './bot-server.js';

export type Turn = Extract<HostLine, { type: 'turn' }>;
export type StartLine = Extract<HostLine, { type: 'start' }>;
export type EndLine = Extract<HostLine, { type: 'end' }>;

/** Starts a new bot program and waits for its `ready`. */
export type Spawn = () => Promise<Result<{ program: BotProgram; name: string }, ProgramErrorCode>>;

export interface BridgeLog {
  info(text: string): void;
  warn(text: string): void;
}

/** Programs started again for one game before it is left to its clock. */
export const MAX_RESTARTS = 5;
/** How long the bridge waits for a line of the program before looking again (the server's clock judges). */
const IDLE_WAIT_MS = 3_600_000;

export class BridgeGame {
  private program: BotProgram | null = null;
  private stream: LineStreamHandle | null = null;
  private turn: Turn | null = null;
  private refusals = 0;
  /** Programs started for this game after the first. */
  restarts = 0;
  /** When the current turn was handed to the program (null: not its turn). */
  askedAt: number | null = null;
  private closed = false;

  constructor(
    readonly start: StartLine,
    private readonly server: BotServer,
    private readonly spawn: Spawn,
    private readonly log: BridgeLog,
    /** The game's stream was refused for good (not the bot's game): the bridge forgets it. */
    private readonly gone: () => void,
  ) {}

  get table(): string {
    return this.start.table;
  }

  get seq(): number | null {
    return this.turn?.seq ?? null;
  }

  /** Starts the program and follows the game's stream until the game ends or the bridge stops. */
  run(): void {
    void this.pump();
    void this.follow();
  }

  private say(text: string): void {
    this.log.info(`table ${this.table}: ${text}`);
  }

  private warn(text: string): void {
    this.log.warn(`table ${this.table}: ${text}`);
  }

  /** A program for this game, told the game so far; null when none would start `MAX_RESTARTS` times. */
  private async launch(): Promise<BotProgram | null> {
    for (;;) {
      if (this.closed) return null;
      const started = await this.spawn();
      if (started.ok) {
        const program = started.value.program;
        if (this.closed) {
          void program.stop();
          return null;
        }
        program.send(this.start);
        if (this.turn) {
          program.send(this.turn);
          this.askedAt = Date.now();
        }
        return program;
      }
      if (++this.restarts > MAX_RESTARTS) {
        this.warn(`${started.error.message}; started ${MAX_RESTARTS} times, the game is left to its clock`);
        return null;
      }
      const wait = backoffMs(this.restarts - 1);
      this.warn(`${started.error.message}; starting it again in ${wait} ms`);
      await sleep(wait);
    }
  }

  private async pump(): Promise<void> {
    this.program = await this.launch();
    while (this.program && !this.closed) {
      const line = await this.program.next(IDLE_WAIT_MS);
      if (this.closed) return;
      if (line.ok) {
        await this.answer(line.value);
        continue;
      }
      const code = line.error.code;
      if (code === 'bot.timeout') continue;
      if (code === 'bot.malformed' || code === 'bot.protocol') {
        this.badLine(line.error.message);
        continue;
      }
      // The program exited (crashed, or ended itself): another one takes the game where it stands.
      void this.program.stop();
      this.program = null;
      if (++this.restarts > MAX_RESTARTS) {
        this.warn(`${line.error.message}; restarted ${MAX_RESTARTS} times, the game is left to its clock`);
        return;
      }
      const wait = backoffMs(this.restarts - 1);
      this.warn(
        `${line.error.message}; starting it again in ${wait} ms, the game resumes at its current turn`,
      );
      await sleep(wait);
      this.program = await this.launch();
    }
  }

  /** A bad line is a refused move: the program is told why and asked the same turn again. */
  private badLine(message: string): void {
    const turn = this.turn;
    if (!turn || !this.program) return this.warn(`${message} (ignored: no turn was asked)`);
    if (++this.refusals > REFUSALS_PER_TURN) {
      return this.warn(`${message}; ${this.refusals} bad answers in one turn, the turn is left to the clock`);
    }
    this.warn(`${message}; asking the turn at move ${turn.seq} again`);
    this.program.send({ type: 'refused', table: this.table, seq: turn.seq, code: 'bot.malformed', message });
    this.program.send(turn);
  }

  private async answer(line: BotLine): Promise<void> {
    if (line.type === 'ready') return;
    if (line.table !== this.table) {
      return this.badLine(`the program of table ${this.table} answered table ${line.table}`);
    }
    switch (line.type) {
      case 'move':
        return this.move(line.seq, line.move, true);
      case 'resign':
      case 'abort': {
        const done = await this.server.action(this.table, line.type);
        return done.ok
          ? this.say(`the bot ${line.type === 'resign' ? 'resigned' : 'aborted the game'}`)
          : this.warn(done.error.message);
      }
      case 'chat': {
        const done = await this.server.action(this.table, 'chat', { text: line.text });
        if (!done.ok) this.warn(done.error.message);
        return;
      }
      case 'takeback-answer': {
        const done = await this.server.action(this.table, 'takeback-answer', { answer: line.answer });
        if (!done.ok) this.warn(done.error.message);
        return;
      }
    }
  }

  private async move(seq: number, move: string, mayReclaim: boolean): Promise<void> {
    const answer = await this.server.move(this.table, seq, move);
    if (!answer.ok) return this.warn(answer.error.message);
    if (answer.value.type === 'accepted') {
      if (this.turn?.seq === seq) this.askedAt = null;
      return;
    }
    if (answer.value.code === 'move.bot-controlled' && mayReclaim) {
      // The server's take-over bot played the seat while the program was slow: the program is back.
      const back = await this.server.action(this.table, 'reclaim');
      if (back.ok) {
        this.say('took the seat back from the take-over bot');
        return this.move(seq, move, false);
      }
      this.warn(back.error.message);
    }
    // Refused, nothing changed: told to the program, and the same turn asked again (as `bot match` does).
    this.program?.send(answer.value);
    const turn = this.turn;
    if (!turn || turn.seq !== seq) return;
    if (++this.refusals > REFUSALS_PER_TURN) {
      return this.warn(`the bot's move was refused ${this.refusals} times in one turn; left to the clock`);
    }
    this.program?.send(turn);
  }

  /**
   * Keeps the game's stream open until the game ends: when the connection drops or the server restarts,
   * it is opened again after a growing wait, and the server's new stream starts with the current turn (a
   * move posted while the server was away is asked again), or with the end if the game ended meanwhile.
   */
  private async follow(): Promise<void> {
    for (let attempt = 0; !this.closed;) {
      const opened = await this.server.stream(`/api/bot/game/${encodeURIComponent(this.table)}/stream`, (l) =>
        this.gameLine(l),
      );
      if (!opened.ok) {
        if (opened.error.code === 'server.refused') {
          // Not this bot's game any more, or no such table: nothing to come back to.
          this.warn(opened.error.message);
          this.close();
          return this.gone();
        }
        const wait = backoffMs(attempt++);
        this.warn(`${opened.error.message}; trying again in ${wait} ms`);
        await sleep(wait);
        continue;
      }
      if (this.closed) return opened.value.close();
      attempt = 0;
      this.stream = opened.value;
      await opened.value.ended;
      this.stream = null;
      if (this.closed) return;
      const wait = backoffMs(attempt++);
      this.warn(`the game stream was cut; reconnecting in ${wait} ms`);
      await sleep(wait);
    }
  }

  private gameLine(line: HostLine): void {
    if (this.closed) return;
    if (line.type === 'turn') {
      this.turn = line;
      this.refusals = 0;
      this.askedAt = Date.now();
      this.program?.send(line);
    } else if (line.type === 'takeback' || line.type === 'chat') this.program?.send(line);
    // `end` comes on the event stream too; the bridge ends the game once, whichever comes first.
    else if (line.type === 'end') this.endedBy(line);
  }

  /** Set by the bridge: called with the game's end line (from either stream). */
  endedBy: (line: EndLine) => void = () => undefined;

  /** The game is over: the program is told, then stopped. */
  finish(line: EndLine): void {
    if (this.closed) return;
    const program = this.program;
    this.program = null;
    this.close();
    if (program) {
      program.send(line);
      void program.stop();
    }
  }

  /** Stops following the game (the server's clock goes on) and ends its program. */
  close(): void {
    this.closed = true;
    this.askedAt = null;
    this.stream?.close();
    const program = this.program;
    this.program = null;
    if (program) void program.stop();
  }
}
