/**
 * A Tribes move typed as text (issue 31: Knights had it, Tribes did not): a line that is no move and a move
 * that is not legal now are refused in words, in the player's language; a legal one, in any case, is
 * played, and so is step 2's "influence". Desktop and phone size, in Spanish.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, shot, type ServerProcess, withServerAndBrowser, PHONE_SIZE } from './harness.js';
import es from '../src/i18n/locales/es.json';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

const seq = (page: Page) => page.getAttribute('.tribes-play', 'data-seq');

async function typeMove(page: Page, text: string): Promise<void> {
  await page.fill('[data-testid="move-text"]', text);
  await page.press('[data-testid="move-text"]', 'Enter');
}

/** Types `text` and waits for the engine to take it. */
async function typeAndPlay(page: Page, text: string): Promise<void> {
  const before = await seq(page);
  await typeMove(page, text);
  await page.waitForFunction(
    (s) => document.querySelector('.tribes-play')?.getAttribute('data-seq') !== s,
    before,
    { timeout: 15_000 },
  );
}

const help = (page: Page) => page.innerText('#tribes-move-input-help');

describe('Tribes moves typed as text', () => {
  for (const size of [
    { name: 'desktop', opts: { width: 1280, height: 860, lang: 'es-ES' } },
    { name: 'phone', opts: { ...PHONE_SIZE, lang: 'es-ES' } },
  ])
    it(`refuses what is no move or not legal, plays what is (${size.name})`, async () => {
      const { page, context } = await newPage(browser, size.opts);
      await page.goto(`${server.url}/#/tribes/hotseat`);
      await page.click('[data-testid="start"]');
      await page.click('[data-testid="ready"]');
      await page.waitForSelector('[data-testid="decision-play"]');
      expect(await help(page)).toContain('play Huns germania');

      await typeMove(page, 'march on Rome');
      expect(await help(page)).toBe(es.tribes.moveInput.unreadable.replace('{{text}}', 'march on Rome'));
      expect(await page.getAttribute('[data-testid="move-text"]', 'aria-invalid')).toBe('true');

      await typeMove(page, 'influence');
      expect(await help(page)).toBe(es.tribes.moveInput.illegal.replace('{{move}}', 'influence'));
      const unchanged = await seq(page);

      // A legal move, found on the screen: a playable card and a province it may go to.
      const card = page
        .locator('[data-testid="decision-play"] [data-testid^="card-"]:not([disabled])')
        .first();
      const tribe = (await card.getAttribute('data-testid'))!.slice('card-'.length);
      await card.click();
      const province = await page
        .locator('[data-testid="tribes-map"] [data-selectable="true"]')
        .first()
        .getAttribute('data-province');
      expect(await seq(page)).toBe(unchanged);
      await typeAndPlay(page, `PLAY ${tribe.toUpperCase()} ${province!.toUpperCase()}`);
      await page.waitForSelector('[data-testid="decision-influence"]');
      expect(await page.inputValue('[data-testid="move-text"]')).toBe('');
      await shot(page, `tribes-typed-moves-${size.name}`);
      await typeAndPlay(page, 'influence');
      // The next player's turn: the device changes hands.
      await page.waitForSelector('[data-testid="pass-device"]');
      await context.close();
    });
});
