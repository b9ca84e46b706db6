/**
 * Several processes: whether a table's copy is known to hold everything stored, so that a move may be
 * decided on it without reading storage first (a round trip or three less per move). Known from a read of
 * storage that began while this process already heard the table's channel, for as long as no other
 * process's change has been heard since and the broadcast has not been down (envelopes lost).
 *
 * A move heard from another process carries itself (the stored move and its patch of the table's row):
 * a copy current up to the change before plays it on (catch-up.ts `followMove`) and stays current, so a
 * game played across processes reads storage only where a change other than a move was heard.
 *
 * What another process has stored but not yet published is not known this way; a move decided on such a
 * copy is refused by its commit, which checks under the table row's lock that the seq is free (the moves'
 * key), the line unchanged and the game still played (storage/postgres.ts `appendMove`): the table then
 * reads storage and answers stale or repeat, as it did when two processes raced before. Every other
 * command (joins, seats, resignations, takebacks: their writes check less) still reads storage first.
 */
import type { Broadcast, Envelope } from '../broadcast/types.js';

export class KnownCurrent {
  private listening: Promise<() => void> | null = null;
  /** Changes of other processes heard on the table's channel so far. */
  private heard = 0;
  /** What was heard, and the broadcast's outages, when the last complete read of storage began. */
  private readFrom: { heard: number; outages: number } | null = null;
  private closed = false;

  constructor(
    private readonly table: string,
    private readonly broadcast: Broadcast,
    /**
     * Another process's move was heard (the `heard`-th change): the table may follow it on its copy, in its
     * queue, and say so (`followed`) if the copy was current up to the change before (`currentUpTo`).
     */
    private readonly onMove: (stored: NonNullable<Envelope['stored']>, line: number, heard: number) => void,
  ) {}

  /** The copy holds every change heard up to the `heard`-th (and the broadcast has not been down). */
  currentUpTo(heard: number): boolean {
    const from = this.readFrom;
    return from !== null && from.heard === heard && from.outages === this.broadcast.outages;
  }

  /** The copy followed the `heard`-th change (after `currentUpTo(heard - 1)`): current up to it. */
  followed(heard: number): void {
    if (this.readFrom?.heard === heard - 1) this.readFrom = { ...this.readFrom, heard };
  }

  /** Nothing another process published since the copy's last read: a move may skip reading storage. */
  get current(): boolean {
    return this.currentUpTo(this.heard);
  }

  /** Reads storage through `read`, listening to the table's channel from before the read began. */
  async read(read: () => Promise<void>): Promise<void> {
    this.readFrom = null;
    if (!this.closed) {
      this.listening ??= this.broadcast.subscribe(this.table, (e) => {
        if (!e.changed || e.origin === this.broadcast.origin) return;
        const heard = ++this.heard;
        if (e.stored && e.seq !== undefined) this.onMove(e.stored, e.line ?? 0, heard);
      });
      await this.listening;
    }
    const from = { heard: this.heard, outages: this.broadcast.outages };
    // Down: what is published now is lost, nothing can be known from hearing it.
    const hearing = this.broadcast.up;
    await read();
    if (!this.closed && hearing) this.readFrom = from;
  }

  /** Stops listening (the game is over, or the table closed): every command reads storage first again. */
  close(): void {
    this.closed = true;
    this.readFrom = null;
    const listening = this.listening;
    this.listening = null;
    void listening?.then((unsubscribe) => unsubscribe());
  }
}
