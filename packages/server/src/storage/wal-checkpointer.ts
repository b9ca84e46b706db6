/**
 * The WAL's checkpoints away from the event loop. SQLite's automatic checkpoint runs inside the commit that
 * takes the WAL past 1,000 pages: it copies the WAL into the database file and syncs both, 8–11 ms on this
 * project's 2-core machine during which the event loop stands still — every ~400 commits, so at 3,000 moves
 * a second a stall every fraction of a second, which is what the tail latency of moves was made of. Here a
 * worker thread with its own connection checkpoints in PASSIVE mode (it never waits for a writer nor blocks
 * one) a few times a second; the main connection's automatic checkpoint stays as a backstop at a larger
 * size, should the worker fail. The worker starts only once the store has committed a while (a test's
 * short-lived server never starts one).
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The main connection's own checkpoint, once the WAL holds this many pages (64 MB): the backstop. */
export const BACKSTOP_PAGES = 16_000;

/** Commits before the worker starts. */
const START_AFTER_COMMITS = 200;

// Plain JavaScript run as a worker's `eval` script (CommonJS): nothing of the project's code is needed.
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
db.pragma('synchronous = ' + workerData.synchronous);
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (e) {
    parentPort.postMessage(String(e && e.message ? e.message : e));
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface CheckpointerOptions {
  readonly file: string;
  readonly synchronous: 'NORMAL' | 'FULL';
  readonly everyMs?: number;
  /** Told of a checkpoint that failed (the backstop still bounds the WAL). */
  readonly onError?: (message: string) => void;
}

export class WalCheckpointer {
  private worker: Worker | null = null;
  private commits = 0;
  private closed = false;

  constructor(private readonly options: CheckpointerOptions) {}

  /** Whether the worker runs (tests). */
  get running(): boolean {
    return this.worker !== null;
  }

  /** Called after each commit of the main connection: starts the worker once the store is in use. */
  committed(): void {
    if (this.worker || this.closed || ++this.commits < START_AFTER_COMMITS) return;
    this.start();
  }

  /** Starts the worker now. */
  start(): void {
    if (this.worker || this.closed) return;
    const { file, synchronous, everyMs = 250, onError } = this.options;
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file, synchronous, everyMs, driver },
    });
    worker.unref();
    worker.on('message', (message: string) => onError?.(message));
    worker.on('error', (e) => onError?.(e.message));
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
    });
    this.worker = worker;
  }

  /** Stops the worker and waits until its connection is closed (before the main connection closes). */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('close');
    await exited;
    this.worker = null;
  }
}
