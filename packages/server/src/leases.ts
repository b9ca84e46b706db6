/**
 * Which process drives a table (runs its clock's timer and its bots). With one process (SQLite, in-process
 * broadcast) that is always this one. With several sharing PostgreSQL and Redis, it is the holder of the
 * table's lease (`Storage.claimMany`): each process has a random owner id, claims the tables it loads,
 * renews the leases of its loaded open and played tables in one batch every `renewMs`, adopts played tables
 * whose lease expired (their process died) in the same sweep, brings its copies of games that ended
 * elsewhere up to date, and releases its leases when it shuts down.
 * Moves from people are still taken by any process: the primary key keeps one writer per move.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Broadcast } from './broadcast/types.js';
import type { Storage } from './storage/types.js';
import type { Table } from './table.js';
import { LeaseWatchdog } from './lease-watchdog.js';

/** What the lease keeper needs of the lobby. */
export interface LeaseLobby {
  loaded(): Iterable<Table>;
  /** The live table, loading it from storage (and calling `acquire` for it) if needed. */
  open(id: string): Promise<Table | null>;
}

export interface Leases {
  /** Tables just loaded or created: this process drives those whose lease it gets. */
  acquire(tables: readonly Table[]): Promise<void>;
  /** Starts renewing and adopting (after the tables of the server's start are loaded). */
  start(lobby: LeaseLobby): void;
  /** Stops renewing and adopting (shutdown begins; the tables finish what they are doing). */
  halt(): Promise<void>;
  /** Gives every lease up; call once the tables are closed. */
  close(): Promise<void>;
}

/** One process: it drives every table it has. */
export class SoloLeases implements Leases {
  async acquire(tables: readonly Table[]): Promise<void> {
    for (const table of tables) if (table.status !== 'finished') await table.drive(true);
  }
  start(): void {}
  async halt(): Promise<void> {}
  async close(): Promise<void> {}
}

export interface LeaseOptions {
  /** How long a lease lasts unless renewed: how long the games of a dead process wait for another. */
  readonly leaseMs: number;
  /** How often leases are renewed and orphaned games looked for (well under `leaseMs`). */
  readonly renewMs: number;
  /** At most this many orphaned games adopted per sweep (spreads a dead process's games over the others). */
  readonly adoptPerSweep: number;
}

/**
 * Short leases, renewed five times per lease: a dead process's games are adopted within `leaseMs +
 * renewMs` (0.72 s), so a clock that ran out meanwhile is settled within a second of its time; a live
 * process loses its leases only if four renewals in a row fail (0.48 s without the database).
 */
export const DEFAULT_LEASE_MS = 600;

export function leaseTimes(leaseMs: number = DEFAULT_LEASE_MS): LeaseOptions {
  return { leaseMs, renewMs: Math.max(20, Math.floor(leaseMs / 5)), adoptPerSweep: 50 };
}

export const DEFAULT_LEASES: LeaseOptions = leaseTimes();

