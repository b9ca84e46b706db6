/**
 * The operator's metrics in Prometheus's text format (prom-client): moves per game, games started and
 * finished, open sockets, bot think times, storage write and broadcast latency, refusals by code, and the
 * process's own (CPU, memory, event-loop lag). Every series carries a `process` label, so the processes of
 * one community (PostgreSQL + Redis) can be told apart and summed. Off unless `attila serve` is given a
 * token (ops/metrics-route.ts serves it).
 *
 * The hot path only increments: each labelled child is made once (per game, per code) and kept.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Observer } from './observer.js';

/** Latency buckets in seconds: a write or a publish is well under a millisecond to a second. */
const FAST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** A bot thinks from a millisecond (random) to its time-out (30 s by default). */
const THINK_BUCKETS = [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** Read when scraped, not counted on the hot path. */
export interface Gauges {
  readonly sockets: () => number;
  readonly tablesInMemory: () => number;
  readonly tablesDriven: () => number;
}

export class PrometheusMetrics implements Observer {
  readonly registry = new Registry();
  private readonly moves: Counter<'game' | 'by'>;
  private readonly started: Counter<'game'>;
  private readonly finished: Counter<'game'>;
  private readonly refusals: Counter<'code'>;
  private readonly write: Histogram;
  private readonly publish: Histogram;
  private readonly think: Histogram<'game'>;
  /** The labelled children, made once each (a Map lookup per call, no allocation). */
  private readonly children = new Map<string, { inc(): void }>();
  private readonly thinkers = new Map<string, { observe(v: number): void }>();

  constructor(processName: string, gauges: Gauges) {
    const registers = [this.registry];
    this.registry.setDefaultLabels({ process: processName });
    collectDefaultMetrics({ register: this.registry, prefix: 'attila_' });
    this.moves = new Counter({
      name: 'attila_moves_total',
      help: 'Moves stored, by game and by who made them (person or bot)',
      labelNames: ['game', 'by'],
      registers,
    });
    this.started = new Counter({
      name: 'attila_games_started_total',
      help: 'Games that started (every seat taken)',
      labelNames: ['game'],
      registers,
    });
    this.finished = new Counter({
      name: 'attila_games_finished_total',
      help: 'Games that ended (a result, an abort, a timeout)',
      labelNames: ['game'],
      registers,
    });
    this.refusals = new Counter({
      name: 'attila_refusals_total',
      help: 'Commands and requests refused, by error code',
      labelNames: ['code'],
      registers,
    });
    this.write = new Histogram({
      name: 'attila_storage_write_seconds',
      help: 'Time to store one change of a game (one transaction)',
      buckets: FAST_BUCKETS,
      registers,
    });
    this.publish = new Histogram({
      name: 'attila_broadcast_seconds',
      help: "Time to publish one change: each audience's message prepared and handed to the broadcast",
      buckets: FAST_BUCKETS,
      registers,
    });
    this.think = new Histogram({
      name: 'attila_bot_think_seconds',
      help: 'Time from asking a bot for a move to its answer (or failure)',
      labelNames: ['game'],
      buckets: THINK_BUCKETS,
      registers,
    });
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    gauge('attila_open_sockets', 'WebSocket connections open on this process', gauges.sockets);
    gauge('attila_tables_in_memory', 'Tables this process holds in memory', gauges.tablesInMemory);
    gauge('attila_tables_driven', 'Tables whose clock and bots this process drives', gauges.tablesDriven);
  }

  changed(game: string, kind: string, before: string, after: string, byBot: boolean): void {
    if (kind === 'move') this.child(this.moves, byBot ? 'bot' : 'person', game).inc();
    if (before === after) return;
    if (after === 'playing') this.child(this.started, 'started', game).inc();
    else if (after === 'finished' && before === 'playing') this.child(this.finished, 'finished', game).inc();
  }

  storageWrite(seconds: number): void {
    this.write.observe(seconds);
  }

  broadcast(seconds: number): void {
    this.publish.observe(seconds);
  }

  refused(code: string): void {
    this.child(this.refusals, 'refused', code).inc();
  }

  botThought(game: string, seconds: number): void {
    let h = this.thinkers.get(game);
    if (!h) {
      h = this.think.labels(game);
      this.thinkers.set(game, h);
    }
    h.observe(seconds);
  }

  /** The text Prometheus scrapes. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /**
   * The counter's child for these labels, made on first use. `by` is the second label of moves (person or
   * bot) and otherwise only names the counter in the key.
   */
  private child(counter: Counter<string>, by: string, value: string): { inc(): void } {
    const key = `${by}\u0000${value}`;
    let c = this.children.get(key);
    if (!c) {
      c = counter === this.moves ? this.moves.labels(value, by) : counter.labels(value);
      this.children.set(key, c);
    }
    return c;
  }
}
