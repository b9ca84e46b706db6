/**
 * Clickable move lists (issue 18, defect 9): two people play Knights online — desktop/English and a 390×844
 * phone in German. Both see every move in a list that keeps the newest in view (also after a reload);
 * clicking a move shows that position read-only, the game going on behind it, until "back to the live
 * position". Then the finished game's replay: clicking a move (and "Start") jumps there.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  liveTable,
  newPage,
  a11yViolations,
  shot,
  type ServerProcess,
  withServerAndBrowser,
  PHONE_SIZE,
} from './harness.js';
import { playKnightsTurn, waitForTurnOrEnd } from './knights.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

const position = (page: Page) => page.getAttribute('.knights-board', 'data-position');
const entries = (page: Page) => page.locator('[data-testid="movelist"] li').count();

/** Whether the list's last entry is inside the list's visible box (the list scrolls, not the page). */
async function newestInView(page: Page): Promise<boolean> {
  return page.$eval('[data-testid="movelist"]', (list) => {
    const last = list.querySelector('li:last-child');
    if (!last) return false;
    const l = list.getBoundingClientRect();
    const r = last.getBoundingClientRect();
    return r.top >= l.top - 1 && r.bottom <= l.bottom + 1;
  });
}

describe('the move list', () => {
  it(
    'follows a live Knights game, shows past positions read-only, and jumps in the replay',
    { timeout: 180_000 },
    async () => {
      // axe is injected as a script: these pages let it past the app's Content-Security-Policy.
      const a = await newPage(browser, { bypassCSP: true });
      const b = await newPage(browser, {
        ...PHONE_SIZE,
        lang: 'de-DE',
        bypassCSP: true,
      });
      await b.page.goto(`${server.url}/`);
      await b.page.selectOption('[data-testid="language"]', 'de');
      await liveTable(server, 'knights', a.page, [b.page], ['Flavius', 'Bleda']);
      const players = [a.page, b.page];
      // The position after each ply, as the board showed it live.
      const positions = [await position(a.page)];
      let ply = 0;
      const play = async () => {
        const page = players[ply % 2];
        if (await waitForTurnOrEnd(page)) return false;
        await playKnightsTurn(page);
        ply++;
        await expect.poll(() => entries(a.page)).toBe(ply);
        await expect.poll(() => entries(b.page)).toBe(ply);
        positions.push(await position(a.page));
        return true;
      };
      for (let i = 0; i < 16; i++) await play();
      // Longer than the list's box: the newest move is scrolled into view on both screens.
      expect(await newestInView(a.page)).toBe(true);
      expect(await newestInView(b.page)).toBe(true);

      // The phone reloads: the whole list comes back (the moves before the reload too).
      await b.page.reload();
      await b.page.waitForSelector('.knights-board');
      await expect.poll(() => entries(b.page)).toBe(ply);
      // The same moves, each with who moved in the page's language (the phone's German, the desktop's English).
      const english = await a.page.locator('[data-testid="movelist"] li').allInnerTexts();
      const german = await b.page.locator('[data-testid="movelist"] li').allInnerTexts();
      const side = { Romans: 'Römer', Huns: 'Hunnen' } as Record<string, string>;
      expect(german).toEqual(
        english.map((e) => e.replace(/^(Romans|Huns) /, (_, s: string) => `${side[s]} `)),
      );
      expect(english.every((e) => /^(Romans|Huns) /.test(e))).toBe(true);
      expect(await newestInView(b.page)).toBe(true);

      // A looks back at move 3 while it is A's turn: that position, nothing to play on it.
      await waitForTurnOrEnd(a.page);
      expect(ply % 2).toBe(0);
      await a.page.click('[data-testid="move-3"]');
      await expect.poll(() => position(a.page)).toBe(positions[3]);
      expect(await a.page.innerText('[data-testid="viewing-past"]')).toContain('move 3');
      expect(await a.page.locator('.knights-board [data-target="true"]').count()).toBe(0);
      await shot(a.page, 'movelist-live-past-desktop');
      expect(await a11yViolations(a.page)).toEqual([]);
      await a.page.click('[data-testid="back-to-live"]');
      await expect.poll(() => position(a.page)).toBe(positions[ply]);
      expect(await a.page.locator('[data-testid="viewing-past"]').count()).toBe(0);

      // B (German, phone) looks at the start while A moves: B stays there, the list grows, then back.
      await b.page.click('[data-testid="move-0"]');
      await expect.poll(() => position(b.page)).toBe(positions[0]);
      expect(await b.page.innerText('[data-testid="viewing-past"]')).toContain('Ausgangsstellung');
      await play();
      expect(await position(b.page)).toBe(positions[0]);
      await shot(b.page, 'movelist-live-past-phone-de');
      expect(await a11yViolations(b.page)).toEqual([]);
      await b.page.click('[data-testid="back-to-live"]');
      await expect.poll(() => position(b.page)).toBe(positions[ply]);

      // Play to the end, then the replay.
      while (await play());
      expect(await a.page.locator('[data-testid="winner"]').count()).toBe(1);
      await a.page.click('[data-testid="end-replay"]');
      await a.page.waitForSelector('[data-testid="replay-position"]');
      await expect.poll(() => entries(a.page)).toBe(ply);
      expect(await newestInView(a.page)).toBe(true);
      await a.page.click('[data-testid="move-5"]');
      await expect.poll(() => a.page.innerText('[data-testid="replay-position"]')).toBe(`Move 5 of ${ply}`);
      expect(await position(a.page)).toBe(positions[5]);
      expect(await a.page.getAttribute('[data-testid="move-5"]', 'aria-current')).toBe('step');
      await a.page.click('[data-testid="move-0"]');
      await expect.poll(() => position(a.page)).toBe(positions[0]);
      await shot(a.page, 'movelist-replay-desktop');
      const bReplay = b.page;
      await bReplay.goto(`${server.url}/#/replay/${a.page.url().split('/replay/')[1]}`);
      await bReplay.waitForSelector('[data-testid="replay-position"]');
      await bReplay.click(`[data-testid="move-${ply - 1}"]`);
      await expect
        .poll(() => bReplay.innerText('[data-testid="replay-position"]'))
        .toBe(`Zug ${ply - 1} von ${ply}`);
      expect(await position(bReplay)).toBe(positions[ply - 1]);
      await shot(bReplay, 'movelist-replay-phone-de');
      await a.context.close();
      await b.context.close();
    },
  );
});
