/**
 * The game log survives a reload and reaches a late joiner (issue 18, defect 6): three people play Tribes
 * online (desktop/English, 390×844 phone/German, desktop/English); the phone player reloads mid-game and a
 * spectator (a phone in English) comes in later. Both have the whole log — as many lines as the players who
 * stayed, line for line the same text in the same language — and it grows with the game afterwards.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { liveTable, newPage, shot, type ServerProcess, withServerAndBrowser, PHONE_SIZE } from './harness.js';
import { playTribesDecision } from './tribes.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

const DECISION = ['play', 'influence', 'commit', 'discard']
  .map((d) => `[data-testid="decision-${d}"]`)
  .join(', ');

/** What a player's page shows first: a conflict's reveal, a century's scoring, a decision, or nothing to do. */
function showing(page: Page): Promise<'reveal' | 'scoring' | 'decision' | 'none'> {
  return page.evaluate((decision) => {
    if (document.querySelector('[data-testid="reveal"]')) return 'reveal';
    if (document.querySelector('[data-testid="scoring"]')) return 'scoring';
    return document.querySelector(decision) ? 'decision' : 'none';
  }, DECISION);
}

/** Whoever has a decision on screen makes it (each player closes what pops up first). */
async function playOneMove(players: readonly Page[]): Promise<void> {
  for (let tries = 0; tries < 400; tries++) {
    for (const page of players) {
      // One look at the page a step (a move is many steps over three pages).
      for (let closed = 0; closed < 10; closed++) {
        const now = await showing(page);
        if (now === 'reveal') await page.click('[data-testid="close-reveal"]');
        else if (now === 'scoring') await page.click('[data-testid="close-scoring"]');
        else if (now === 'decision') return playTribesDecision(page);
        else break;
      }
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('nobody had a decision to make');
}

const lines = (page: Page) => page.locator('[data-testid="log"] li').allInnerTexts();
const seq = (page: Page) => page.getAttribute('.tribes-play', 'data-seq');

/** Waits until every page shows the same move, then their logs. */
async function logsInStep(pages: readonly Page[]): Promise<string[][]> {
  await expect.poll(async () => new Set(await Promise.all(pages.map(seq))).size, { timeout: 15_000 }).toBe(1);
  return Promise.all(pages.map(lines));
}

describe('the Tribes log after a reload and for a late joiner', () => {
  it('is the whole log, the same length as a player’s who stayed', { timeout: 240_000 }, async () => {
    const a = await newPage(browser);
    const b = await newPage(browser, { ...PHONE_SIZE, lang: 'de-DE' });
    const c = await newPage(browser);
    await b.page.goto(`${server.url}/`);
    await b.page.selectOption('[data-testid="language"]', 'de');
    const invite = await liveTable(server, 'tribes', a.page, [b.page, c.page], ['Galla', 'Bleda', 'Ruga']);
    const players = [a.page, b.page, c.page];

    for (let move = 0; move < 30; move++) await playOneMove(players);
    const before = await logsInStep(players);
    expect(before[0].length).toBeGreaterThan(30);
    expect(before[1].length).toBe(before[0].length);
    expect(before[2]).toEqual(before[0]);

    // The phone player reloads mid-game: the log comes back whole (it was empty before the fix).
    await b.page.reload();
    await b.page.waitForSelector('[data-testid="tribes-map"] .land');
    const [afterA, afterB] = await logsInStep([a.page, b.page]);
    expect(afterB.length).toBe(afterA.length);
    expect(afterB.length).toBe(before[0].length);
    await shot(b.page, 'tribes-log-after-reload-phone-de');

    for (let move = 0; move < 6; move++) await playOneMove(players);

    // A spectator arrives late, on a phone: the whole log from the first move on.
    const watcher = await newPage(browser, PHONE_SIZE);
    await watcher.page.goto(invite);
    await watcher.page.waitForSelector('[data-testid="tribes-map"] .land');
    let logs = await logsInStep([a.page, b.page, c.page, watcher.page]);
    expect(logs[0].length).toBeGreaterThan(before[0].length);
    expect(logs[3]).toEqual(logs[0]);
    expect(logs[1].length).toBe(logs[0].length);
    expect(logs[3][0]).toBe(before[0][0]);
    // The spectator sees no hand and makes no decision.
    expect(await watcher.page.locator('[data-testid="hand"]').count()).toBe(0);
    await shot(watcher.page, 'tribes-log-late-spectator-phone');

    // And both keep following the game live.
    for (let move = 0; move < 3; move++) await playOneMove(players);
    logs = await logsInStep([a.page, b.page, c.page, watcher.page]);
    expect(logs[3]).toEqual(logs[0]);
    expect(logs[1].length).toBe(logs[0].length);
    expect(logs[2]).toEqual(logs[0]);
    for (const x of [a, b, c, watcher]) await x.context.close();
  });
});
