/**
 * A small client of the bot API for tests, over real HTTP: a bot account made as a person would (a guest,
 * claimed, turned into a bot, a token made), bearer requests, and newline-delimited JSON streams read line
 * by line (heartbeats, empty lines, skipped).
 */
import { Rng } from '@attila/core';
import type { HostLine } from '@attila/protocol/bot-lines';
import { Visitor } from './visitor.js';

export interface BotAccount {
  readonly visitor: Visitor;
  readonly name: string;
  readonly token: string;
}

/** A new bot account named `name` with one token of `scopes`. */
export async function newBotAccount(url: string, name: string, scopes = ['play']): Promise<BotAccount> {
  const visitor = new Visitor(url);
  await visitor.post('/api/me/guest');
  const claimed = await visitor.post('/api/account/claim', { name, password: 'a long bot password' });
  if (claimed.status !== 200) throw new Error(`claim ${name}: ${JSON.stringify(claimed.body)}`);
  const bot = await visitor.post('/api/me/bot');
  if (bot.status !== 200) throw new Error(`bot ${name}: ${JSON.stringify(bot.body)}`);
  const made = await visitor.post<{ token: string }>('/api/me/tokens', { label: 'test', scopes });
  if (made.status !== 201) throw new Error(`token ${name}: ${JSON.stringify(made.body)}`);
  return { visitor, name, token: made.body.token };
}

export interface BearerAnswer<T> {
  readonly status: number;
  readonly body: T;
}

/** A request with `Authorization: Bearer token` (no cookie, no CSRF header). */
export async function bearer<T = Record<string, unknown>>(
  url: string,
  token: string | null,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<BearerAnswer<T>> {
  const headers: Record<string, string> = {};
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url + path, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** An open NDJSON stream: its lines one by one. */
export class LineReader {
  private buffer = '';
  private readonly lines: HostLine[] = [];
  private waiting: ((line: HostLine | null) => void) | null = null;
  private done = false;
  /** Empty lines (heartbeats) seen. */
  heartbeats = 0;

  private constructor(
    private readonly abort: AbortController,
    readonly status: number,
    readonly contentType: string | null,
  ) {}

  static async open(url: string, token: string, path: string): Promise<LineReader> {
    const abort = new AbortController();
    const res = await fetch(url + path, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    });
    const reader = new LineReader(abort, res.status, res.headers.get('content-type'));
    void reader.pump(res);
    return reader;
  }

  private async pump(res: Response): Promise<void> {
    try {
      const decoder = new TextDecoder();
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        this.buffer += decoder.decode(chunk, { stream: true });
        let nl: number;
        while ((nl = this.buffer.indexOf('\n')) >= 0) {
          const text = this.buffer.slice(0, nl);
          this.buffer = this.buffer.slice(nl + 1);
          if (text.trim() === '') this.heartbeats++;
          else this.push(JSON.parse(text) as HostLine);
        }
      }
    } catch {
      // Aborted by close().
    }
    this.done = true;
    this.waiting?.(null);
    this.waiting = null;
  }

  private push(line: HostLine): void {
    if (this.waiting) {
      const w = this.waiting;
      this.waiting = null;
      w(line);
    } else this.lines.push(line);
  }

  /** The next line, or null once the stream has ended. */
  next(timeoutMs = 30_000): Promise<HostLine | null> {
    const queued = this.lines.shift();
    if (queued) return Promise.resolve(queued);
    if (this.done) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no line within ${timeoutMs} ms`)), timeoutMs);
      this.waiting = (line) => {
        clearTimeout(timer);
        resolve(line);
      };
    });
  }

  close(): void {
    this.abort.abort();
  }
}

/**
 * Plays the account's seat(s) of one game through the API to its end: each `turn` answered with a seeded
 * random legal move. Returns every line the game stream sent.
 */
export async function playThroughApi(
  url: string,
  token: string,
  table: string,
  seed = 'api',
): Promise<HostLine[]> {
  const rng = Rng.fromSeed(seed);
  const stream = await LineReader.open(url, token, `/api/bot/game/${table}/stream`);
  if (stream.status !== 200) throw new Error(`game stream: status ${stream.status}`);
  const lines: HostLine[] = [];
  for (;;) {
    const line = await stream.next();
    if (line === null) return lines;
    lines.push(line);
    if (line.type === 'end') {
      stream.close();
      return lines;
    }
    if (line.type !== 'turn') continue;
    const move = line.legal[rng.int(line.legal.length)];
    const r = await bearer(url, token, 'POST', `/api/bot/game/${table}/move`, { seq: line.seq, move });
    if (r.status !== 200) throw new Error(`move ${move} at ${line.seq}: ${JSON.stringify(r.body)}`);
  }
}
