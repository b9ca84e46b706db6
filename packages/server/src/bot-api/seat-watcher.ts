/**
 * One bot seat watching its table through the same feed as a person's socket (feed.ts): it hears exactly
 * the texts a socket of that seat hears — the seat's view, its legal moves, its clock, already filtered by
 * the engine for that seat — and turns them into bot-protocol lines: a `turn` whenever the seat has legal
 * moves at a seq it was not yet asked about, `end` once the game has a result, `takeback` when another seat
 * asks to take a move back (answered with `POST .../takeback-answer`), and `chat` for each new line of the
 * table's chat written by another seat.
 */
import { parseServerMessage, type GameResult, type Snapshot, type TableInfo } from '@attila/protocol';
import type { HostLine } from '@attila/protocol/bot-lines';
import type { Watcher } from '../feed.js';

/** What the seat has left on its clock now, from a snapshot's clock (null without clocks). */
export function clockLeft(snapshot: Snapshot, seat: number, now: number): number | null {
  const c = snapshot.clock;
  if (!c) return null;
  const left = c.remainingMs[seat] - (c.running.includes(seat) ? now - c.at : 0);
  return Math.max(0, Math.round(left));
}

export class SeatWatcher implements Watcher {
  /** The last seq this seat was asked to move at (a turn is sent once per seq). */
  private asked = -1;
  private over = false;
  /** The takeback request last told (`seat/seq/line`), so each is told once. */
  private toldTakeback = '';

  constructor(
    private readonly table: string,
    readonly seat: number,
    /** Whether this watcher tells the game's `end` (one of several seats of one stream does). */
    private readonly tellsEnd: boolean,
    private readonly emit: (line: HostLine) => void,
    /** Called once, after `end` was emitted. */
    private readonly finished: (result: GameResult) => void,
    private readonly now: () => number = Date.now,
  ) {}

  send(text: string): void {
    if (this.over) return;
    // The server's own message, parsed like any client parses it: one that does not parse is passed over.
    const parsed = parseServerMessage(text);
    if (!parsed.ok) return;
    const message = parsed.value;
    switch (message.type) {
      case 'welcome':
        // A fresh welcome follows a takeback: the seqs after it are asked again.
        this.asked = -1;
        this.offers(message.table);
        return message.snapshot ? this.snapshot(message.snapshot) : undefined;
      case 'update':
        return this.snapshot(message.snapshot);
      case 'table':
        this.offers(message.table);
        return message.snapshot ? this.snapshot(message.snapshot) : undefined;
      case 'chat':
        // Told by one watcher of a stream (the one that tells the end), and not the bot's own lines.
        if (!this.tellsEnd || message.message.seat === this.seat) return;
        return this.emit({
          type: 'chat',
          table: this.table,
          seat: message.message.seat,
          name: message.message.name,
          text: message.message.text,
        });
      default:
        return;
    }
  }

  private offers(table: TableInfo): void {
    const asked = table.play.takeback;
    if (!asked || asked.seat === this.seat || table.status !== 'playing') return;
    const key = `${asked.seat}/${asked.seq}/${table.line}`;
    if (key === this.toldTakeback) return;
    this.toldTakeback = key;
    this.emit({ type: 'takeback', table: this.table, seat: asked.seat, seq: asked.seq });
  }

  private snapshot(s: Snapshot): void {
    if (s.result) {
      this.over = true;
      if (this.tellsEnd) this.emit({ type: 'end', table: this.table, result: s.result });
      this.finished(s.result);
      return;
    }
    if (s.legalMoves.length === 0 || s.seq <= this.asked) return;
    this.asked = s.seq;
    this.emit({
      type: 'turn',
      table: this.table,
      seq: s.seq,
      seat: this.seat,
      view: s.view,
      legal: s.legalMoves,
      clockMs: clockLeft(s, this.seat, this.now()),
    });
  }
}
