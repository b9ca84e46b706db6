/**
 * The bridge between a bot program (the bot protocol on its standard input and output) and a server's bot
 * API: the account's event stream says which games start; each game's stream brings the seat's turns,
 * which go to the program; the program's moves go to the server. The program sees exactly the lines it
 * sees in `attila bot match` — many games at once, told apart by `table` — so a bot is written once.
 */
import type { GameKind } from '@attila/core';
import type { HostLine } from '@attila/protocol/bot-lines';
import type { BotProgram } from './bot-program.js';
import { REFUSALS_PER_TURN } from './bot-match.js';
import { backoffMs, sleep, type BotServer, type LineStreamHandle } from './bot-server.js';

type Turn = Extract<HostLine, { type: 'turn' }>;

interface Game {
  readonly kind: GameKind;
  stream: LineStreamHandle | null;
  turn: Turn | null;
  refusals: number;
}

/** How long the bridge waits for a line of the program before looking again (the server's clock judges). */
const IDLE_WAIT_MS = 3_600_000;

export interface BridgeLog {
  info(text: string): void;
  warn(text: string): void;
}

export class BotBridge {
  private readonly games = new Map<string, Game>();
  private readonly finished = new Set<string>();
  private stopping = false;
  /** Games played to their end through this bridge. */
  ended = 0;

  constructor(
    private readonly server: BotServer,
    private readonly program: BotProgram,
    private readonly accept: ReadonlySet<GameKind>,
    private readonly log: BridgeLog,
  ) {}

  /** Reads the program's lines until it fails or exits; resolves with why (null: the bridge stopped). */
  async pump(): Promise<string | null> {
    for (;;) {
      const line = await this.program.next(IDLE_WAIT_MS);
      if (this.stopping) return null;
      if (!line.ok) {
        if (line.error.code === 'bot.timeout') continue;
        return line.error.message;
      }
      if (line.value.type !== 'move') {
        this.log.warn(`the bot sent a "${line.value.type}" line during play; only "move" lines are answered`);
        continue;
      }
      await this.move(line.value.table, line.value.seq, line.value.move);
    }
  }

  /** A line of the account's event stream. */
  event(line: HostLine): void {
    if (this.stopping) return;
    if (line.type === 'start') void this.start(line);
    else if (line.type === 'end') this.end(line);
  }

  private async start(line: Extract<HostLine, { type: 'start' }>): Promise<void> {
    if (this.games.has(line.table) || this.finished.has(line.table)) return;
    if (!this.accept.has(line.game)) {
      this.log.warn(
        `table ${line.table}: a ${line.game} game, which this bridge does not accept (--accept); ` +
          'its seat is left to the clock',
      );
      this.finished.add(line.table);
      return;
    }
    const game: Game = { kind: line.game, stream: null, turn: null, refusals: 0 };
    this.games.set(line.table, game);
    this.log.info(
      `table ${line.table}: ${line.game} starts, seat ${line.seats.join(', ')} of ${line.players}`,
    );
    this.program.send(line);
    await this.follow(line.table, game);
  }

  /**
   * Keeps the game's stream open until the game ends: when the connection drops or the server restarts,
   * it is opened again after a growing wait, and the server's new stream starts with the current turn (a
   * move posted while the server was away is asked again), or with the end if the game ended meanwhile.
   */
  private async follow(table: string, game: Game): Promise<void> {
    const live = () => !this.stopping && this.games.get(table) === game;
    for (let attempt = 0; live();) {
      const opened = await this.server.stream(`/api/bot/game/${encodeURIComponent(table)}/stream`, (l) =>
        this.gameLine(l),
      );
      if (!opened.ok) {
        if (opened.error.code === 'server.refused') {
          // Not this bot's game any more, or no such table: nothing to come back to.
          this.log.warn(`table ${table}: ${opened.error.message}`);
          this.games.delete(table);
          this.finished.add(table);
          return;
        }
        const wait = backoffMs(attempt++);
        this.log.warn(`table ${table}: ${opened.error.message}; trying again in ${wait} ms`);
        await sleep(wait);
        continue;
      }
      if (!live()) return opened.value.close();
      attempt = 0;
      game.stream = opened.value;
      await opened.value.ended;
      game.stream = null;
      if (!live()) return;
      const wait = backoffMs(attempt++);
      this.log.warn(`table ${table}: the game stream was cut; reconnecting in ${wait} ms`);
      await sleep(wait);
    }
  }

  private gameLine(line: HostLine): void {
    if (this.stopping) return;
    if (line.type === 'turn') {
      const game = this.games.get(line.table);
      if (!game) return;
      game.turn = line;
      game.refusals = 0;
      this.program.send(line);
    } else if (line.type === 'end') this.end(line);
  }

  private end(line: Extract<HostLine, { type: 'end' }>): void {
    const game = this.games.get(line.table);
    if (!game) return;
    this.games.delete(line.table);
    this.finished.add(line.table);
    game.stream?.close();
    this.ended++;
    this.program.send(line);
    const winners = line.result.winners.length ? `seat ${line.result.winners.join(', ')} won` : 'nobody won';
    this.log.info(
      `table ${line.table}: the game is over, ${winners}${line.result.reason ? ` (${line.result.reason})` : ''}`,
    );
  }

  private async move(table: string, seq: number, move: string): Promise<void> {
    const game = this.games.get(table);
    if (!game) return this.log.warn(`the bot moved at table ${table}, which it is not playing here`);
    const answer = await this.server.move(table, seq, move);
    if (!answer.ok) return this.log.warn(answer.error.message);
    if (answer.value.type === 'accepted') return;
    // Refused, nothing changed: told to the program, and the same turn asked again (as `bot match` does).
    this.program.send(answer.value);
    const turn = game.turn;
    if (!turn || turn.seq !== seq) return;
    if (++game.refusals > REFUSALS_PER_TURN) {
      this.log.warn(
        `table ${table}: the bot's move was refused ${game.refusals} times in one turn; left to the clock`,
      );
      return;
    }
    this.program.send(turn);
  }

  /** Closes every game's stream (the server's clocks go on: a bot that left loses on time like anyone). */
  stop(): number {
    this.stopping = true;
    const open = this.games.size;
    for (const g of this.games.values()) g.stream?.close();
    this.games.clear();
    return open;
  }
}