export class SharedLeases implements Leases {
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(6).toString('hex')}`;
  /** The tables this process drives, each with its broadcast subscription (null while subscribing). */
  private readonly driven = new Map<Table, (() => void) | null>();
  /** When each driven table's lease runs out (as of its last successful claim). */
  private readonly until = new Map<Table, number>();
  private timer: NodeJS.Timeout | null = null;
  /** Stops driving the tables whose lease is about to run out unrenewed (the database is out of reach). */
  private readonly watchdog = new LeaseWatchdog(
    this.until,
    () => this.now(),
    (t) => {
      this.lapsed++;
      void this.hold(t, false);
    },
  );
  /** Tables let go of since the last sweep because their lease was about to run out unrenewed. */
  private lapsed = 0;
  private ticking: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly storage: Storage,
    private readonly broadcast: Broadcast,
    private readonly log: Logger,
    private readonly options: LeaseOptions = DEFAULT_LEASES,
    private readonly now: () => number = Date.now,
  ) {
    // Envelopes published while the broadcast was down are lost: the driven games catch up from storage.
    broadcast.onResume(() => {
      for (const t of this.driven.keys()) t.catchUp();
    });
  }

  /** Never fails: a table whose lease cannot be claimed now is left to the next sweep (of any process). */
  async acquire(tables: readonly Table[]): Promise<void> {
    const live = tables.filter((t) => t.status !== 'finished');
    if (live.length === 0 || this.closed) return;
    const now = this.now();
    const until = now + this.options.leaseMs;
    try {
      const held = new Set(
        await this.storage.claimMany(
          live.map((t) => t.id),
          this.owner,
          now,
          until,
        ),
      );
      for (const t of live) if (held.has(t.id)) this.until.set(t, until);
      await Promise.all(live.map((t) => this.hold(t, held.has(t.id))));
      this.watchdog.arm();
    } catch (e) {
      this.log.warn(
        { err: e instanceof Error ? e.message : e },
        'claiming table leases failed; the sweep retries',
      );
    }
  }

  /** Starts or stops driving `table`, as its lease says. */
  private async hold(table: Table, on: boolean): Promise<void> {
    if (on && !this.closed && !this.driven.has(table)) {
      this.driven.set(table, null);
      // Moves and seat changes made through other processes reach the driver over the broadcast. A move
      // carries itself (`stored`): the table follows it on its copy and moves its driver on (table.ts).
      const unsubscribe = await this.broadcast.subscribe(table.id, (e) => {
        if (e.changed && e.origin !== this.broadcast.origin && !e.stored) table.catchUp();
      });
      if (!this.driven.has(table)) return unsubscribe();
      this.driven.set(table, unsubscribe);
      await table.drive(true);
    } else if (!on && this.driven.has(table)) {
      this.driven.get(table)?.();
      this.driven.delete(table);
      this.until.delete(table);
      await table.drive(false);
    }
  }

  start(lobby: LeaseLobby): void {
    const loop = () => {
      this.ticking = this.tick(lobby).finally(() => {
        this.ticking = null;
        if (!this.closed) this.timer = setTimeout(loop, this.options.renewMs);
      });
    };
    this.timer = setTimeout(loop, this.options.renewMs);
  }

  /** One round trip renews every lease; finished games' leases are given up; orphans are adopted. */
  private async tick(lobby: LeaseLobby): Promise<void> {
    const now = this.now();
    const loaded = [...lobby.loaded()];
    const live = loaded.filter((t) => t.status !== 'finished');
    const inLobby = new Set(loaded);
    const done = [...this.driven.keys()].filter((t) => t.status === 'finished' || !inLobby.has(t));
    try {
      const until = now + this.options.leaseMs;
      const held = new Set(
        await this.storage.claimMany(
          live.map((t) => t.id),
          this.owner,
          now,
          until,
        ),
      );
      for (const t of live) if (held.has(t.id)) this.until.set(t, until);
      for (const t of done) await this.hold(t, false);
      if (done.length)
        await this.storage.release(
          done.map((t) => t.id),
          this.owner,
        );
      // At once: after an outage every table is taken up again, each waiting only for its own catch-up.
      await Promise.all(live.map((t) => this.hold(t, held.has(t.id))));
      // Copies of games other processes drive hear nothing of them; those that ended catch up (and can
      // then leave memory like any finished table).
      const others = new Map(live.filter((t) => !held.has(t.id)).map((t) => [t.id, t]));
      if (others.size) {
        for (const id of await this.storage.finishedAmong([...others.keys()])) await others.get(id)?.sync();
      }
      const orphans = await this.storage.claimOrphans(this.owner, now, until, this.options.adoptPerSweep);
      // All at once: a dead process's games wait for the slowest adoption, not for the sum of them.
      await Promise.all(
        orphans.map(async (id) => {
          const table = await lobby.open(id);
          if (table) {
            this.until.set(table, until);
            await this.hold(table, true);
          } else await this.storage.release([id], this.owner);
        }),
      );
      if (orphans.length) this.log.info({ tables: orphans }, 'adopted games whose process is gone');
    } catch (e) {
      // The watchdog stops driving each table before its lease runs out, so another process may take over.
      this.log.warn({ err: e instanceof Error ? e.message : e }, 'renewing table leases failed');
    } finally {
      this.watchdog.arm();
      if (this.lapsed)
        this.log.warn(
          { tables: this.lapsed, sweepMs: this.now() - now },
          'leases about to run out unrenewed: stopped driving those tables until the next renewal',
        );
      this.lapsed = 0;
    }
  }

  async halt(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.watchdog.stop();
    await this.ticking;
  }

  async close(): Promise<void> {
    await this.halt();
    const tables = [...this.driven.keys()];
    for (const t of tables) await this.hold(t, false);
    await this.storage.release(
      tables.map((t) => t.id),
      this.owner,
    );
  }
}
