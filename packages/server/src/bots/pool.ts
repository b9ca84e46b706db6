/**
 * Bots think in worker threads so a long search never stalls the server's event loop. A table always goes
 * to the same worker, which keeps its game state and only replays the moves it has not seen.
 *
 * Games with a person and bots-only games think in separate worker threads, so the operating system shares
 * the cores between them: a person's bot never waits behind bots-only searches, however many or long.
 * Each worker is given one question at a time, in the order asked (a person's game first should a lane
 * ever hold both).
 * An answer is never handed back sooner than the game's minimum think time after the question was asked,
 * so that how fast a bot answers tells nothing about what it holds (a forced move waits like a choice).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { GameKind } from '@attila/protocol';
import type { BotRequest, BotRunner } from './types.js';
import type { WorkerAnswer, WorkerQuestion } from './worker.js';
import { PriorityQueues, type Priority } from './priority.js';
import { releaseAt, THINK_SPREAD_MS } from './think-time.js';
import { compiledEntry, threadScript } from '../threads.js';

interface Question {
  readonly id: number;
  readonly request: BotRequest;
  readonly askedAt: number;
  resolve(move: string): void;
  reject(error: Error): void;
}

interface Lane {
  worker: Worker | null;
  readonly queue: PriorityQueues<Question>;
  /** The question this worker is thinking about, with its time-out. */
  current: { question: Question; timer: NodeJS.Timeout } | null;
}

