/**
 * The player's challenges (packages/server/README.md, "Challenges"): the HTTP calls, and one socket
 * `/ws/me` kept open on every screen, through which a challenge made, answered or cancelled anywhere
 * reaches this page at once. When a challenge this page saw waiting is accepted, its table opens here with
 * the seat token the server derived for the player.
 */
import type { Result } from '@attila/core';
import { parseChallengeMessage } from '@attila/protocol';
import type { ChallengeRequest, ChallengeView } from '@attila/protocol/challenges';
import { parseModerationMessage, type ModerationNotice } from '@attila/protocol/community';
import { useEffect, useState } from 'preact/hooks';
import { navigate } from '../router.js';
import { call, holdSeat } from './api.js';

type One = { challenge: ChallengeView };

export const challengeApi = {
  send: (req: ChallengeRequest) => call<One>('POST', '/api/challenges', req),
  list: () => call<{ challenges: ChallengeView[] }>('GET', '/api/challenges'),
  answer: (id: string, what: 'accept' | 'decline' | 'cancel') =>
    call<One>('POST', `/api/challenges/${encodeURIComponent(id)}/${what}`, {}),
};

const known = new Map<string, ChallengeView>();
/** Challenges this page saw waiting: once accepted, their table opens here. */
const sawWaiting = new Set<string>();
const listeners = new Set<(all: ChallengeView[]) => void>();
const openedKey = (id: string) => `attila.challenge-opened.${id}`;

function all(): ChallengeView[] {
  return [...known.values()].sort((a, b) => b.createdAt - a.createdAt);
}

/** Takes in a challenge (from the socket or an answer); opens its table if it has just started. */
export function heard(c: ChallengeView): void {
  const before = known.get(c.id);
  known.set(c.id, c);
  if (c.status === 'pending') sawWaiting.add(c.id);
  if (c.status === 'accepted' && c.table && c.token && (sawWaiting.has(c.id) || before?.status === 'pending'))
    openTable(c);
  for (const l of listeners) l(all());
}

/** Sits the player at the challenge's table (their derived token) and goes there, once per challenge. */
export function openTable(c: ChallengeView): void {
  if (!c.table || !c.token) return;
  holdSeat(c.table, { seat: c.seat, token: c.token });
  if (localStorage.getItem(openedKey(c.id))) return;
  localStorage.setItem(openedKey(c.id), '1');
  navigate({ name: 'table', id: c.table });
}

/** Whether this page saw the challenge waiting before it was answered or called off (news worth showing). */
export function endedHere(c: ChallengeView): boolean {
  return c.status !== 'pending' && sawWaiting.has(c.id);
}

export function wasOpened(c: ChallengeView): boolean {
  return localStorage.getItem(openedKey(c.id)) !== null;
}

export async function answer(id: string, what: 'accept' | 'decline' | 'cancel'): Promise<Result<One>> {
  const r = await challengeApi.answer(id, what);
  if (r.ok) heard(r.value.challenge);
  return r;
}

export function useChallenges(): ChallengeView[] {
  const [list, set] = useState(all);
  useEffect(() => {
    listeners.add(set);
    set(all());
    return () => void listeners.delete(set);
  }, []);
  return list;
}

const noticeListeners = new Set<(n: ModerationNotice) => void>();

/** Hears each moderator's notice to this player as it is given (the player's socket); returns the stop. */
export function onModerationNotice(listener: (n: ModerationNotice) => void): () => void {
  noticeListeners.add(listener);
  return () => void noticeListeners.delete(listener);
}

let socket: WebSocket | null = null;
let retry: ReturnType<typeof setTimeout> | null = null;
let wanted = false;

/** (Re)opens the player's socket: at start and whenever the player changes (signed in or out). */
export function connectPlayerSocket(): void {
  wanted = true;
  if (retry) clearTimeout(retry);
  retry = null;
  if (socket) {
    socket.onclose = null;
    socket.close();
  }
  known.clear();
  for (const l of listeners) l([]);
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/me`;
  const ws = new WebSocket(url);
  socket = ws;
  ws.onmessage = (e) => {
    // A challenge, or a moderator's notice; anything else (a message from a newer server) is passed over.
    const text = String(e.data);
    const m = parseChallengeMessage(text);
    if (m.ok) return heard(m.value.challenge);
    const notice = parseModerationMessage(text);
    if (notice.ok) for (const l of noticeListeners) l(notice.value.notice);
  };
  ws.onclose = () => {
    if (socket !== ws || !wanted) return;
    socket = null;
    // The server restarted or the network dropped: try again, what changed meanwhile comes on open.
    retry = setTimeout(connectPlayerSocket, 3000);
  };
}
