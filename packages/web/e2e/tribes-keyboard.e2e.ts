/**
 * A whole Tribes hotseat game with the keyboard alone (issue 18, defect 4): Tab reaches the cards, the
 * provinces where a marker may go, the buttons of every decision and the dialogs; Enter presses them. No
 * mouse click is made after the setup screen.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, shot, type ServerProcess, withServerAndBrowser } from './harness.js';
import { HOTSEAT_ANY } from './hotseat.js';
import { focusArrives, pressOn, tabTo } from './keyboard.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

const has = async (page: Page, selector: string) => (await page.locator(selector).count()) > 0;
const seq = (page: Page) => page.getAttribute('.tribes-play', 'data-seq');

/** One decision by keyboard; resolves when the engine has taken the move. */
async function decideByKeyboard(page: Page, presses: number[]): Promise<void> {
  const before = await seq(page);
  if (await has(page, '[data-testid="decision-play"]')) {
    presses.push(await pressOn(page, '[data-testid="decision-play"] [data-testid^="card-"]:not([disabled])'));
    await page.waitForSelector('[data-testid="tribes-map"] [data-selectable="true"]');
    presses.push(await tabTo(page, '[data-testid="tribes-map"] [data-selectable="true"]'));
    if (presses.length < 8) await shot(page, 'tribes-keyboard-province-focused');
    await page.keyboard.press('Enter');
  } else if (await has(page, '[data-testid="decision-influence"]')) {
    if (await has(page, '[data-testid="second-marker"]')) {
      presses.push(await pressOn(page, '[data-testid="second-marker"]'));
      await page.waitForSelector('[data-testid="tribes-map"] [data-selectable="true"]');
      presses.push(await pressOn(page, '[data-testid="tribes-map"] [data-selectable="true"]'));
    } else presses.push(await pressOn(page, '[data-testid="take-influence"]'));
  } else if (await has(page, '[data-testid="decision-commit"]')) {
    const more = '[data-testid="decision-commit"] [data-testid^="more-"]:not([disabled])';
    if (await has(page, more)) presses.push(await pressOn(page, more));
    presses.push(await pressOn(page, '[data-testid="commit"]:not([disabled])'));
  } else if (await has(page, '[data-testid="decision-discard"]')) {
    presses.push(await pressOn(page, '[data-testid="decision-discard"] button'));
  }
  await page.waitForFunction(
    (s) => document.querySelector('.tribes-play')?.getAttribute('data-seq') !== s,
    before,
    { timeout: 15_000 },
  );
}

describe('Tribes by keyboard', () => {
  it('plays a whole three-player hotseat game with Tab and Enter only', { timeout: 600_000 }, async () => {
    const { page, context } = await newPage(browser, { width: 1280, height: 900 });
    await page.goto(`${server.url}/#/tribes/hotseat`);
    await page.selectOption('[data-testid="players"]', '3');
    await page.fill('[data-testid="player-name-0"]', 'Honoria');
    await page.fill('[data-testid="player-name-1"]', 'Valentinian');
    await page.fill('[data-testid="player-name-2"]', 'Aetius');
    await page.focus('[data-testid="start"]');
    await page.keyboard.press('Enter');
    const presses: number[] = [];
    let moves = 0;
    let dialogs = 0;
    let markersByKeyboard = 0;
    for (let step = 0; step < 3000; step++) {
      await page.waitForSelector(HOTSEAT_ANY, { timeout: 30_000 });
      if (await has(page, '[data-testid="pass-device"]')) {
        // The button that shows the next hand has the focus: Enter alone.
        expect(await focusArrives(page, '[data-testid="ready"]')).toBe(true);
        expect(await pressOn(page, '[data-testid="ready"]')).toBe(0);
        continue;
      }
      if (await has(page, '[data-testid="reveal"], [data-testid="scoring"]')) {
        if (dialogs++ === 0) await shot(page, 'tribes-keyboard-dialog');
        // A dialog takes the focus when it opens: Enter closes it.
        const close = '[data-testid="close-reveal"], [data-testid="close-scoring"]';
        expect(await focusArrives(page, close)).toBe(true);
        expect(await pressOn(page, close)).toBe(0);
        continue;
      }
      if (await has(page, '[data-testid="winner"]')) break;
      const before = presses.length;
      const placing = await has(page, '[data-testid="decision-play"]');
      await decideByKeyboard(page, presses);
      if (placing) markersByKeyboard++;
      if (moves++ === 3) await shot(page, 'tribes-keyboard');
      expect(presses.length).toBeGreaterThan(before);
    }
    expect(await has(page, '[data-testid="winner"]')).toBe(true);
    expect(await focusArrives(page, '[data-testid="close-winner"]')).toBe(true);
    await shot(page, 'tribes-keyboard-winner');
    presses.sort((a, b) => a - b);
    console.log(
      `keyboard game: ${moves} moves (${markersByKeyboard} cards placed), ${dialogs} dialogs, ` +
        `Tab presses per action median ${presses[presses.length >> 1]}, max ${presses[presses.length - 1]}`,
    );
    expect(markersByKeyboard).toBeGreaterThan(10);
    expect(dialogs).toBeGreaterThan(0);
    await context.close();
  });
});
