/** A challenge's players as tests drive them: accounts (challenges name their players) and their sockets. */
import WebSocket from 'ws';
import { expect } from 'vitest';
import type { ChallengeMessage, ChallengeView } from '@attila/protocol/challenges';
import { Visitor } from './visitor.js';

/** A guest that claimed the account `name`. */
export async function account(url: string, name: string): Promise<Visitor & { name: string }> {
  const v = new Visitor(url);
  await v.post('/api/me/guest');
  expect((await v.post('/api/account/claim', { name, password: 'a good long password' })).status).toBe(200);
  return Object.assign(v, { name });
}

/** The player's own socket (`/ws/me`): every challenge it hears of, in order. */
export async function playerSocket(v: Visitor): Promise<{ heard: ChallengeView[]; close(): void }> {
  const heard: ChallengeView[] = [];
  const ws = new WebSocket(v.url.replace('http', 'ws') + '/ws/me', {
    headers: { cookie: [...v.cookies].map(([k, x]) => `${k}=${x}`).join('; '), origin: v.url },
  });
  ws.on('message', (d) => heard.push((JSON.parse(d.toString()) as ChallengeMessage).challenge));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { heard, close: () => ws.close() };
}

/** The same browser (its cookies) talking to another server (a restarted one, another process). */
export function at(v: Visitor, url: string): Visitor {
  const w = new Visitor(url);
  for (const [k, x] of v.cookies) w.cookies.set(k, x);
  return w;
}
