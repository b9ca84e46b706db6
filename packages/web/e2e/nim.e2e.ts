/**
 * The third game through the whole seam (issue 17): Nim, added as an engine, a client module and a registry
 * entry, is hosted by the real server, played by two browsers at a table, replayed from the server's record,
 * and played on one device — with no Nim-specific code anywhere else.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, shot, type ServerProcess, withServerAndBrowser, PHONE_SIZE } from './harness.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

const stones = (page: Page) => page.getAttribute('[data-testid="nim"]', 'data-stones');

/** Waits until `page` may take, then takes `n` and waits for the pile to shrink. */
async function take(page: Page, n: number): Promise<void> {
  const before = await stones(page);
  await page.click(`[data-testid="take-${n}"]`);
  await page.waitForFunction(
    (s) => document.querySelector('[data-testid="nim"]')?.getAttribute('data-stones') !== s,
    before,
  );
}

describe('Nim, the third game', () => {
  it('two browsers play it at a server table to the end, then replay it from the server', async () => {
    const games = (await (await fetch(`${server.url}/api/games`)).json()) as { games: { game: string }[] };
    expect(games.games.map((g) => g.game)).toContain('nim');
    const a = await newPage(browser);
    const b = await newPage(browser, PHONE_SIZE);
    await a.page.goto(`${server.url}/#/lobby/nim`);
    await a.page.fill('[data-testid="name"]', 'Honoria');
    await a.page.fill('[data-testid="nim-stones"]', '5');
    await a.page.click('[data-testid="create"]');
    const invite = await a.page.inputValue('[data-testid="invite"]');
    expect(await a.page.innerText('[data-testid="seat-pill-1"]')).toContain('Player 2');
    await b.page.goto(invite);
    await b.page.fill('[data-testid="join-name"]', 'Valentinian');
    await b.page.click('[data-testid="sit-1"]');
    await a.page.waitForSelector('[data-testid="take-3"]');
    expect(await stones(a.page)).toBe('5');
    // Only the seat to move gets the choices.
    expect(await b.page.locator('[data-testid^="take-"]').count()).toBe(0);
    await take(a.page, 1);
    await b.page.waitForSelector('[data-testid="take-3"]');
    await take(b.page, 3);
    // One stone left: only "take 1" is offered.
    await a.page.waitForSelector('[data-testid="take-1"]');
    expect(await a.page.locator('[data-testid^="take-"]').count()).toBe(1);
    await take(a.page, 1);
    for (const page of [a.page, b.page]) {
      await expect
        .poll(() => page.innerText('[data-testid="status"]'))
        .toContain('Honoria took the last stone');
    }
    await shot(b.page, 'nim-online-phone');
    const id = a.page.url().split('/table/')[1];
    await a.page.goto(`${server.url}/#/replay/${id}`);
    await a.page.waitForSelector('[data-testid="nim"]');
    expect(await stones(a.page)).toBe('0');
    await a.page.click('[data-testid="replay-prev"]');
    expect(await stones(a.page)).toBe('1');
    await a.page.click('[data-testid="replay-prev"]');
    await a.page.click('[data-testid="replay-prev"]');
    expect(await stones(a.page)).toBe('5');
    await shot(a.page, 'nim-replay');
    await a.context.close();
    await b.context.close();
  });

  it('plays on one device, with undo', async () => {
    const { page, context } = await newPage(browser, { lang: 'de-DE' });
    // Nim is the worked example of the seam, not one of Attila's games: no card on the home screen.
    await page.goto(`${server.url}/`);
    expect(await page.locator('[data-testid="knights-card"]').count()).toBe(1);
    expect(await page.getByText('Nim', { exact: true }).count()).toBe(0);
    await page.goto(`${server.url}/#/nim/hotseat`);
    await page.fill('[data-testid="nim-stones"]', '4');
    await page.click('[data-testid="start"]');
    await take(page, 2);
    await page.click('text=Zurücknehmen');
    expect(await stones(page)).toBe('4');
    await take(page, 3);
    await take(page, 1);
    expect(await page.innerText('[data-testid="status"]')).toContain('Spieler 2 nimmt den letzten Stein');
    expect(await page.locator('[data-testid^="take-"]').count()).toBe(0);
    await shot(page, 'nim-hotseat-de');
    await context.close();
  });
});
