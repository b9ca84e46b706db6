/**
 * An account driven through the server's HTTP and WebSocket API, not a browser: for the browser tests that
 * need more players than a busy 2-core machine can run Chromium pages for (an event of nine). It signs up
 * as the web app does (a guest, then a claimed account; its session cookie, the CSRF header), joins an
 * event, and plays each game the event gives it with random legal moves from its seat's own view (the
 * moves the server lists for that seat), sat with the seat token the event derived for its account.
 */
import WebSocket from 'ws';
import { Rng } from '@attila/core';
import type { ServerMessage, Snapshot } from '@attila/protocol';
import type { EventView } from '@attila/protocol/events';

export class ApiPlayer {
  private readonly cookies = new Map<string, string>();
  /** The tables it played to their end. */
  readonly played: string[] = [];

  private constructor(
    readonly url: string,
    readonly name: string,
  ) {}

  /** A new account of `name` (a guest claimed with a password), as the account screen makes one. */
  static async signUp(url: string, name: string): Promise<ApiPlayer> {
    const p = new ApiPlayer(url, name);
    await p.send('POST', '/api/me/guest', {});
    await p.send('POST', '/api/account/claim', { name, password: 'a good long password' });
    return p;
  }

  async send<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    if (method === 'POST') {
      headers['x-attila-csrf'] = '1';
      headers.origin = new URL(this.url).origin;
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(this.url + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`${this.name}: ${method} ${path} answered ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  event(id: string): Promise<EventView> {
    return this.send<{ event: EventView }>('GET', `/api/events/${id}`).then((r) => r.event);
  }

  async join(id: string): Promise<void> {
    await this.send('POST', `/api/events/${id}/join`, {});
  }

  /**
   * Plays every game the event seats it at, until the event is over (or `stopped()`); resolves with the
   * tables it played.
   */
  async playEvent(id: string, seed: string, stopped: () => boolean): Promise<string[]> {
    const rng = Rng.fromSeed(seed);
    for (;;) {
      if (stopped()) return this.played;
      const view = await this.event(id);
      if (view.status === 'finished') return this.played;
      const you = view.you;
      if (you?.table && you.token && you.seat !== null && !this.played.includes(you.table)) {
        await playOut(this.url, you.table, you.seat, you.token, rng);
        this.played.push(you.table);
      } else await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** Sits at `table` with the seat's token and moves at random whenever that seat is to act, to the end. */
function playOut(url: string, table: string, seat: number, token: string, rng: Rng): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url.replace(/^http/, 'ws') + '/ws');
    let latest: Snapshot | null = null;
    let sentAt = -1;
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`the game at ${table} did not end in 150 s (seq ${latest?.seq})`));
    }, 150_000);
    const step = () => {
      if (!latest) return;
      if (latest.result !== null) {
        clearTimeout(timer);
        socket.close();
        return resolve();
      }
      if (!latest.toAct.includes(seat) || sentAt === latest.seq || latest.legalMoves.length === 0) return;
      sentAt = latest.seq;
      socket.send(JSON.stringify({ type: 'move', seq: latest.seq, move: rng.pick(latest.legalMoves) }));
    };
    socket.on('open', () => socket.send(JSON.stringify({ type: 'hello', table, seat, token })));
    socket.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString()) as ServerMessage;
      if ((m.type === 'welcome' || m.type === 'update' || m.type === 'table') && m.snapshot) {
        if (!latest || m.snapshot.seq >= latest.seq) latest = m.snapshot;
      } else if (m.type === 'error' && m.code === 'rate.limited') {
        // A random mover outpaces the per-socket limit a person never reaches: send again once it refills.
        sentAt = -1;
        setTimeout(step, 300);
        return;
      }
      setImmediate(step);
    });
    socket.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}
