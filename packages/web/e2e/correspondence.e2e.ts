/**
 * Correspondence clocks and "your games" (issue 20): two people make a Knights table with three days a
 * move, the clocks show days and hours, one goes on vacation (the seat says so on both screens), and each
 * home screen lists the game with whose turn it is and the time left. Desktop in English and a 390×844
 * phone in German; axe finds nothing on the table with the vacation button or on the list.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  newPage,
  a11yViolations,
  shot,
  type ServerProcess,
  withServerAndBrowser,
  PHONE_SIZE,
} from './harness.js';
import { playKnightsTurn } from './knights.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

/** What a clock or a row says, as read (without the space that sets it off from the name). */
const text = async (page: Page, selector: string) => (await page.innerText(selector)).trim();

describe('a correspondence game', () => {
  it(
    'shows days and hours, takes a vacation, and is listed under "your games"',
    { timeout: 120_000 },
    async () => {
      // Axe is injected into the pages: the test's own script, which the app's policy would refuse.
      const a = await newPage(browser, { bypassCSP: true });
      const b = await newPage(browser, {
        ...PHONE_SIZE,
        lang: 'de-DE',
        bypassCSP: true,
      });
      await b.page.goto(`${server.url}/`);
      await b.page.selectOption('[data-testid="language"]', 'de');
      // Nothing held yet: no list.
      expect(await b.page.locator('[data-testid="your-games"]').count()).toBe(0);
      await a.page.goto(`${server.url}/#/lobby`);
      await a.page.fill('[data-testid="name"]', 'Flavius');
      await a.page.click('[data-testid="game-knights"]');
      await a.page.selectOption('[data-testid="seat-kind-1"]', 'human');
      await a.page.selectOption('[data-testid="clock"]', 'days3');
      await a.page.click('[data-testid="create"]');
      await a.page.waitForSelector('[data-testid="invite"]');
      const tableUrl = a.page.url();
      // The lobby's list says what kind of game it is before anyone joins.
      await b.page.goto(`${server.url}/#/lobby`);
      await b.page.waitForSelector('[data-testid="table-clock"]:has-text("3 Tage pro Zug")');
      await b.page.goto(await a.page.inputValue('[data-testid="invite"]'));
      await b.page.fill('[data-testid="join-name"]', 'Bleda');
      await b.page.click('[data-testid="sit-1"]');
      await a.page.waitForSelector('[data-testid="clock-0"].running');
      // Three days, counted down to the minute: the first minutes show 2 d 23 h (never more than there is).
      expect(await text(a.page, '[data-testid="clock-0"]')).toMatch(/^2 d 23 h$/);
      expect(await text(a.page, '[data-testid="clock-1"]')).toMatch(/^3 d 0 h$/);
      expect(await text(b.page, '[data-testid="clock-1"]')).toMatch(/^3 T 0 Std\.$/);
      await playKnightsTurn(a.page);
      await b.page.waitForSelector('[data-testid="clock-1"].running');

      // Bleda goes on vacation: the clock stands still, both screens say so.
      await b.page.click('[data-testid="vacation"]');
      await b.page.waitForSelector('[data-testid="clock-1"]:has-text("im Urlaub")');
      await a.page.waitForSelector('[data-testid="clock-1"]:has-text("on vacation")');
      expect(await b.page.innerText('[data-testid="vacation"]')).toBe('Zurück aus dem Urlaub');
      await shot(b.page, 'correspondence-vacation-phone-de');
      expect(await a11yViolations(b.page)).toEqual([]);
      await shot(a.page, 'correspondence-desktop');
      await b.page.click('[data-testid="vacation"]');
      await b.page.waitForSelector('[data-testid="vacation"]:has-text("In den Urlaub")');
      expect(await text(b.page, '[data-testid="clock-1"]')).not.toContain('Urlaub');

      // Home: each lists the game, with whose turn it is and the time left.
      await a.page.goto(`${server.url}/#/`);
      await b.page.goto(`${server.url}/#/`);
      const aRow = a.page.locator('[data-testid="your-games"] li').first();
      const bRow = b.page.locator('[data-testid="your-games"] li').first();
      await aRow.waitFor();
      await bRow.waitFor();
      expect(await aRow.locator('[data-testid="turn"]').innerText()).toBe('Bleda to play');
      expect(await aRow.locator('[data-testid="left"]').innerText()).toMatch(/^2 d 23 h left$/);
      expect(await bRow.locator('[data-testid="turn"]').innerText()).toBe('Du bist am Zug');
      expect(await bRow.locator('[data-testid="left"]').innerText()).toMatch(/^noch 2 T 23 Std\.$/);
      await shot(b.page, 'your-games-phone-de');
      expect(await a11yViolations(a.page)).toEqual([]);
      await shot(a.page, 'your-games-desktop');
      await aRow.locator('a').click();
      expect(a.page.url()).toBe(tableUrl);
      await a.context.close();
      await b.context.close();
    },
  );
});
