/**
 * Web Push on this device: the browser's push subscription (made with the server's VAPID key, only once the
 * player turns notices on: that is when the browser asks for permission) and the account's settings on the
 * server. The service worker (public/push-sw.js) shows what arrives in the player's language: the page
 * leaves it the texts in a cache it can read, since a worker has no locale files of its own.
 */
import { err, ok, type Result } from '@attila/core';
import { PUSH_KINDS, type PushChoices, type PushKind, type PushSettings } from '@attila/protocol';
import { t } from '../i18n/i18n.js';
import { call } from './api.js';

export const pushApi = {
  settings: () => call<PushSettings>('GET', '/api/account/push'),
  subscribe: (subscription: PushSubscriptionJSON) =>
    call<PushSettings>('POST', '/api/account/push/subscribe', { subscription }),
  unsubscribe: (endpoint: string) =>
    call<PushSettings & { removed: boolean }>('POST', '/api/account/push/unsubscribe', { endpoint }),
  choose: (choices: Partial<PushChoices>) => call<PushSettings>('POST', '/api/account/push/choices', choices),
};

/** Whether this browser can receive push notices at all (a service worker, the Push API, notifications). */
export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in globalThis && 'Notification' in globalThis;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

/** This browser's subscription, if it has one. */
export async function browserSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  return (await registration()).pushManager.getSubscription();
}

/** The cache the service worker reads the notices' texts from (push-sw.js reads the same name). */
const TEXTS_CACHE = 'attila-push-texts';
const TEXTS_URL = './push-texts.json';

/** The notices' texts in the page's language, left for the service worker. */
export async function leaveTextsForWorker(): Promise<void> {
  if (!('caches' in globalThis)) return;
  // The placeholders stay for the worker to fill in with each notice's values.
  const keep = { game: '{{game}}', hours: '{{hours}}', from: '{{from}}', event: '{{event}}' };
  const texts = {
    turn: { title: t('push.notice.turnTitle'), body: t('push.notice.turnBody', keep) },
    'low-time': { title: t('push.notice.lowTimeTitle'), body: t('push.notice.lowTimeBody', keep) },
    challenge: { title: t('push.notice.challengeTitle'), body: t('push.notice.challengeBody', keep) },
    eventGame: { title: t('push.notice.eventGameTitle'), body: t('push.notice.eventGameBody', keep) },
    games: { knights: t('games.knights.name'), tribes: t('games.tribes.name'), nim: t('games.nim.name') },
  } satisfies Record<PushKind | 'eventGame' | 'games', unknown>;
  const cache = await caches.open(TEXTS_CACHE);
  await cache.put(
    TEXTS_URL,
    new Response(JSON.stringify(texts), { headers: { 'content-type': 'application/json' } }),
  );
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Turns notices on for this device: asks the browser for permission (now, not before), subscribes with the
 * server's key, and tells the server. `denied`: the player (or the browser) said no.
 */
export async function turnOn(publicKey: string): Promise<Result<PushSettings>> {
  if (!pushSupported()) return err('push.unsupported', t('push.unsupported'));
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return err('push.denied', t('push.denied'));
  await leaveTextsForWorker();
  let subscription: PushSubscription;
  try {
    const reg = await registration();
    const old = await reg.pushManager.getSubscription();
    // A subscription made with another key (a server whose keys were replaced) cannot be used.
    if (old) await old.unsubscribe();
    subscription = await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
  } catch (e) {
    return err(
      'push.subscribe',
      `${t('push.subscribeFailed')} (${e instanceof Error ? e.message : String(e)})`,
    );
  }
  return pushApi.subscribe(subscription.toJSON());
}

/** Turns notices off for this device: the browser's subscription ends, and the server forgets it. */
export async function turnOff(): Promise<Result<PushSettings>> {
  const subscription = await browserSubscription();
  if (!subscription) return pushApi.settings();
  const endpoint = subscription.endpoint;
  await subscription.unsubscribe().catch(() => false);
  const r = await pushApi.unsubscribe(endpoint);
  return r.ok ? ok(r.value) : r;
}

/** A click on a notice, in a window of the app already open: the worker asks it to show the game. */
export function followNoticeClicks(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (e: MessageEvent) => {
    const data = e.data as { type?: unknown; path?: unknown } | null;
    if (data?.type === 'attila.open' && typeof data.path === 'string' && data.path.startsWith('#/')) {
      location.hash = data.path;
    }
  });
}

export const PUSH_CHOICE_KINDS: readonly PushKind[] = PUSH_KINDS;
