/** A person in quick pairing over real HTTP: a guest session, joining a pool, its entry's event stream. */
import { expect } from 'vitest';
import type { PoolEvent, PoolJoined, TableInfo } from '@attila/protocol';
import { TestClient } from './client.js';
import { Visitor } from './visitor.js';

export async function guest(url: string): Promise<Visitor> {
  const v = new Visitor(url);
  expect((await v.post('/api/me/guest')).status).toBe(201);
  return v;
}

/** The entry's event stream, read as the browser's EventSource would. */
export class Stream {
  readonly events: PoolEvent[] = [];
  private readonly abort = new AbortController();
  private constructor() {}

  static async open(v: Visitor, entry: string): Promise<Stream> {
    const s = new Stream();
    const cookie = [...v.cookies].map(([k, val]) => `${k}=${val}`).join('; ');
    const res = await fetch(`${v.url}/api/pools/entries/${entry}/events`, {
      headers: { cookie },
      signal: s.abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body!) {
          buffer += decoder.decode(chunk as Uint8Array, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            for (const line of block.split('\n'))
              if (line.startsWith('data: ')) s.events.push(JSON.parse(line.slice(6)) as PoolEvent);
          }
        }
      } catch {
        // aborted
      }
    })();
    return s;
  }

  async paired(timeoutMs = 5000): Promise<{ table: string; seat: number }> {
    await expect.poll(() => this.events.at(-1)?.type, { timeout: timeoutMs, interval: 20 }).toBe('paired');
    const e = this.events.at(-1)!;
    if (e.type !== 'paired') throw new Error('not paired');
    return { table: e.table, seat: e.seat };
  }

  close(): void {
    this.abort.abort();
  }
}

export async function join(v: Visitor, body: unknown): Promise<PoolJoined> {
  const r = await v.post<PoolJoined>('/api/pools/join', body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

/** The seat's holder greets the table with the entry's token: the token of the entry is the seat's. */
export async function seatWorks(url: string, table: string, seat: number, token: string): Promise<TableInfo> {
  const client = await TestClient.connect(url);
  client.send({ type: 'hello', table, seat, token });
  const welcome = await client.next('welcome');
  client.socket.close();
  return welcome.table;
}
