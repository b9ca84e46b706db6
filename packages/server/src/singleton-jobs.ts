/**
 * Periodic jobs that must run in one process only (the bot ladder, the purge of expired sessions and
 * sign-in counters). With one process (SQLite, in-process broadcast) they simply run. With several sharing
 * PostgreSQL, each job has a lease like a table's (the `leases` rows keyed `job:<name>`, leases.ts): every
 * process tries to take or renew it every `renewMs`; the holder runs the job, the others wait; a holder that
 * cannot renew stops the job before its lease runs out (so it never runs beside its heir), and a process
 * that dies leaves its lease to expire, after which the next process to try takes the job over.
 */
import type { Logger } from 'pino';
import type { LeaseOptions } from './leases.js';
import type { Storage } from './storage/types.js';
import { LeaseWatchdog } from './lease-watchdog.js';

export interface SingletonJob {
  readonly name: string;
  /** Starts the job's own timers. Called again after a `stop()` when the lease comes back. */
  start(): void;
  /** Stops them; resolves once the work under way is done (stored). */
  stop(): Promise<void>;
}

export interface SingletonJobs {
  /** Jobs to run (before `start`). */
  add(job: SingletonJob): void;
  start(): void;
  /** The names of the jobs running in this process now. */
  running(): string[];
  /** Stops every job and gives its lease up. */
  close(): Promise<void>;
}

/** One process: every job runs here. */
export class SoloJobs implements SingletonJobs {
  private readonly jobs: SingletonJob[] = [];
  private started = false;
  add(job: SingletonJob): void {
    this.jobs.push(job);
  }
  start(): void {
    this.started = true;
    for (const j of this.jobs) j.start();
  }
  running(): string[] {
    return this.started ? this.jobs.map((j) => j.name) : [];
  }
  async close(): Promise<void> {
    this.started = false;
    for (const j of this.jobs) await j.stop();
  }
}

/**
 * A job's lease lasts five of a table's (3 s by default, renewed every 0.6 s): no job needs to move on
 * within a second (bots' moves follow the tables' leases, not the ladder's), and a process renews its job
 * leases a few times a second only.
 */
export function jobLeaseTimes(tableLeaseMs: number): Pick<LeaseOptions, 'leaseMs' | 'renewMs'> {
  return { leaseMs: tableLeaseMs * 5, renewMs: tableLeaseMs };
}

const leaseKey = (job: SingletonJob) => `job:${job.name}`;

export class SharedJobs implements SingletonJobs {
  private readonly jobs: SingletonJob[] = [];
  /** When each running job's lease runs out. */
  private readonly until = new Map<SingletonJob, number>();
  private timer: NodeJS.Timeout | null = null;
  /** Stops the jobs whose lease is about to run out unrenewed, whatever the tick is waiting on. */
  private readonly watchdog = new LeaseWatchdog(
    this.until,
    () => this.now(),
    (job) => void this.release(job, false),
    false,
  );
  private ticking: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly storage: Storage,
    /** The same owner id as the process's table leases. */
    private readonly owner: string,
    private readonly log: Logger,
    private readonly options: Pick<LeaseOptions, 'leaseMs' | 'renewMs'>,
    private readonly now: () => number = Date.now,
  ) {}

  add(job: SingletonJob): void {
    this.jobs.push(job);
  }

  start(): void {
    const loop = () => {
      this.ticking = this.tick().finally(() => {
        this.ticking = null;
        this.watchdog.arm();
        if (!this.closed) this.timer = setTimeout(loop, this.options.renewMs);
      });
    };
    loop();
  }

  running(): string[] {
    return [...this.until.keys()].map((j) => j.name);
  }

  private async tick(): Promise<void> {
    for (const job of this.jobs) {
      const now = this.now();
      const until = now + this.options.leaseMs;
      let held: boolean;
      try {
        held = await this.storage.claim(leaseKey(job), this.owner, now, until);
      } catch (e) {
        this.log.warn(
          { err: e instanceof Error ? e.message : e, job: job.name },
          'renewing a job lease failed',
        );
        // Unrenewed: the watchdog stops the job before the lease it had runs out.
        continue;
      }
      if (this.closed) return;
      if (held && !this.until.has(job)) {
        this.log.info({ job: job.name, owner: this.owner }, 'singleton job runs here');
        job.start();
      }
      if (held) this.until.set(job, until);
      else await this.release(job, false);
    }
  }

  /** Stops the job if it ran here; gives the lease back when asked (a clean shutdown). */
  private async release(job: SingletonJob, giveBack: boolean): Promise<void> {
    if (this.until.delete(job)) {
      this.log.info({ job: job.name, owner: this.owner }, 'singleton job stopped here');
      await job.stop();
    }
    if (giveBack) await this.storage.release([leaseKey(job)], this.owner);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.watchdog.stop();
    await this.ticking;
    for (const job of this.jobs) await this.release(job, true);
  }
}
