/**
 * Bots think in worker threads so a long search never stalls the server's event loop. A table always goes
 * to the same worker, which keeps its game state and only replays the moves it has not seen.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { GameName } from '@attila/protocol';
import type { BotRequest, BotRunner } from './types.js';
import type { WorkerAnswer, WorkerQuestion } from './worker.js';

interface Pending {
  resolve(move: string): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export interface BotPoolOptions {
  /** Threads (default: cores - 1, at least 1, at most 4). */
  readonly threads?: number;
  /** A bot that takes longer than this fails (its seat then plays its first legal move). */
  readonly timeoutMs?: number;
  /** The bot names per game (what the workers can run). */
  readonly catalog: Readonly<Partial<Record<GameName, readonly string[]>>>;
  /** URL of the module (exporting `botModule`) the bot threads load. */
  readonly botModule: string;
}

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class BotPool implements BotRunner {
  private readonly workers: (Worker | null)[];
  private readonly pending = new Map<number, Pending & { worker: number }>();
  private nextId = 1;
  private closing = false;
  private readonly timeoutMs: number;

  constructor(private readonly options: BotPoolOptions) {
    const threads = options.threads ?? Math.min(4, Math.max(1, availableParallelism() - 1));
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.workers = Array.from({ length: threads }, () => null);
  }

  available(game: GameName): readonly string[] {
    return this.options.catalog[game] ?? [];
  }

  private worker(index: number): Worker {
    const existing = this.workers[index];
    if (existing) return existing;
    const worker = new Worker(new URL('./worker-boot.js', import.meta.url), {
      workerData: { entry: new URL('./worker.ts', import.meta.url).href, botModule: this.options.botModule },
    });
    worker.unref();
    worker.on('message', (answer: WorkerAnswer) => {
      const p = this.pending.get(answer.id);
      if (!p) return;
      this.pending.delete(answer.id);
      clearTimeout(p.timer);
      if ('move' in answer) p.resolve(answer.move);
      else p.reject(new Error(answer.error));
    });
    const fail = (why: string) => {
      if (this.workers[index] !== worker) return;
      this.workers[index] = null;
      for (const [id, p] of this.pending) {
        if (p.worker !== index) continue;
        this.pending.delete(id);
        clearTimeout(p.timer);
        p.reject(new Error(`bot worker stopped: ${why}`));
      }
    };
    worker.on('error', (e) => fail(e.message));
    worker.on('exit', (code) => fail(`exit code ${code}`));
    this.workers[index] = worker;
    return worker;
  }

  choose(request: BotRequest): Promise<string> {
    if (this.closing) return Promise.reject(new Error('the bot pool is closed'));
    const index = hash(request.table) % this.workers.length;
    const worker = this.worker(index);
    const id = this.nextId++;
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`bot ${request.bot} took more than ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.pending.set(id, { resolve, reject, timer, worker: index });
      const question: WorkerQuestion = { id, ...request, moves: [...request.moves] };
      worker.postMessage(question);
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(new Error('the bot pool is closed'));
    }
    this.pending.clear();
    await Promise.all(this.workers.map((w) => w?.terminate()));
    this.workers.fill(null);
  }
}
