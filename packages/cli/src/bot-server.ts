/**
 * The server's bot API as the bridge uses it: newline-delimited JSON streams read line by line (empty lines
 * are heartbeats), and moves posted with the bearer token. Failures become errors that say what went wrong:
 * the server cannot be reached, it refused the token (and why), or a stream ended.
 */
import { err, ok, type Result } from '@attila/core';
import { errorBodySchema, parseWire } from '@attila/protocol';
import { parseHostLine, type HostLine } from '@attila/protocol/bot-lines';

export type BotServerErrorCode = 'server.unreachable' | 'server.refused';

/** What the server answered a move: accepted (the new seq) or refused (the `refused` line). */
export type MoveAnswer =
  | { readonly type: 'accepted'; readonly table: string; readonly seq: number }
  | Extract<HostLine, { type: 'refused' }>;

export interface LineStreamHandle {
  /** Resolves when the stream has ended (the server ended it, the connection broke, or `close`). */
  readonly ended: Promise<void>;
  close(): void;
}

/**
 * The wait before reconnecting attempt `attempt` (0 first): 0.25 s doubling to at most 15 s, so a server
 * restarting is found again within seconds and a server down for long is not hammered.
 */
export function backoffMs(attempt: number): number {
  return Math.min(15_000, 250 * 2 ** Math.min(attempt, 6));
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class BotServer {
  constructor(
    readonly url: string,
    private readonly token: string,
  ) {}

  private headers(json = false): Record<string, string> {
    return {
      authorization: `Bearer ${this.token}`,
      ...(json ? { 'content-type': 'application/json' } : {}),
    };
  }

  private unreachable(e: unknown): Result<never, BotServerErrorCode> {
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (e as Error).message;
    return err('server.unreachable', `cannot reach the server at ${this.url} (${why})`);
  }

  /** Opens `path` and hands every line to `onLine`; a refusal (401, 403, 404, ...) is told with its reason. */
  async stream(
    path: string,
    onLine: (line: HostLine) => void,
  ): Promise<Result<LineStreamHandle, BotServerErrorCode>> {
    const abort = new AbortController();
    let res: Response;
    try {
      res = await fetch(this.url + path, { headers: this.headers(), signal: abort.signal });
    } catch (e) {
      return this.unreachable(e);
    }
    if (res.status !== 200 || !res.body) {
      const text = await res.text().catch(() => '');
      let reason = text.slice(0, 300);
      // The server's error shape is shown as code and message; anything else as it came.
      const refusal = parseWire(errorBodySchema, text, 'refusal');
      if (refusal.ok) reason = `${refusal.value.error.code}: ${refusal.value.error.message}`;
      return err('server.refused', `the server refused ${path} (status ${res.status}): ${reason}`);
    }
    const body = res.body;
    const ended = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let nl: number;
          while ((nl = buffer.indexOf('\n')) >= 0) {
            const text = buffer.slice(0, nl).trim();
            buffer = buffer.slice(nl + 1);
            if (text === '') continue;
            // A line that does not parse ends the stream, as a broken connection does.
            const line = parseHostLine(text);
            if (!line.ok) throw new Error(line.error.message);
            onLine(line.value);
          }
        }
      } catch {
        // The connection broke, or close() aborted it: the stream has ended either way.
      }
    })();
    return ok({ ended, close: () => abort.abort() });
  }

  async move(table: string, seq: number, move: string): Promise<Result<MoveAnswer, BotServerErrorCode>> {
    let res: Response;
    try {
      res = await fetch(`${this.url}/api/bot/game/${encodeURIComponent(table)}/move`, {
        method: 'POST',
        headers: this.headers(true),
        body: JSON.stringify({ seq, move }),
      });
    } catch (e) {
      return this.unreachable(e);
    }
    const body = (await res.json().catch(() => null)) as {
      type?: string;
      error?: { code: string; message: string };
    } | null;
    if (body?.type === 'accepted' || body?.type === 'refused') return ok(body as MoveAnswer);
    const reason = body?.error ? `${body.error.code}: ${body.error.message}` : `status ${res.status}`;
    return err('server.refused', `the server refused the move ${move} at table ${table} (${reason})`);
  }

  /** A POST of the bot API (an action at a table, a challenge's answer): the answer's body, or why not. */
  async post(path: string, body: unknown): Promise<Result<unknown, BotServerErrorCode>> {
    let res: Response;
    try {
      res = await fetch(this.url + path, {
        method: 'POST',
        headers: this.headers(true),
        body: JSON.stringify(body),
      });
    } catch (e) {
      return this.unreachable(e);
    }
    const answer = (await res.json().catch(() => null)) as {
      error?: { code: string; message: string };
    } | null;
    if (res.status === 200 || res.status === 201) return ok(answer);
    const reason = answer?.error ? `${answer.error.code}: ${answer.error.message}` : `status ${res.status}`;
    return err('server.refused', `the server refused ${path} (${reason})`);
  }

  /** `resign`, `abort`, `chat`, `takeback-answer`, `reclaim`, ... for the account's seat at `table`. */
  action(table: string, action: string, body: unknown = {}): Promise<Result<unknown, BotServerErrorCode>> {
    return this.post(`/api/bot/game/${encodeURIComponent(table)}/${action}`, body);
  }

  /** A table made by the bot account (it sits at `seat`): its id, or why not. */
  async createTable(request: unknown): Promise<Result<string, BotServerErrorCode>> {
    let res: Response;
    try {
      res = await fetch(`${this.url}/api/tables`, {
        method: 'POST',
        headers: this.headers(true),
        body: JSON.stringify(request),
      });
    } catch (e) {
      return this.unreachable(e);
    }
    const body = (await res.json().catch(() => null)) as {
      table?: { id: string };
      error?: { code: string; message: string };
    } | null;
    if (res.status === 201 && body?.table) return ok(body.table.id);
    const reason = body?.error ? `${body.error.code}: ${body.error.message}` : `status ${res.status}`;
    return err('server.refused', `the server refused to make a table (${reason})`);
  }

  /** Whether a table is still open (waiting for players), or why it cannot be told. */
  async tableStatus(id: string): Promise<Result<string, BotServerErrorCode>> {
    let res: Response;
    try {
      res = await fetch(`${this.url}/api/tables/${encodeURIComponent(id)}`);
    } catch (e) {
      return this.unreachable(e);
    }
    const body = (await res.json().catch(() => null)) as { table?: { status: string } } | null;
    return body?.table ? ok(body.table.status) : err('server.refused', `table ${id}: status ${res.status}`);
  }
}
