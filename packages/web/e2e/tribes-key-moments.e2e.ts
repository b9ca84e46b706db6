/**
 * The Tribes game-over dialog names the game's key moments in words (issue 31: Knights' dialog had its
 * mistakes, Tribes' nothing of the review): the turns that swung a player's chance the most, with the
 * players' names, read from the game review once the game is over. A short whole game of two bots (the
 * setup's smallest "top of the influence tracks"), at desktop and phone size, in German.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, shot, type ServerProcess, withServerAndBrowser, PHONE_SIZE } from './harness.js';
import de from '../src/i18n/locales/de.json';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

const has = async (page: Page, selector: string) => (await page.locator(selector).count()) > 0;

/** Lets the two bots play to the end, closing each reveal and scoring; resolves on the game-over dialog. */
async function botsPlayToTheEnd(page: Page): Promise<void> {
  for (let step = 0; step < 2000; step++) {
    await page.waitForSelector(
      '[data-testid="winner"], [data-testid="close-reveal"], [data-testid="close-scoring"]',
      { timeout: 120_000 },
    );
    if (await has(page, '[data-testid="winner"]')) return;
    if (await has(page, '[data-testid="close-reveal"]')) await page.click('[data-testid="close-reveal"]');
    else if (await has(page, '[data-testid="close-scoring"]'))
      await page.click('[data-testid="close-scoring"]');
  }
  throw new Error('the game did not end');
}

describe('Tribes game-over dialog: key moments', () => {
  for (const size of [
    { name: 'desktop', opts: { width: 1280, height: 860, lang: 'de-DE' } },
    { name: 'phone', opts: { ...PHONE_SIZE, lang: 'de-DE' } },
  ])
    it(`names the turns that swung the game (${size.name})`, { timeout: 400_000 }, async () => {
      const { page, context } = await newPage(browser, size.opts);
      await page.goto(`${server.url}/#/tribes/hotseat`);
      await page.selectOption('[data-testid="players"]', '2');
      await page.selectOption('[data-testid="tribes-bot-0"]', 'greedy');
      await page.selectOption('[data-testid="tribes-bot-1"]', 'greedy');
      await page.getByLabel(de.options.tribes.influenceTrackTop).fill('4');
      await page.click('[data-testid="start"]');
      await botsPlayToTheEnd(page);
      const moments = page.locator('[data-testid="winner"] [data-testid="key-moments"]');
      expect(await moments.locator('h3').innerText()).toBe(de.gameOver.keyMoments);
      await page.waitForSelector('[data-testid="key-moments-list"] li', { timeout: 120_000 });
      const lines = await page.locator('[data-testid="key-moments-list"] li').allInnerTexts();
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.length).toBeLessThanOrEqual(3);
      // "Zug 5 (Gierig 2): Gierig 1 −47 Prozentpunkte": the turn, whose it was, who gained or lost, in
      // words, the two bots told apart as everywhere on the screen.
      for (const line of lines)
        expect(line).toMatch(/^Zug \d+ \(Gierig [12]\): Gierig [12] [+−]\d+ Prozentpunkte$/);
      await shot(page, `tribes-key-moments-${size.name}`);
      await context.close();
    });
});
