/**
 * The bridge between bot programs (the bot protocol on their standard input and output) and a server's bot
 * API: the account's event stream says which games start and which challenges wait; each game is played by
 * a program of its own (bridge-game.ts), so a bot thinking long in one game never holds up another, and a
 * program that crashes or writes a bad line costs nothing but that turn's time. Challenges are accepted or
 * declined by the author's rules (challenge-policy.ts).
 */
import type { GameKind } from '@attila/core';
import type { HostLine } from '@attila/protocol/bot-lines';
import type { ChallengeView } from '@attila/protocol/challenges';
import { awaitsAnswer, judgeChallenge, type ChallengePolicy } from './challenge-policy.js';
import { BridgeGame, type BridgeLog, type EndLine, type Spawn, type StartLine } from './bridge-game.js';
import type { BotServer } from './bot-server.js';

export type { BridgeLog } from './bridge-game.js';

/** What the status line shows of one game. */
export interface GameStatus {
  readonly table: string;
  readonly game: GameKind;
  readonly seq: number | null;
  /** How long the program has been thinking on the current turn (null: not its turn). */
  readonly thinkingMs: number | null;
  readonly restarts: number;
}

export class BotBridge {
  private readonly games = new Map<string, BridgeGame>();
  private readonly finished = new Set<string>();
  /** Challenges answered (a challenge's line comes again with every change). */
  private readonly answered = new Set<string>();
  /** Challenges accepted whose game has not started yet: they count against `maxGames`. */
  private readonly accepting = new Set<string>();
  private stopping = false;
  /** Games played to their end through this bridge. */
  ended = 0;
  /** Called whenever a game starts, ends or changes turn (the status line redraws). */
  onChange: () => void = () => undefined;

  constructor(
    private readonly server: BotServer,
    private readonly spawn: Spawn,
    private readonly accept: ReadonlySet<GameKind>,
    private readonly policy: ChallengePolicy,
    private readonly log: BridgeLog,
  ) {}

  /** A line of the account's event stream. */
  event(line: HostLine): void {
    if (this.stopping) return;
    if (line.type === 'start') this.start(line);
    else if (line.type === 'end') this.end(line);
    else if (line.type === 'challenge') void this.challenge(line.challenge);
  }

  /** The games being played, for the status line. */
  status(now = Date.now()): GameStatus[] {
    return [...this.games.values()].map((g) => ({
      table: g.table,
      game: g.start.game,
      seq: g.seq,
      thinkingMs: g.askedAt === null ? null : now - g.askedAt,
      restarts: g.restarts,
    }));
  }

  private async challenge(c: ChallengeView): Promise<void> {
    if (c.status !== 'pending') this.accepting.delete(c.id);
    if (!awaitsAnswer(c) || this.answered.has(c.id)) return;
    this.answered.add(c.id);
    const verdict = judgeChallenge(c, this.games.size + this.accepting.size, this.policy);
    const what = `a ${c.rated ? 'rated' : 'casual'} ${c.game} challenge from ${c.from}`;
    if (verdict.accept) {
      this.accepting.add(c.id);
      const r = await this.server.post(`/api/bot/challenges/${encodeURIComponent(c.id)}/accept`, {});
      if (r.ok) return this.log.info(`accepted ${what}`);
      this.accepting.delete(c.id);
      return this.log.warn(`accepting ${what}: ${r.error.message}`);
    }
    const r = await this.server.post(`/api/bot/challenges/${encodeURIComponent(c.id)}/decline`, {
      reason: verdict.reason,
    });
    if (r.ok) this.log.info(`declined ${what}: ${verdict.reason}`);
    else this.log.warn(`declining ${what}: ${r.error.message}`);
  }

  private start(line: StartLine): void {
    if (this.games.has(line.table) || this.finished.has(line.table)) return;
    if (!this.accept.has(line.game)) {
      this.log.warn(
        `table ${line.table}: a ${line.game} game, which this bridge does not accept (--accept); ` +
          'its seat is left to the clock',
      );
      this.finished.add(line.table);
      return;
    }
    // The challenge (if any) that made it has started: it counts as a game now.
    this.accepting.clear();
    const game = new BridgeGame(line, this.server, this.spawn, this.log, () => {
      this.games.delete(line.table);
      this.finished.add(line.table);
      this.onChange();
    });
    game.endedBy = (end) => this.end(end);
    this.games.set(line.table, game);
    this.log.info(
      `table ${line.table}: ${line.game} starts, seat ${line.seats.join(', ')} of ${line.players}`,
    );
    game.run();
    this.onChange();
  }

  private end(line: EndLine): void {
    const game = this.games.get(line.table);
    if (!game) return;
    this.games.delete(line.table);
    this.finished.add(line.table);
    game.finish(line);
    this.ended++;
    const winners = line.result.winners.length ? `seat ${line.result.winners.join(', ')} won` : 'nobody won';
    this.log.info(
      `table ${line.table}: the game is over, ${winners}${line.result.reason ? ` (${line.result.reason})` : ''}`,
    );
    this.onChange();
  }

  /** Ends every game's program and stream (the server's clocks go on: a bot that left loses on time). */
  stop(): number {
    this.stopping = true;
    const open = this.games.size;
    for (const g of this.games.values()) g.close();
    this.games.clear();
    return open;
  }
}
