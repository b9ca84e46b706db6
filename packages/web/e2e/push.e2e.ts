/**
 * Web Push end to end (issue 20): Ann, signed in on a 390×844 phone in German, turns notifications on in
 * her account settings (the browser asks for permission then); Bob moves in their correspondence Knights
 * game; the real server sends "your turn" through the Web Push protocol (aes128gcm payload, VAPID JWT) to
 * the subscription's endpoint at a push service run by this test, which verifies and decrypts it and hands
 * it to Ann's service worker through the DevTools protocol (`ServiceWorker.deliverPushMessage`); the worker
 * shows the notice in German, and a click on it opens the game. Once Ann turns notifications off, Bob's
 * next move sends her nothing.
 *
 * Why the browser's own subscribing is replaced: Chromium refuses push subscriptions in an incognito
 * context ("Registration failed - permission denied": every context of a launched browser is one), and in
 * a profile on disk `pushManager.subscribe` waits for Google's push service, which this machine cannot
 * reach. So an init script stands in for that one step (subscribe / getSubscription / unsubscribe of
 * `PushManager`), answering with a subscription whose endpoint and keys are the local push service's. The
 * app's own code, the server, the encryption, the worker and the notification are the real ones.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  localCertificate,
  LocalPushService,
  type TestSubscription,
} from '@attila/server/test-support/push-service';
import { launchBrowser, newPage, shot, startServer, type ServerProcess, PHONE_SIZE } from './harness.js';
import { playKnightsTurn } from './knights.js';

const CONTACT = 'mailto:operator@example.org';
let service: LocalPushService;
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  const tls = localCertificate();
  service = await LocalPushService.start(tls);
  // The server trusts the push service's certificate as a CA (Node reads this at start).
  [server, browser] = await Promise.all([
    startServer({ env: { NODE_EXTRA_CA_CERTS: tls.certFile }, args: ['--push-contact', CONTACT] }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await service?.close();
});

/** The one step Chromium cannot do here: a subscription at the local push service (see above). */
function standInForBrowserSubscribing(sub: TestSubscription['json']) {
  const KEY = 'e2e.push.subscribed';
  const subscription = () => ({
    endpoint: sub.endpoint,
    expirationTime: null,
    toJSON: () => sub,
    unsubscribe: async () => {
      localStorage.removeItem(KEY);
      return true;
    },
  });
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
    const b64 = btoa(String.fromCharCode(...key))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    localStorage.setItem('e2e.push.applicationServerKey', b64);
    localStorage.setItem(KEY, '1');
    return subscription() as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function () {
    return (localStorage.getItem(KEY) ? subscription() : null) as unknown as PushSubscription | null;
  };
}

let attempt = 0;

/**
 * A signed-in account in this page (claimed through the API, as the account screen does). Named anew on each
 * attempt: a retry of the test runs against the same server, where the first attempt's names are taken.
 */
async function signIn(page: Page, base: string): Promise<void> {
  const name = `${base}${attempt}`;
  await page.goto(`${server.url}/#/account`);
  await page.waitForSelector('[data-testid="claim"]');
  const r = await page.request.post(`${server.url}/api/account/claim`, {
    data: { name, password: 'a long enough password' },
    headers: { 'x-attila-csrf': '1', origin: server.url },
  });
  expect(r.status()).toBe(200);
  await page.reload();
  await page.waitForSelector('[data-testid="logout"]');
}

/** Delivers each message the push service decrypted to the page's service worker, through CDP. */
async function deliverToWorker(context: BrowserContext, page: Page): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on(
    'ServiceWorker.workerRegistrationUpdated',
    (e: { registrations: { registrationId: string; scopeURL: string }[] }) => {
      for (const r of e.registrations) registrations.set(r.scopeURL, r.registrationId);
    },
  );
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.get(`${server.url}/`)).toBeTruthy();
  service.onMessage = async (_id, text) => {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.url,
      registrationId: registrations.get(`${server.url}/`)!,
      data: text,
    });
  };
  return cdp;
}

interface Shown {
  title: string;
  body: string;
  tag: string;
  path: string;
}

const shownNotices = (page: Page): Promise<Shown[]> =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      path: (n.data as { path: string }).path,
    })),
  );

