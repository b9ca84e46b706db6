/**
 * What this process's sockets hear of their tables: one broadcast subscription per table, the welcome, then
 * every update exactly once, in seq order, without gaps. Each watcher's position is the seq it has seen;
 * an update it already has (the welcome held it, or a catch-up did) is dropped, and one that skips ahead
 * (an earlier one was lost, or is still on its way from another process) makes it catch up from storage
 * first. When the broadcast comes back after an outage every watcher catches up the same way, and hears
 * the table's news afresh (seats or status may have changed meanwhile). A takeback starts a new line of the
 * game (the same seq may then name another position): a watcher that hears of a newer line than its own is
 * sent a fresh welcome with the whole log, and news of a line it has left is dropped.
 */
import type { Logger } from 'pino';
import type { Broadcast, Envelope } from './broadcast/types.js';
import { refusalOf } from './errors.js';
import type { Table } from './table.js';
import { encode } from './wire.js';

/** A socket watching a table, as the feed sees it. */
export interface Watcher {
  readonly seat: number | null;
  send(text: string): void;
}

interface Position {
  /** The last seq this watcher has seen; null until its welcome is sent. */
  seq: number | null;
  /** The line (takebacks so far) that seq is on. */
  line: number;
  /** Envelopes held while the welcome or a catch-up is being prepared, in arrival order. */
  held: Envelope[] | null;
}

class TableFeed {
  readonly watchers = new Map<Watcher, Position>();
  readonly subscribed: Promise<() => void>;
  /** One read of storage serves every watcher catching up at once (the broadcast's return). */
  private syncing: Promise<void> | null = null;

  constructor(
    readonly table: Table,
    broadcast: Broadcast,
    private readonly log: Logger,
  ) {
    this.subscribed = broadcast.subscribe(table.id, (e) => this.hear(e));
  }

  private hear(e: Envelope): void {
    for (const [w, p] of this.watchers) this.offer(w, p, e);
  }

  /** One envelope for one watcher: sent, dropped as already seen, or the start of a catch-up. */
  private offer(w: Watcher, p: Position, e: Envelope): void {
    if (p.held) return void p.held.push(e);
    const text = e.all ?? (w.seat === null ? e.spectator : e.seats?.[w.seat]);
    if (!text || p.seq === null) return;
    if (e.line !== undefined && e.line !== p.line) {
      // Behind a takeback: the whole game again (what e says is in storage already). Or news of a line
      // this watcher has already left behind.
      return e.line > p.line ? this.catchUp(w, p, null) : undefined;
    }
    if (e.seq !== undefined) {
      if (e.seq <= p.seq) return;
      if (e.seq > p.seq + 1) return this.catchUp(w, p, e);
      p.seq = e.seq;
    } else if (e.at !== undefined && e.at !== p.seq) {
      // News about a position this watcher is not at: behind (missed updates) or stale (overtaken).
      return this.catchUp(w, p, e);
    }
    w.send(text);
  }

  /** Brings `w` up to what storage holds, then goes on with what arrived meanwhile (`first` first). */
  catchUp(w: Watcher, p: Position, first: Envelope | null): void {
    p.held = first ? [first] : [];
    this.syncing ??= this.table.sync().finally(() => (this.syncing = null));
    void this.syncing
      .then(() => {
        if (!this.watchers.has(w) || p.seq === null) return;
        if (this.table.line !== p.line) {
          w.send(encode(this.table.welcome(w.seat, 0)));
          p.seq = this.table.seq;
          p.line = this.table.line;
          return;
        }
        for (const text of this.table.updatesSince(p.seq, w.seat)) w.send(text);
        p.seq = Math.max(p.seq, this.table.seq);
        w.send(this.table.news(w.seat));
      })
      .catch((e) => this.log.warn({ table: this.table.id, err: refusalOf(e) }, 'catching a socket up failed'))
      .finally(() => this.release(w, p, first?.at !== undefined ? first : null));
  }

  /**
   * Sends what was held for `w` through the usual checks, but for the news a catch-up was made for (`done`):
   * the catch-up sent the table's news as of now instead. Offered again, news about a position the watcher
   * has passed (overtaken by a move through another process) would start the same catch-up again, for ever:
   * a loop that kept a process busy with reads of storage and stopped it from ever shutting down.
   */
  release(w: Watcher, p: Position, done: Envelope | null = null): void {
    const held = p.held ?? [];
    p.held = null;
    for (const e of held) if (e !== done) this.offer(w, p, e);
  }
}

export class Feeds {
  private readonly feeds = new Map<string, TableFeed>();

  constructor(
    private readonly broadcast: Broadcast,
    private readonly log: Logger,
  ) {
    broadcast.onResume(() => this.resume());
  }

  /**
   * `w` watches `table` as `w.seat` from now on: subscribed first, then the welcome (what it missed since
   * `since`), then the table's news in order. News that arrives while the welcome is built is held, and
   * what the welcome already holds is dropped.
   */
  async watch(table: Table, w: Watcher, since: number | undefined, line?: number): Promise<void> {
    let feed = this.feeds.get(table.id);
    if (!feed || feed.table !== table) {
      feed = new TableFeed(table, this.broadcast, this.log);
      this.feeds.set(table.id, feed);
    }
    const p: Position = { seq: null, line: table.line, held: [] };
    feed.watchers.set(w, p);
    try {
      await feed.subscribed;
      await table.sync();
    } catch (e) {
      this.unwatch(table, w);
      throw e;
    }
    if (!feed.watchers.has(w)) return;
    // The news that this seat is connected goes to the others; `w` learns it from its welcome, built next
    // (what the in-process broadcast delivered during `attach` is dropped from what `w` holds).
    const held = p.held?.length ?? 0;
    table.attach(w.seat);
    if (p.held) p.held.length = held;
    const welcome = table.welcome(w.seat, since, line);
    w.send(encode(welcome));
    p.seq = welcome.snapshot?.seq ?? table.seq;
    p.line = welcome.table.line;
    feed.release(w, p);
  }

  unwatch(table: Table, w: Watcher): void {
    const feed = this.feeds.get(table.id);
    if (!feed || !feed.watchers.has(w)) return;
    const welcomed = feed.watchers.get(w)?.seq !== null;
    feed.watchers.delete(w);
    if (welcomed) table.detach(w.seat);
    if (feed.watchers.size === 0 && this.feeds.get(table.id) === feed) {
      this.feeds.delete(table.id);
      void feed.subscribed.then((unsubscribe) => unsubscribe());
    }
  }

  /** The broadcast is back: whatever was published meanwhile is lost, so every watcher catches up. */
  private resume(): void {
    for (const feed of this.feeds.values()) {
      for (const [w, p] of feed.watchers) if (!p.held && p.seq !== null) feed.catchUp(w, p, null);
    }
  }
}
