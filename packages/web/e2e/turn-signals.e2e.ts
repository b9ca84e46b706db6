/**
 * Turn signals beyond the tab title (issue 18): a sound and a browser notification, both off until the
 * player turns them on (kept over a reload); the notification only while the tab is hidden, the sound each
 * time the turn comes. The page's own Notification and AudioContext are wrapped to count what the app asks
 * the browser for (the real ones still run); whether the tab is hidden is set per page.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, shot, type ServerProcess, withServerAndBrowser } from './harness.js';
import { playKnightsTurn, waitForTurnOrEnd } from './knights.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

/** Counts notifications, permission requests and sounds; `__hidden` stands for the tab being hidden. */
const SPY = () => {
  const w = window as unknown as Record<string, unknown>;
  w.__notes = [];
  w.__asked = 0;
  w.__chimes = 0;
  w.__hidden = false;
  Object.defineProperty(document, 'hidden', { get: () => w.__hidden === true });
  const RealNotification = window.Notification;
  class Spy extends RealNotification {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      (w.__notes as string[]).push(`${title} | ${options?.body ?? ''}`);
    }
    static override requestPermission(): Promise<NotificationPermission> {
      (w.__asked as number)++;
      return RealNotification.requestPermission();
    }
    static override get permission(): NotificationPermission {
      return RealNotification.permission;
    }
  }
  window.Notification = Spy as typeof Notification;
  const RealAudio = window.AudioContext;
  window.AudioContext = class extends RealAudio {
    constructor() {
      super();
      (w.__chimes as number)++;
    }
  } as typeof AudioContext;
};

const counts = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __notes: string[]; __asked: number; __chimes: number };
    return { notes: w.__notes, asked: w.__asked, chimes: w.__chimes };
  });
const hide = (page: Page, hidden: boolean) =>
  page.evaluate((h) => ((window as unknown as { __hidden: boolean }).__hidden = h), hidden);

describe('turn signals: an optional sound, and a notification while the tab is hidden', () => {
  it(
    'off by default; once turned on they signal each turn, the notification only when hidden',
    { timeout: 120_000 },
    async () => {
      const a = await newPage(browser);
      const b = await newPage(browser);
      await a.context.grantPermissions(['notifications'], { origin: server.url });
      for (const p of [a, b]) await p.context.addInitScript(SPY);
      await a.page.goto(`${server.url}/#/lobby`);
      await a.page.fill('[data-testid="name"]', 'Flavius');
      await a.page.click('[data-testid="game-knights"]');
      await a.page.selectOption('[data-testid="seat-kind-1"]', 'human');
      await a.page.click('[data-testid="create"]');
      await a.page.waitForSelector('[data-testid="invite"]');
      await b.page.goto(await a.page.inputValue('[data-testid="invite"]'));
      await b.page.fill('[data-testid="join-name"]', 'Bleda');
      await b.page.click('[data-testid="sit-1"]');
      for (const p of [a.page, b.page]) await p.waitForSelector('.knights-board');

      // Both switches start off; Flavius turns them on and they stay on over a reload.
      await a.page.click('[data-testid="turn-signals"] summary');
      expect(await a.page.isChecked('[data-testid="signal-sound"]')).toBe(false);
      expect(await a.page.isChecked('[data-testid="signal-notify"]')).toBe(false);
      await a.page.check('[data-testid="signal-sound"]');
      await a.page.check('[data-testid="signal-notify"]');
      await shot(a.page, 'turn-signals-settings');
      await a.page.reload();
      await a.page.waitForSelector('.knights-board');
      await a.page.click('[data-testid="turn-signals"] summary');
      expect(await a.page.isChecked('[data-testid="signal-sound"]')).toBe(true);
      expect(await a.page.isChecked('[data-testid="signal-notify"]')).toBe(true);
      const start = await counts(a.page);

      // Flavius (Romans) moves first. With the tab shown, Bleda's reply brings a sound, no notification.
      expect(await waitForTurnOrEnd(a.page)).toBe(false);
      await playKnightsTurn(a.page);
      expect(await waitForTurnOrEnd(b.page)).toBe(false);
      await playKnightsTurn(b.page);
      await expect.poll(async () => (await counts(a.page)).chimes).toBe(start.chimes + 1);
      expect((await counts(a.page)).notes).toEqual([]);

      // Hidden: the next turn brings a notification too.
      await playKnightsTurn(a.page);
      await hide(a.page, true);
      expect(await waitForTurnOrEnd(b.page)).toBe(false);
      await playKnightsTurn(b.page);
      await expect
        .poll(async () => (await counts(a.page)).notes)
        .toEqual(['Your turn in Attila | It is your turn (Romans).']);
      expect((await counts(a.page)).chimes).toBe(start.chimes + 2);
      // Permission was never asked for (it was granted), and Bleda, who turned nothing on, got nothing.
      expect((await counts(a.page)).asked).toBe(0);
      expect(await counts(b.page)).toEqual({ notes: [], asked: 0, chimes: 0 });
      await a.context.close();
      await b.context.close();
    },
  );
});
