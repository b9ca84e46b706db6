/**
 * Tribes on a 390×844 phone (issue 18): the hand and the decision are on screen without scrolling past the
 * map (they stay at the bottom while the map is above), the map says it scrolls sideways and its buttons
 * scroll it, and a whole turn — card, province, influence — is made from there. Desktop keeps the hand in
 * its place below the map.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, shot, type ServerProcess, withServerAndBrowser, PHONE_SIZE } from './harness.js';
import { startTribesHotseat } from './hotseat.js';
import en from '../src/i18n/locales/en.json';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

/** The element lies wholly inside the viewport as the page is scrolled now. */
async function inViewport(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  }, selector);
}

describe('Tribes on a phone', () => {
  it(
    'keeps the hand and the decision in view, and says the map scrolls sideways',
    { timeout: 90_000 },
    async () => {
      const { page, context } = await newPage(browser, PHONE_SIZE);
      await startTribesHotseat(page, server.url, ['Honoria', 'Aetius']);
      await page.click('[data-testid="ready"]');
      await page.waitForSelector('[data-testid="tribes-map"] .land');
      await page.waitForSelector('[data-testid="decision-play"]');
      await page.evaluate(() => scrollTo(0, 0));
      await shot(page, 'tribes-phone-start');
      await page.screenshot({
        path: new URL('../screenshots/tribes-phone-viewport.png', import.meta.url).pathname,
      });
      // At the top of the page, the map above: the whole hand and the prompt are on screen.
      expect(await inViewport(page, '[data-testid="hand"]')).toBe(true);
      expect(await inViewport(page, '[data-testid="decision-play"] .prompt')).toBe(true);
      // The map is wider than the screen, and says so where it can be seen.
      const wider = await page.$eval('.map-scroll', (el) => el.scrollWidth > el.clientWidth);
      expect(wider).toBe(true);
      expect(await page.innerText('[data-testid="map-scroll-hint"]')).toContain(en.tribes.mapScrollHint);
      expect(await inViewport(page, '[data-testid="map-scroll-hint"]')).toBe(true);
      // It starts at its western edge (issue 31: the west started off-screen), and its buttons scroll it.
      expect(await page.$eval('.map-scroll', (el) => el.scrollLeft)).toBe(0);
      await page.click(`[data-testid="map-scroll-hint"] button[aria-label="${en.tribes.mapRight}"]`);
      await page.waitForFunction(() => document.querySelector('.map-scroll')!.scrollLeft > 0);
      await page.click(`[data-testid="map-scroll-hint"] button[aria-label="${en.tribes.mapLeft}"]`);
      await page.waitForFunction(() => document.querySelector('.map-scroll')!.scrollLeft === 0);
      // A turn from there: a card in the bar, a province on the map, influence in the bar.
      await page
        .locator('[data-testid="decision-play"] [data-testid^="card-"]:not([disabled])')
        .first()
        .click();
      await page.locator('[data-testid="tribes-map"] [data-selectable="true"]').first().click();
      await page.waitForSelector('[data-testid="decision-influence"]');
      expect(await inViewport(page, '[data-testid="take-influence"]')).toBe(true);
      await page.evaluate(() => scrollTo(0, 0));
      expect(await inViewport(page, '[data-testid="hand"]')).toBe(true);
      await context.close();
    },
  );

  it('on a desktop the whole map fits: no hint, the hand below the map', { timeout: 60_000 }, async () => {
    const { page, context } = await newPage(browser);
    await startTribesHotseat(page, server.url, ['Honoria', 'Aetius']);
    await page.click('[data-testid="ready"]');
    await page.waitForSelector('[data-testid="decision-play"]');
    expect(await page.locator('[data-testid="map-scroll-hint"]').count()).toBe(0);
    const map = (await page.locator('[data-testid="tribes-map"]').boundingBox())!;
    const hand = (await page.locator('[data-testid="hand"]').boundingBox())!;
    expect(hand.y).toBeGreaterThan(map.y + map.height);
    await context.close();
  });
});