describe('Web Push notifications', () => {
  it('a move tells the other player through the Web Push protocol; the worker shows it; off stops them', async () => {
    attempt++;
    const sub = service.subscribe();
    const ann = await newPage(browser, { ...PHONE_SIZE, lang: 'de-DE' });
    await ann.context.grantPermissions(['notifications'], { origin: server.url });
    await ann.context.addInitScript(standInForBrowserSubscribing, sub.json);
    await ann.context.addInitScript(() => localStorage.setItem('attila.lang', 'de'));
    const bob = await newPage(browser);
    await signIn(ann.page, 'Ann');
    await signIn(bob.page, 'Bob');

    // Ann turns notifications on for this phone; the app subscribes with the server's key.
    await ann.page.waitForSelector('[data-testid="notifications"] [data-testid="push-on"]');
    expect(await ann.page.innerText('[data-testid="push-state"]')).toBe('Auf diesem Gerät ausgeschaltet.');
    await ann.page.click('[data-testid="push-on"]');
    await ann.page.waitForSelector('[data-testid="push-off"]');
    expect(await ann.page.innerText('[data-testid="push-state"]')).toBe('Auf diesem Gerät eingeschaltet.');
    const settings = (await (await ann.page.request.get(`${server.url}/api/account/push`)).json()) as {
      publicKey: string;
      endpoints: string[];
    };
    expect(settings.endpoints).toEqual([sub.json.endpoint]);
    expect(await ann.page.evaluate(() => localStorage.getItem('e2e.push.applicationServerKey'))).toBe(
      settings.publicKey,
    );
    expect(await ann.page.isChecked('[data-testid="push-kind-turn"]')).toBe(true);
    await ann.page.locator('[data-testid="notifications"]').scrollIntoViewIfNeeded();
    await shot(ann.page, 'push-settings-phone-de');
    expect(await ann.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await deliverToWorker(ann.context, ann.page);

    // Bob makes a correspondence table (3 days a move); Ann sits down, and Bob is to move.
    await bob.page.goto(`${server.url}/#/lobby`);
    await bob.page.click('[data-testid="game-knights"]');
    await bob.page.selectOption('[data-testid="seat-kind-1"]', 'human');
    await bob.page.selectOption('[data-testid="clock"]', 'days3');
    await bob.page.click('[data-testid="create"]');
    const invite = await bob.page.inputValue('[data-testid="invite"]');
    const table = bob.page.url().split('/table/')[1];
    await ann.page.goto(invite);
    await ann.page.click('[data-testid="sit-1"]');
    await bob.page.waitForSelector('[data-testid="clock-0"].running');
    // Ann goes elsewhere; Bob moves.
    await ann.page.goto(`${server.url}/#/account`);
    await playKnightsTurn(bob.page);

    // The push service got it (VAPID checked, payload decrypted) and the worker shows it, in German.
    await expect.poll(() => service.delivered(sub.id).length, { timeout: 15_000 }).toBe(1);
    const message = service.messages.find((m) => m.subscription === sub.id)!;
    expect(message.vapidKey).toBe(settings.publicKey);
    expect(message.claims?.sub).toBe(CONTACT);
    expect(JSON.parse(message.text!)).toMatchObject({ kind: 'turn', path: `#/table/${table}` });
    // A sanity bound: in a clean-clone CI run at a high load the worker had shown nothing after 15 s.
    await expect
      .poll(() => shownNotices(ann.page), { timeout: 30_000 })
      .toEqual([
        {
          title: 'Du bist am Zug',
          body: 'Attila: Ritter: Du bist dran.',
          tag: `table-${table}`,
          path: `#/table/${table}`,
        },
      ]);

    // A click on the notice opens the game in the app's window.
    const worker = ann.context.serviceWorkers()[0] ?? (await ann.context.waitForEvent('serviceworker'));
    await worker.evaluate(async () => {
      const sw = self as unknown as ServiceWorkerGlobalScope;
      const [notice] = await sw.registration.getNotifications();
      sw.dispatchEvent(new NotificationEvent('notificationclick', { notification: notice }));
    });
    await expect.poll(() => ann.page.url(), { timeout: 10_000 }).toBe(`${server.url}/#/table/${table}`);
    await ann.page.waitForSelector('.knights-board');
    await playKnightsTurn(ann.page);

    // Off for this phone: the subscription ends, the server forgets it, Bob's next move sends nothing.
    await ann.page.goto(`${server.url}/#/account`);
    await ann.page.click('[data-testid="push-off"]');
    await ann.page.waitForSelector('[data-testid="push-on"]');
    const forgotten = (await (await ann.page.request.get(`${server.url}/api/account/push`)).json()) as {
      endpoints: string[];
    };
    expect(forgotten.endpoints).toEqual([]);
    await bob.page.waitForSelector('.knights-board [data-target="true"]');
    await playKnightsTurn(bob.page);
    await ann.page.goto(`${server.url}/#/table/${table}`);
    await ann.page.waitForSelector('.knights-board [data-target="true"]');
    // The server would have sent by now (it sends right after storing the move): nothing came, nothing shows.
    await new Promise((r) => setTimeout(r, 1500));
    expect(service.messages.filter((m) => m.subscription === sub.id)).toHaveLength(1);
    expect(await shownNotices(ann.page)).toEqual([]);
    await ann.context.close();
    await bob.context.close();
  });
});
