/**
 * Who runs a table's clock and bots (driver.ts), and catching up when another process changed the game.
 * With one process a table is driven from its load on; with several (shared storage, leases.ts) driving
 * changes hands, and a new driver first catches up with what the others stored.
 */
import { resumeClock } from '../clock.js';
import type { TableDriver } from '../driver.js';
import { refusalOf } from '../errors.js';
import type { SerialQueue } from '../queue.js';
import type { TableCopy } from './change-kind.js';
import type { Logger } from 'pino';

/** What driving sees of its table. */
export interface DrivingSite {
  readonly id: string;
  readonly copy: TableCopy;
  /** The table's serial queue: catching up never runs beside a change. */
  readonly queue: SerialQueue;
  readonly driver: TableDriver;
  /** One process only (the broadcast is local): nobody else writes, nothing to catch up with. */
  readonly alone: boolean;
  readonly now: () => number;
  readonly log: Logger;
  /** Reads what other processes wrote and replays the new moves (catch-up.ts). */
  refresh(): Promise<void>;
  /** The table's news (seats, status, result) with each audience's snapshot. */
  publishTable(): void;
}

export class Driving {
  private wantDrive = false;
  private catchingUp = false;

  constructor(private readonly site: DrivingSite) {}

  /**
   * This process starts (or stops) running the table's clock and bots. With one process this happens once,
   * right after the table is loaded: a running clock gets the restart grace. With several, the new driver
   * first catches up with storage, and goes on with the stored clock as it is.
   */
  drive(on: boolean): Promise<void> {
    const { site } = this;
    this.wantDrive = on;
    if (!on) {
      site.driver.setDriving(false);
      return Promise.resolve();
    }
    return site.queue.run(async () => {
      if (!this.wantDrive || site.driver.active) return;
      const meta = site.copy.meta;
      if (!site.alone) {
        await site.refresh();
        // The last driver may have died between storing a move and publishing it: the table's news at
        // this seq makes every watcher that has not heard of it catch up (feed.ts); the others ignore it.
        site.publishTable();
      } else if (meta.status === 'playing' && meta.clock) {
        site.copy.meta = { ...meta, clock: resumeClock(meta.clock, site.now()) };
      }
      site.driver.setDriving(true);
      site.driver.update();
    });
  }

  /** Another process changed the game (the driver heard it, or the broadcast is back): catch up, drive on. */
  catchUp(): void {
    const { site } = this;
    if (this.catchingUp || !site.driver.active) return;
    this.catchingUp = true;
    void site.queue
      .run(async () => {
        this.catchingUp = false;
        if (!site.driver.active) return;
        await site.refresh();
        site.driver.update();
      })
      .catch((e) => {
        site.log.warn({ table: site.id, err: refusalOf(e) }, 'catching up failed; retrying');
        setTimeout(() => this.catchUp(), 500).unref();
      });
  }

  /** Catches up with storage (several processes), through the queue, unless the copy is `current` then. */
  sync(current: () => boolean): Promise<void> {
    return this.site.queue.run(() => (this.site.alone || current() ? undefined : this.site.refresh()));
  }
}
