/**
 * The Knights tile editor in two languages (issue 18, defect 8): an arrangement the rules refuse gets a
 * friendly message in the player's language, never the engine's developer text, and the message goes once
 * the tiles are put right; a refused layout cannot be started.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, shot, type ServerProcess, withServerAndBrowser, PHONE_SIZE } from './harness.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

/** Everything the setup card says about the layout (the editor's message and any other error). */
const said = (page: Page) => page.innerText('.card');

async function keys(page: Page, ...pressed: string[]) {
  for (const k of pressed) await page.keyboard.press(k);
}

const CASES = [
  {
    lang: 'en',
    size: { width: 1280, height: 860 },
    overlap: 'on top of each other',
    corner: 'only at a corner',
    apart: 'do not all touch',
    ok: 'make a board the rules allow',
  },
  {
    lang: 'de',
    size: PHONE_SIZE,
    overlap: 'übereinander',
    corner: 'nur an einer Ecke',
    apart: 'Nicht alle Tafeln berühren sich',
    ok: 'erlaubtes Spielbrett',
  },
] as const;

describe('the tile editor speaks to players', () => {
  for (const c of CASES) {
    it(`explains a refused arrangement and clears it once fixed (${c.lang})`, async () => {
      const { page, context } = await newPage(browser, c.size);
      await page.goto(`${server.url}/`);
      await page.selectOption('[data-testid="language"]', c.lang);
      await page.goto(`${server.url}/#/knights/hotseat`);
      await page.click('[data-testid="preset-custom"]');
      await page.waitForSelector('[data-testid="tile-editor"]');
      expect(await page.innerText('[data-testid="tile-problem"]')).toContain(c.ok);
      // Tile 2 (the small one at the top right) is moved with the keyboard.
      await page.focus('[data-testid="tile-editor"] svg');
      await keys(page, 'Tab', 'ArrowLeft');
      await expect.poll(() => said(page)).toContain(c.overlap);
      await shot(page, `tile-editor-overlap-${c.lang}`);
      for (const developerText of ['bad layout', 'is not a layout', 'preset name', '"overlap"'])
        expect(await said(page)).not.toContain(developerText);
      expect(await page.isDisabled('[data-testid="start"]')).toBe(true);
      await keys(page, 'ArrowRight', 'ArrowUp', 'ArrowUp');
      await expect.poll(() => said(page)).toContain(c.corner);
      expect(await said(page)).not.toContain(c.overlap);
      await keys(page, 'ArrowRight');
      await expect.poll(() => said(page)).toContain(c.apart);
      expect(await said(page)).not.toContain('touches no other tile');
      // Back where it was: every complaint is gone and the game starts.
      await keys(page, 'ArrowLeft', 'ArrowDown', 'ArrowDown');
      await expect.poll(() => page.innerText('[data-testid="tile-problem"]')).toContain(c.ok);
      for (const complaint of [c.overlap, c.corner, c.apart])
        expect(await said(page)).not.toContain(complaint);
      expect(await page.locator('.card .error').count()).toBe(0);
      await shot(page, `tile-editor-fixed-${c.lang}`);
      await page.click('[data-testid="start"]');
      await page.waitForSelector('.knights-board');
      await context.close();
    });
  }
});
