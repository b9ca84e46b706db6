/**
 * The bot ladder's page (issue 23): the server's ladder plays by itself; on a phone in German a visitor
 * finds the page from the leaderboard, sees each pool's ratings and the latest games, and downloads a game's
 * record, which is the server's record of that table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LadderView } from '@attila/protocol';
import type { Browser } from 'playwright-core';
import {
  launchBrowser,
  newPage,
  shot,
  sidewaysOverflow,
  startServer,
  type ServerProcess,
  PHONE_SIZE,
} from './harness.js';

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({
      // Levels that do not search: the ladder's games take moments (Tribes at 4 seats is passed over).
      args: [
        '--ladder',
        'on',
        '--ladder-seed',
        'e2e',
        '--ladder-levels',
        'random,easy,greedy',
        '--bot-delay',
        '0',
      ],
    }),
    launchBrowser(),
  ]);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function ladder(): Promise<LadderView> {
  return (await (await fetch(`${server.url}/api/ladder`)).json()) as LadderView;
}

describe('the bot ladder page', () => {
  it('shows the pools and the latest games on a phone in German; a record downloads', async () => {
    let view = await ladder();
    while (view.games < 4 || !view.recent.some((g) => g.pool === 'tribes-3')) {
      await new Promise((r) => setTimeout(r, 200));
      view = await ladder();
    }
    expect(view.running).toBe(true);
    const { context, page } = await newPage(browser, {
      ...PHONE_SIZE,
      lang: 'de-DE',
    });
    await page.goto(`${server.url}/#/leaderboard`);
    await page.selectOption('[data-testid="language"]', 'de');
    await page.click('[data-testid="ladder-link"]');
    await page.waitForSelector('[data-testid="ladder-game"]');
    expect(await page.textContent('h1')).toBe('Bot-Rangliste');
    expect(await page.textContent('[data-testid="ladder-status"]')).toMatch(
      /Die Rangliste spielt: bisher \d+ gewertete Partien\./,
    );
    const knights = page.locator('[data-testid="ladder-pool-knights"]');
    expect(await knights.locator('h2').textContent()).toBe('Ritter');
    const levels = await knights
      .locator('[data-testid="ladder-row"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-player')));
    expect(levels.every((l) => ['level:random', 'level:easy', 'level:greedy'].includes(l ?? ''))).toBe(true);
    expect(levels.length).toBeGreaterThanOrEqual(2);
    expect(await page.locator('[data-testid="ladder-pool-tribes-3"] h2').textContent()).toBe(
      'Stämme, 3 Spieler',
    );
    // Level names in the page's language.
    expect(await knights.textContent()).toMatch(/Zufall \(Anfänger\)|Leicht|Gierig/);
    expect(await sidewaysOverflow(page)).toBe(0);
    await shot(page, 'ladder-phone-de');

    const first = page.locator('[data-testid="ladder-game"]').first();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      first.locator('[data-testid="ladder-record"]').click(),
    ]);
    const table = (await ladder()).recent.find((g) => download.suggestedFilename().includes(g.table));
    expect(table).toBeDefined();
    expect(download.suggestedFilename()).toBe(`attila-${table!.game}-${table!.table}.json`);
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    const record = JSON.parse(readFileSync(path, 'utf8')) as { moves: string[]; result: unknown };
    expect(record.moves.length).toBeGreaterThan(0);
    expect(record.result).not.toBeNull();
    await context.close();
  }, 120_000);
});