export interface BotPoolOptions {
  /** Threads for games with a person (default: cores - 1, at least 1, at most 4). */
  readonly threads?: number;
  /** Threads for bots-only games (default 1), apart from those above. */
  readonly botsOnlyThreads?: number;
  /** A bot that thinks longer than this fails (its seat then plays its first legal move). */
  readonly timeoutMs?: number;
  /** The bot names per game (what the workers can run). */
  readonly catalog: Readonly<Partial<Record<GameKind, readonly string[]>>>;
  /** URL of the module (exporting `botModule`) the bot threads load. */
  readonly botModule: string;
  /** Whether a table's question comes before bots-only games' (default: all alike). */
  readonly priority?: (table: string) => Priority;
  /**
   * Per game, the least time from question to answer (default none). For games with hidden information,
   * so that the answer's timing does not depend on it.
   */
  readonly minThinkMs?: Readonly<Partial<Record<GameKind, number>>>;
  /** Up to this much more, at random (default `THINK_SPREAD_MS`), where a minimum applies. */
  readonly thinkSpreadMs?: number;
  readonly now?: () => number;
}

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class BotPool implements BotRunner {
  private readonly lanes: Lane[];
  /** Lanes for games with a person, and for bots-only games. */
  private readonly byPriority: Record<Priority, Lane[]>;
  private nextId = 1;
  private closing = false;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  /** Answers ready but held back until their minimum think time. */
  private readonly holds = new Map<NodeJS.Timeout, Question>();

  constructor(private readonly options: BotPoolOptions) {
    const threads = options.threads ?? Math.min(4, Math.max(1, availableParallelism() - 1));
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.now = options.now ?? (() => performance.now());
    const lanes = (n: number): Lane[] =>
      Array.from({ length: Math.max(1, n) }, () => ({
        worker: null,
        queue: new PriorityQueues<Question>(),
        current: null,
      }));
    this.byPriority = { person: lanes(threads), bots: lanes(options.botsOnlyThreads ?? 1) };
    this.lanes = [...this.byPriority.person, ...this.byPriority.bots];
  }

  available(game: GameKind): readonly string[] {
    return this.options.catalog[game] ?? [];
  }

  /** Questions waiting (not yet being thought about), by priority. */
  get waiting(): Record<Priority, number> {
    const out: Record<Priority, number> = { person: 0, bots: 0 };
    for (const lane of this.lanes) {
      out.person += lane.queue.size('person');
      out.bots += lane.queue.size('bots');
    }
    return out;
  }

  /** The module the threads load: the bundle's copy of the default bots when running compiled. */
  private get botModule(): string {
    const isDefault = this.options.botModule === new URL('./default-bots.ts', import.meta.url).href;
    return (isDefault && compiledEntry('bot-module')?.href) || this.options.botModule;
  }

  private worker(lane: Lane): Worker {
    if (lane.worker) return lane.worker;
    const { script, workerData } = threadScript('bot-worker', new URL('./worker.ts', import.meta.url));
    const worker = new Worker(script, { workerData: { ...workerData, botModule: this.botModule } });
    worker.unref();
    worker.on('message', (answer: WorkerAnswer) => {
      const current = lane.current;
      if (!current || current.question.id !== answer.id) return;
      clearTimeout(current.timer);
      lane.current = null;
      if ('move' in answer) this.answer(current.question, answer.move);
      else current.question.reject(new Error(answer.error));
      this.dispatch(lane);
    });
    const fail = (why: string) => {
      if (lane.worker !== worker) return;
      lane.worker = null;
      const current = lane.current;
      lane.current = null;
      if (current) {
        clearTimeout(current.timer);
        current.question.reject(new Error(`bot worker stopped: ${why}`));
      }
      // The questions still waiting go to a fresh worker.
      this.dispatch(lane);
    };
    worker.on('error', (e) => fail(e.message));
    worker.on('exit', (code) => fail(`exit code ${code}`));
    lane.worker = worker;
    return worker;
  }

  /** Hands the answer back, but not before the game's minimum think time. */
  private answer(question: Question, move: string): void {
    const min = this.options.minThinkMs?.[question.request.game] ?? 0;
    const spread = this.options.thinkSpreadMs ?? THINK_SPREAD_MS;
    // Timing is no part of a game's record: any random source will do.
    const wait = Math.ceil(releaseAt(question.askedAt, min, spread, Math.random()) - this.now());
    if (wait <= 0) return question.resolve(move);
    const hold = setTimeout(() => {
      this.holds.delete(hold);
      question.resolve(move);
    }, wait);
    this.holds.set(hold, question);
  }

  /** Gives an idle worker its next question: a person's game first. */
  private dispatch(lane: Lane): void {
    if (this.closing || lane.current) return;
    const question = lane.queue.take();
    if (!question) return;
    const worker = this.worker(lane);
    const timer = setTimeout(() => {
      if (lane.current?.question !== question) return;
      // The worker is stuck in a search: end it (a fresh one takes the queue) and fail this question.
      lane.current = null;
      question.reject(new Error(`bot ${question.request.bot} took more than ${this.timeoutMs} ms`));
      const stuck = lane.worker;
      lane.worker = null;
      void stuck?.terminate();
      this.dispatch(lane);
    }, this.timeoutMs);
    lane.current = { question, timer };
    const message: WorkerQuestion = {
      id: question.id,
      ...question.request,
      moves: [...question.request.moves],
    };
    worker.postMessage(message);
  }

  choose(request: BotRequest): Promise<string> {
    if (this.closing) return Promise.reject(new Error('the bot pool is closed'));
    const priority = this.options.priority?.(request.table) ?? 'person';
    const lanes = this.byPriority[priority];
    const lane = lanes[hash(request.table) % lanes.length];
    return new Promise<string>((resolve, reject) => {
      lane.queue.add(priority, { id: this.nextId++, request, askedAt: this.now(), resolve, reject });
      this.dispatch(lane);
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    const closed = new Error('the bot pool is closed');
    for (const [hold, question] of this.holds) {
      clearTimeout(hold);
      question.reject(closed);
    }
    this.holds.clear();
    for (const lane of this.lanes) {
      if (lane.current) {
        clearTimeout(lane.current.timer);
        lane.current.question.reject(closed);
        lane.current = null;
      }
      for (const q of lane.queue.drain()) q.reject(closed);
    }
    await Promise.all(this.lanes.map((l) => l.worker?.terminate()));
    for (const lane of this.lanes) lane.worker = null;
  }
}
