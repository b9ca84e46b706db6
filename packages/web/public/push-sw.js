/**
 * Web Push in the app's service worker (imported by the Workbox worker that vite-plugin-pwa generates:
 * vite.config.ts `workbox.importScripts`). A push message is JSON (`PushPayload` in the protocol package:
 * kind, the page to open, a tag, the game...); the words come from the texts the page left in the cache
 * `attila-push-texts` in the player's language (net/push.ts), English until it has. A click on a notice
 * opens its game: in a window of the app already open if there is one, else in a new one.
 */
/* global self, caches, URL */

const TEXTS_CACHE = 'attila-push-texts';
const TEXTS_URL = './push-texts.json';
const ENGLISH = {
  turn: { title: 'Your turn', body: '{{game}}: it is your move.' },
  'low-time': { title: 'Your time is running out', body: '{{game}}: about {{hours}} h left for your move.' },
  challenge: { title: 'A challenge', body: '{{from}} challenges you to {{game}}.' },
  // A turn notice naming an event: the event seated the player at a new game.
  eventGame: {
    title: 'Your next event game',
    body: '{{event}}: your game of {{game}} is ready. Go to the table.',
  },
  games: { knights: 'Attila: Knights', tribes: 'Attila: Tribes', nim: 'Nim' },
};

async function texts() {
  try {
    const cache = await caches.open(TEXTS_CACHE);
    const found = await cache.match(new URL(TEXTS_URL, self.registration.scope).href);
    if (found) return { ...ENGLISH, ...(await found.json()) };
  } catch {
    // No texts left yet (or unreadable): English.
  }
  return ENGLISH;
}

const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, key) => String(values[key] ?? ''));

self.addEventListener('push', (event) => {
  let payload;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    payload = null;
  }
  if (!payload || typeof payload.kind !== 'string') return;
  event.waitUntil(
    texts().then((words) => {
      const kind = payload.event
        ? (words.eventGame ?? ENGLISH.eventGame)
        : (words[payload.kind] ?? ENGLISH.turn);
      const values = {
        game: (payload.game && words.games[payload.game]) || payload.game || '',
        from: payload.from ?? '',
        hours: payload.hours ?? '',
        event: payload.event ?? '',
      };
      return self.registration.showNotification(fill(kind.title, values), {
        body: fill(kind.body, values),
        tag: payload.tag,
        renotify: Boolean(payload.tag),
        icon: new URL('icons/icon-192.png', self.registration.scope).href,
        data: { path: payload.path ?? '#/', kind: payload.kind },
      });
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = event.notification.data?.path ?? '#/';
  const url = new URL(path, self.registration.scope).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((w) => w.url.startsWith(self.registration.scope));
      if (!open) return self.clients.openWindow(url);
      // The page goes to the game itself (a worker may navigate only the pages it controls); focusing
      // may be refused, the page's change of address never is.
      open.postMessage({ type: 'attila.open', path });
      await open.focus().catch(() => undefined);
    }),
  );
});
