/**
 * The load script's clients (load.ts): N games between random-move clients over real WebSockets, each game
 * created and joined over HTTP and replaced by a new one when it ends. They run in the load script's own
 * thread, or (`--client-threads K`) split over K worker threads (load-client-thread.ts): one event loop reading
 * 600 sockets and parsing every update is itself late, and a move's latency includes the time its update
 * waited there.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { Rng } from '@attila/core';
import type { CreateTableResponse, SeatGrant, ServerMessage, Snapshot } from '@attila/protocol';

export interface ClientSettings {
  readonly urls: readonly string[];
  readonly game: 'knights' | 'tribes';
  readonly players: number;
  readonly thinkMs: number;
  readonly seed: string;
  /** Several processes: game i seats its first player on `urls[(first + i * step) % n]`, the next one on. */
  readonly first: number;
  readonly step: number;
}

/** What the clients saw while measuring. */
export interface ClientFigures {
  readonly latencies: number[];
  readonly moves: number;
  readonly errors: number;
  readonly gamesFinished: number;
  readonly sends: number;
  readonly updatesSeen: number;
  /** How late this thread's event loop ran a 5 ms timer (ms). */
  readonly late: { readonly p50: number; readonly p99: number; readonly max: number };
}

async function postJson<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const LOOP_RESOLUTION_MS = 5;

export class LoadClients {
  private readonly rng: Rng;
  private measuring = false;
  private stopped = false;
  private nextGame = 0;
  private latencies: number[] = [];
  private moves = 0;
  private errors = 0;
  private gamesFinished = 0;
  private sends = 0;
  private updatesSeen = 0;
  private readonly loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });

  constructor(private readonly settings: ClientSettings) {
    this.rng = Rng.fromSeed(settings.seed);
  }

  /** Starts `games` games, 20 at a time; each is replaced by a new one when it ends. */
  async start(games: number, progress?: (started: number) => void): Promise<void> {
    for (let i = 0; i < games; i += 20) {
      await Promise.all(Array.from({ length: Math.min(20, games - i) }, () => this.runGame()));
      progress?.(Math.min(games, i + 20));
    }
  }

  measure(): void {
    this.loop.reset();
    this.loop.enable();
    this.measuring = true;
  }

  /** Stops measuring (the games go on until `stop`). */
  figures(): ClientFigures {
    this.measuring = false;
    this.loop.disable();
    const late = (ns: number) => +Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS).toFixed(1);
    return {
      latencies: this.latencies,
      moves: this.moves,
      errors: this.errors,
      gamesFinished: this.gamesFinished,
      sends: this.sends,
      updatesSeen: this.updatesSeen,
      late: {
        p50: late(this.loop.percentile(50)),
        p99: late(this.loop.percentile(99)),
        max: late(this.loop.max),
      },
    };
  }

  /** No new games from now on (the servers refuse them as they close: not an error of the run). */
  stop(): void {
    this.stopped = true;
  }

  private async runGame(): Promise<void> {
    const { urls, game, players, first, step } = this.settings;
    const base = first + this.nextGame++ * step;
    const urlOf = (seat: number) => urls[(base + seat) % urls.length];
    const created = await postJson<CreateTableResponse>(`${urlOf(0)}/api/tables`, {
      game,
      settings: game === 'tribes' ? { players } : {},
      seats: Array.from({ length: players }, () => ({ type: 'human' })),
      name: 'R',
      listed: false,
    });
    const tokens = [created.token as string];
    for (let i = 1; i < players; i++) {
      const joined = await postJson<SeatGrant>(`${urlOf(i)}/api/tables/${created.table.id}/join`, {
        name: `H${i}`,
      });
      tokens[joined.seat] = joined.token;
    }
    const over = () => {
      this.gamesFinished++;
      if (!this.stopped)
        this.runGame().catch((e: unknown) => {
          if (!this.stopped) throw e;
        });
    };
    for (let seat = 0; seat < players; seat++) {
      await this.seatClient(
        urlOf(seat),
        created.table.id,
        seat,
        tokens[seat],
        seat === 0 ? over : () => undefined,
      );
    }
  }

  /**
   * One seat's client: moves at random whenever it is to act, and times each move until its update (the
   * first update of its own seat after the move was sent). A Tribes seat waits for its move's update before
   * it moves again (in a simultaneous phase other seats' updates keep it to act meanwhile).
   */
  private seatClient(
    url: string,
    table: string,
    seat: number,
    token: string,
    onOver: () => void,
  ): Promise<WebSocket> {
    const { game, thinkMs } = this.settings;
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url.replace('http', 'ws') + '/ws');
      let pending: { seq: number; at: number } | null = null;
      let finished = false;
      let latest: Snapshot | null = null;
      const maybeMove = (snap: Snapshot) => {
        if (!snap.toAct.includes(seat) || !snap.legalMoves.length) return;
        if (pending && (game === 'tribes' || pending.seq >= snap.seq)) return;
        const move = JSON.stringify({ type: 'move', seq: snap.seq, move: this.rng.pick(snap.legalMoves) });
        const send = () => {
          if (ws.readyState !== ws.OPEN) return;
          pending = { seq: snap.seq, at: performance.now() };
          if (this.measuring) this.sends++;
          ws.send(move);
        };
        // Marked pending at once so that a repeated view of the same position does not send twice.
        pending = { seq: snap.seq, at: performance.now() };
        if (thinkMs > 0) setTimeout(send, -thinkMs * Math.log(1 - this.rng.nextFloat()));
        else send();
      };
      ws.on('open', () => {
        ws.send(JSON.stringify({ type: 'hello', table, seat, token }));
        resolve(ws);
      });
      ws.on('error', reject);
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString()) as ServerMessage;
        if (m.type === 'error') {
          this.errors++;
          // Refused (stale in a simultaneous phase, say): decide again on what is known.
          pending = null;
          if (latest && !latest.result) maybeMove(latest);
          return;
        }
        if (m.type !== 'welcome' && m.type !== 'update' && m.type !== 'table') return;
        const snap = m.snapshot;
        if (!snap) return;
        latest = snap;
        if (this.measuring && m.type === 'update') this.updatesSeen++;
        if (m.type === 'update' && pending && m.seq > pending.seq && m.seat === seat) {
          if (this.measuring) {
            this.latencies.push(performance.now() - pending.at);
            this.moves++;
          }
          pending = null;
        }
        if (snap.result) {
          if (!finished) {
            finished = true;
            ws.close();
            if (seat === 0) onOver();
          }
          return;
        }
        maybeMove(snap);
      });
    });
  }
}
