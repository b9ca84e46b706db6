/**
 * Finished games can be found again (issue 18, defect 5, and the replay title of item 10): the Replays
 * screen lists the server's finished games, newest first, and opens their replays; every live game's end
 * dialog offers its replay (Knights and a 3-seat Tribes game); the replay's title names each seat by side
 * or number, so two bots of one level can be told apart. A desktop in English and a 390×844 phone in German.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  finishedBotsGame,
  newPage,
  shot,
  type ServerProcess,
  withServerAndBrowser,
  PHONE_SIZE,
} from './harness.js';
import { playKnightsTurn, waitForTurnOrEnd } from './knights.js';
import { playTribesDecision } from './tribes.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

async function openReplays(page: Page): Promise<void> {
  await page.goto(`${server.url}/`);
  await page.click('header a[href="#/replay"]');
  await page.waitForSelector('[data-testid="record-file"]');
}

/** A game of two bots of the same level, created through the API; its id once it is over. */
const botsGame = () => finishedBotsGame(server, ['easy', 'easy']);

describe('finished games on the Replays screen', () => {
  it(
    'lists them newest first and opens them; each live end dialog has its replay',
    { timeout: 300_000 },
    async () => {
      const phone = await newPage(browser, { ...PHONE_SIZE, lang: 'de-DE' });
      await phone.page.goto(`${server.url}/`);
      await phone.page.selectOption('[data-testid="language"]', 'de');
      // Nothing finished yet: it says so (not "no open tables").
      await openReplays(phone.page);
      await expect
        .poll(() => phone.page.innerText('[data-testid="tables-none"]'))
        .toBe('Auf diesem Server gibt es noch keine beendeten Spiele.');

      // 1. Knights against a bot, on the desktop: the end dialog's replay button.
      const { page, context } = await newPage(browser);
      await page.goto(`${server.url}/#/lobby`);
      await page.fill('[data-testid="name"]', 'Aetius');
      await page.click('[data-testid="game-knights"]');
      await page.selectOption('[data-testid="seat-kind-1"]', 'bot:random');
      await page.click('[data-testid="create"]');
      await page.waitForSelector('.knights-board');
      const knightsId = page.url().split('/table/')[1];
      for (let turn = 0; turn < 40; turn++) {
        if (await waitForTurnOrEnd(page)) break;
        await playKnightsTurn(page);
      }
      await page.click('[data-testid="end-replay"]');
      await page.waitForSelector('[data-testid="replay-position"]');
      expect(await page.innerText('[data-testid="replay-players"]')).toMatch(
        // The winner by name (issue 31: "Romans won", "Player 3 won").
        /^Romans \(Aetius\) vs Huns \(Random \(beginner\)\) BOT — (Aetius|Random \(beginner\)) won$/,
      );

      // 2. Two bots of one level: the title still tells the seats apart.
      const botsId = await botsGame();
      await page.goto(`${server.url}/#/replay/${botsId}`);
      await page.waitForSelector('[data-testid="replay-position"]');
      expect(await page.innerText('[data-testid="replay-players"]')).toMatch(
        // Two players of one name: the winner by seat and name.
        /^Romans \(Easy\) BOT vs Huns \(Easy\) BOT — (Romans \(Easy\)|Huns \(Easy\)) won$/,
      );
      await shot(page, 'replay-title-two-bots');

      // 3. Tribes, three seats (a person and two bots), to the end: the standings offer the replay.
      await page.goto(`${server.url}/#/lobby`);
      await page.click('[data-testid="game-tribes"]');
      await page.selectOption('[data-testid="players"]', '3');
      await page.selectOption('[data-testid="seat-kind-1"]', 'bot:random');
      await page.selectOption('[data-testid="seat-kind-2"]', 'bot:random');
      await page.click('[data-testid="create"]');
      await page.waitForSelector('[data-testid="tribes-map"]');
      const tribesId = page.url().split('/table/')[1];
      const any =
        '[data-testid^="decision-"], [data-testid="reveal"], [data-testid="scoring"], [data-testid="winner"]';
      for (let step = 0; step < 1000; step++) {
        await page.waitForSelector(any, { timeout: 60_000 });
        if (await page.locator('[data-testid="winner"]').count()) break;
        if (await page.locator('[data-testid="reveal"]').count()) {
          // The laid cards by name, not icons alone (issue 31).
          for (const card of await page.locator('[data-testid="revealed-card"]').allInnerTexts())
            expect(card.trim()).toMatch(/^(Franks|Goths|Huns|Saxons|Teutons|Vandals)$/);
          await page.click('[data-testid="close-reveal"]');
        } else if (await page.locator('[data-testid="scoring"]').count())
          await page.click('[data-testid="close-scoring"]');
        else await playTribesDecision(page);
      }
      // The end summary: why the game ended, and each seat's points per century adding up to its total.
      expect(await page.innerText('[data-testid="end-reason"]')).toMatch(
        /^The game ended because (the last peace tile was placed|a tribe placed its last marker|an influence marker reached the top of its track|nobody could place a marker for a whole round)\.$/,
      );
      const rows = await page.locator('[data-testid="standings"] tbody tr').evaluateAll((trs) =>
        trs.map((tr) => ({
          centuries: [...tr.querySelectorAll('[data-century-points]')].map((td) =>
            Number(td.getAttribute('data-century-points')),
          ),
          total: Number(tr.querySelector('[data-total]')?.getAttribute('data-total')),
        })),
      );
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        expect(row.centuries.length).toBeGreaterThan(0);
        expect(row.centuries.reduce((a, b) => a + b, 0)).toBe(row.total);
      }
      expect(rows.map((r) => r.total)).toEqual([...rows.map((r) => r.total)].sort((a, b) => b - a));
      // What the game changed and what next (issue 31): no rating against bots, a new game, the focus on Close.
      expect(await page.innerText('[data-testid="game-over-casual"]')).toBe(
        'A casual game: no rating changed.',
      );
      expect(await page.locator('[data-testid="winner"] [data-testid="end-new-game"]').count()).toBe(1);
      expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.testid)).toBe(
        'close-winner',
      );
      // The log keeps each scoring's points; the influence table's heads are the players' names in full.
      expect(await page.innerText('[data-testid="log"]')).toMatch(/: Aetius \+\d+ \(\d+ in all\), /);
      expect(await page.locator('[data-testid="influence"] th.seat-head').allInnerTexts()).toEqual([
        'Aetius',
        'Random (beginner) 2',
        'Random (beginner) 3',
        'Supply',
      ]);
      await shot(page, 'tribes-end-replay-button');
      await page.selectOption('[data-testid="language"]', 'de');
      await expect
        .poll(() => page.innerText('[data-testid="end-reason"]'))
        .toMatch(/^Das Spiel endete, weil /);
      await shot(page, 'tribes-end-summary-de');
      await page.selectOption('[data-testid="language"]', 'en');
      await page.click('[data-testid="end-replay"]');
      await page.waitForSelector('[data-testid="replay-position"]');
      expect(await page.innerText('[data-testid="replay-players"]')).toMatch(
        /^Player 1 \(Aetius\) vs Player 2 \(Random \(beginner\)\) BOT vs Player 3 \(Random \(beginner\)\) BOT — (shared win: )?(Aetius|Player \d \(Random \(beginner\)\))/,
      );

      // The Replays screen lists all three, the last finished first, and opens one.
      await openReplays(page);
      await expect.poll(() => page.locator('[data-testid="table-item"]').count()).toBe(3);
      const listed = await page
        .locator('[data-testid="table-item"] a')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(listed).toEqual([`#/replay/${tribesId}`, `#/replay/${botsId}`, `#/replay/${knightsId}`]);
      await shot(page, 'replays-finished-desktop');
      await page.click(`[data-testid="table-item"] a[href="#/replay/${knightsId}"]`);
      await page.waitForSelector('[data-testid="replay-position"]');
      expect(page.url()).toContain(`#/replay/${knightsId}`);

      // On the German phone: the same list, and a replay with its title in German.
      await openReplays(phone.page);
      await expect.poll(() => phone.page.locator('[data-testid="table-item"]').count()).toBe(3);
      expect(await phone.page.locator('[data-testid="table-item"] a').first().innerText()).toBe(
        'Wiederholung ansehen',
      );
      await shot(phone.page, 'replays-finished-phone-de');
      await phone.page.click(`[data-testid="table-item"] a[href="#/replay/${botsId}"]`);
      await phone.page.waitForSelector('[data-testid="replay-position"]');
      expect(await phone.page.innerText('[data-testid="replay-players"]')).toMatch(
        /^Römer \(Leicht\) BOT gegen Hunnen \(Leicht\) BOT — Sieg: (Römer \(Leicht\)|Hunnen \(Leicht\))$/,
      );
      await context.close();
      await phone.context.close();
    },
  );
});
