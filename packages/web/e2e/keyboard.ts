/** Playing with the keyboard alone: Tab (and Shift+Tab) to move the focus, Enter to press. */
import type { Page } from 'playwright-core';

/** Whether the focused element matches `selector`. */
async function focusedMatches(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector);
}

/**
 * Presses Tab until the focus is on an element matching `selector` (as a person tabs through the page);
 * returns the number of presses. Throws when a whole cycle through the page never reaches it.
 */
export async function tabTo(page: Page, selector: string, max = 400): Promise<number> {
  for (let n = 0; n <= max; n++) {
    if (await focusedMatches(page, selector)) return n;
    await page.keyboard.press('Tab');
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? 'nothing');
  throw new Error(`${max} presses of Tab never reached ${selector} (focus on ${focused})`);
}

/** Tabs to the element and presses Enter on it. */
export async function pressOn(page: Page, selector: string): Promise<number> {
  const n = await tabTo(page, selector);
  await page.keyboard.press('Enter');
  return n;
}

/** Whether the focus comes to an element matching `selector` by itself (a dialog or screen that takes it). */
export async function focusArrives(page: Page, selector: string, timeout = 2000): Promise<boolean> {
  return page
    .waitForFunction((sel) => document.activeElement?.matches(sel) ?? false, selector, { timeout })
    .then(() => true)
    .catch(() => false);
}
