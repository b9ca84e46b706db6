/**
 * Counts read as counts (issue 18, item 10: "1 markers" in every language): the Tribes century panel says
 * "1 peace tile left" for the fourth century's single tile and the plural for the others, through i18next's
 * plural forms — in English on a desktop and in Czech (one / few / other) on a 390×844 phone.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, shot, type ServerProcess, withServerAndBrowser, PHONE_SIZE } from './harness.js';
import { startTribesHotseat } from './hotseat.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

async function peaceLabels(page: Page): Promise<string[]> {
  await page.click('[data-testid="ready"]');
  await page.waitForSelector('[data-testid="centuries"]');
  return page
    .locator('[data-testid="centuries"] .tiles')
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
}

describe('plural forms', () => {
  it('the peace tiles left, at the start of a 3-player game', async () => {
    const en = await newPage(browser);
    await startTribesHotseat(en.page, server.url, ['Galla', 'Honoria', 'Aetius']);
    expect(await peaceLabels(en.page)).toEqual([
      '1 peace tile left',
      '2 peace tiles left',
      '3 peace tiles left',
      '4 peace tiles left',
    ]);

    const cs = await newPage(browser, { ...PHONE_SIZE, lang: 'cs-CZ' });
    await cs.page.goto(`${server.url}/`);
    await cs.page.selectOption('[data-testid="language"]', 'cs');
    await startTribesHotseat(cs.page, server.url, ['Galla', 'Honoria', 'Aetius']);
    expect(await peaceLabels(cs.page)).toEqual([
      'zbývá 1 žeton míru',
      'zbývají 2 žetony míru',
      'zbývají 3 žetony míru',
      'zbývají 4 žetony míru',
    ]);
    await shot(cs.page, 'plurals-tribes-phone-cs');
    await en.context.close();
    await cs.context.close();
  });
});
