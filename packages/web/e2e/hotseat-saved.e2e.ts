/**
 * Hotseat games survive a reload and ask before they are left (issue 18, defect 7), at desktop size in
 * English (Tribes, three players) and at phone size in German (Knights): the game comes back from the
 * browser's storage replayed through the engine, Tribes behind the pass-the-device screen; undo works in
 * both; a header link, "New game" and closing the page ask first.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Dialog, Page } from 'playwright-core';
import { newPage, shot, type ServerProcess, withServerAndBrowser, PHONE_SIZE } from './harness.js';
import { playTribesHotseat, startTribesHotseat } from './hotseat.js';
import { playKnightsTurn } from './knights.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

/** Clicks and answers the confirmation the click raises; returns its question. */
async function answering(page: Page, accept: boolean, click: () => Promise<void>): Promise<string> {
  const asked = new Promise<Dialog>((resolve) => page.once('dialog', resolve));
  const clicked = click();
  const dialog = await asked;
  const message = dialog.message();
  await (accept ? dialog.accept() : dialog.dismiss());
  await clicked;
  return message;
}

const seq = (page: Page) => page.getAttribute('.tribes-play', 'data-seq');
const logLines = (page: Page) => page.locator('[data-testid="log"] li').count();

/** Takes the device (if the pass screen shows) and returns once the game screen is there. */
async function takeDevice(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="pass-device"], .tribes-play');
  if (await page.locator('[data-testid="pass-device"]').count()) await page.click('[data-testid="ready"]');
  await page.waitForSelector('.tribes-play');
}

describe('hotseat games kept on the device', () => {
  it(
    'Tribes: three players reload, undo, and are asked before leaving (desktop, English)',
    { timeout: 180_000 },
    async () => {
      const { page, context } = await newPage(browser);
      await startTribesHotseat(page, server.url, ['Honoria', 'Valentinian', 'Aetius']);
      await playTribesHotseat(page, 'tribes-saved', (s) => s.passes >= 6);
      await takeDevice(page);
      const before = {
        seq: await seq(page),
        log: await logLines(page),
        status: await page.innerText('[data-testid="status"]'),
      };
      expect(Number(before.seq)).toBeGreaterThan(5);

      // Reloading: the browser asks first; then the same game comes back behind the pass-the-device screen.
      await page.reload();
      await page.waitForSelector('[data-testid="pass-device"]');
      expect(await page.locator('[data-testid="hand"]').count()).toBe(0);
      await shot(page, 'tribes-saved-after-reload');
      await takeDevice(page);
      expect(await seq(page)).toBe(before.seq);
      expect(await logLines(page)).toBe(before.log);
      expect(await page.innerText('[data-testid="status"]')).toBe(before.status);

      // Undo: one move back; the device goes to whoever made it.
      await page.click('[data-testid="undo"]');
      await takeDevice(page);
      expect(Number(await seq(page))).toBe(Number(before.seq) - 1);
      await playTribesHotseat(page, 'tribes-saved-2', (s) => s.passes >= 2);

      // A header link asks first: staying keeps the game on screen; leaving and coming back finds it again.
      await takeDevice(page);
      const now = await seq(page);
      const question = await answering(page, false, () => page.click('header nav a[href="#/lobby"]'));
      expect(question).toContain('Leave this game?');
      expect(page.url()).toContain('#/tribes/hotseat');
      await answering(page, true, () => page.click('header nav a[href="#/lobby"]'));
      await page.waitForURL(/#\/lobby/);
      await page.goto(`${server.url}/#/tribes/hotseat`);
      await takeDevice(page);
      expect(await seq(page)).toBe(now);

      // "New game" asks too; once accepted the game is gone, also after a reload.
      expect(await answering(page, false, () => page.click('[data-testid="new-game"]'))).toContain(
        'new game',
      );
      expect(await seq(page)).toBe(now);
      await answering(page, true, () => page.click('[data-testid="new-game"]'));
      await page.waitForSelector('[data-testid="start"]');
      await page.reload();
      await page.waitForSelector('[data-testid="start"]');
      await context.close();
    },
  );

  it(
    'Knights: a phone reloads mid-game and undoes a move (390×844, German)',
    { timeout: 120_000 },
    async () => {
      const { page, context } = await newPage(browser, {
        ...PHONE_SIZE,
        lang: 'de-DE',
      });
      await page.goto(`${server.url}/`);
      await page.selectOption('[data-testid="language"]', 'de');
      await page.goto(`${server.url}/#/knights/hotseat`);
      await page.click('[data-testid="preset-cross"]');
      await page.click('[data-testid="start"]');
      for (let ply = 0; ply < 8; ply++) await playKnightsTurn(page);
      const position = await page.getAttribute('.knights-board', 'data-position');
      const moves = await page.locator('[data-testid="movelist"] li').allInnerTexts();
      expect(moves.length).toBe(8);
      await page.reload();
      await page.waitForSelector('.knights-board');
      expect(await page.getAttribute('.knights-board', 'data-position')).toBe(position);
      expect(await page.locator('[data-testid="movelist"] li').allInnerTexts()).toEqual(moves);
      await shot(page, 'knights-saved-after-reload-phone');
      await page.click('[data-testid="undo"]');
      await expect.poll(() => page.locator('[data-testid="movelist"] li').count()).toBe(7);
      await page.reload();
      await page.waitForSelector('.knights-board');
      expect(await page.locator('[data-testid="movelist"] li').count()).toBe(7);
      const question = await answering(page, false, () => page.click('header nav a[href="#/replay"]'));
      expect(question).toContain('Partie verlassen?');
      expect(page.url()).toContain('#/knights/hotseat');
      // Closing the page: the browser's own question comes first.
      const unload = new Promise<Dialog>((resolve) => page.once('dialog', resolve));
      await page.close({ runBeforeUnload: true });
      const dialog = await unload;
      expect(dialog.type()).toBe('beforeunload');
      await dialog.accept();
      await context.close();
    },
  );
});
