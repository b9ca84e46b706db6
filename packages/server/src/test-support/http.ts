/** Small helpers for talking to a test server over HTTP. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function post<T = Record<string, unknown>>(
  url: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

export async function get<T = Record<string, unknown>>(
  url: string,
  path: string,
): Promise<{ status: number; body: T }> {
  const res = await fetch(url + path);
  const text = await res.text();
  return { status: res.status, body: (text.startsWith('{') ? JSON.parse(text) : text) as T };
}

export function tempDb(): string {
  return join(mkdtempSync(join(tmpdir(), 'attila-server-')), 'test.db');
}
