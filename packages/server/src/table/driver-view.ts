/**
 * What a table's driver (driver.ts) reads: a snapshot of what it needs, nothing it could change. Kept while
 * the table is unchanged, since the driver reads it more than once a move.
 */
import type { DriverView } from '../driver.js';
import type { AnyGame } from '../games.js';
import { botFor, watchedSeats } from '../seating.js';
import { playOf, type StoredTable } from '../storage/types.js';
import type { TableCopy } from './change-kind.js';

export class DriverViewCache {
  /** The last view read, with the table's fields and move count it was made from. */
  private viewed: { meta: StoredTable; seq: number; view: DriverView } | null = null;

  read(game: AnyGame, { meta: m, state, moves }: TableCopy): DriverView {
    const seq = moves.length;
    if (this.viewed?.meta === m && this.viewed.seq === seq) return this.viewed.view;
    const view: DriverView = {
      seq,
      line: playOf(m).line,
      playing: m.status === 'playing',
      clock: m.clock,
      clockSettings: m.clockSettings,
      watchedSeats: watchedSeats(m),
      toAct: m.status === 'playing' ? game.toAct(state) : [],
      botFor: m.seats.map((s) => botFor(m, s.seat)),
      // The move list is copied only for a table with a bot to ask (a bot's request may wait in a queue).
      game: {
        table: m.id,
        game: m.game,
        settings: m.settings,
        seed: m.seed,
        moves: m.takeover || m.seats.some((s) => s.controller === 'bot') ? moves.slice() : [],
      },
    };
    this.viewed = { meta: m, seq, view };
    return view;
  }
}
