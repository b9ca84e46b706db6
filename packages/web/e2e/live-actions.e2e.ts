/**
 * What people do in live games besides moving (issue 18): two people in two browsers (one on a 390×844
 * phone) play Knights: a takeback asked and accepted, then one refused for good; a resignation; a rematch
 * both accept, which takes them to the new table with sides swapped. An abort before anyone moved. A
 * 3-player Tribes table where one player resigns and a bot plays the seat on.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { liveTable, newPage, shot, type ServerProcess, withServerAndBrowser, PHONE_SIZE } from './harness.js';
import { playKnightsTurn, waitForTurnOrEnd } from './knights.js';
import { playTribesDecision } from './tribes.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

const seqOf = (page: Page) => page.getAttribute('.board-card', 'data-seq');

/** A live Knights table: Flavius creates it on a desktop, Bleda joins on a phone. */
async function knightsTable() {
  const a = await newPage(browser);
  const b = await newPage(browser, PHONE_SIZE);
  await liveTable(server, 'knights', a.page, [b.page], ['Flavius', 'Bleda']);
  return { a, b };
}

/** The page of the player to move plays one turn; resolves once both show the new move. */
async function playTurn(pages: Page[]): Promise<Page> {
  for (;;) {
    for (const p of pages) {
      if ((await p.locator('.knights-board [data-target="true"]').count()) > 0) {
        const before = Number(await seqOf(p));
        await playKnightsTurn(p);
        for (const q of pages) await expect.poll(() => seqOf(q)).toBe(String(before + 1));
        return p;
      }
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

const DECISION = ['play', 'influence', 'commit', 'discard']
  .map((d) => `[data-testid="decision-${d}"]`)
  .join(', ');

/** Whoever has a Tribes decision on screen makes it, closing reveals and scorings first. */
async function playOneMove(players: readonly Page[]): Promise<void> {
  for (let tries = 0; tries < 400; tries++) {
    for (const page of players) {
      for (let i = 0; i < 10; i++) {
        if ((await page.locator('[data-testid="reveal"]').count()) > 0)
          await page.click('[data-testid="close-reveal"]');
        else if ((await page.locator('[data-testid="scoring"]').count()) > 0)
          await page.click('[data-testid="close-scoring"]');
        else break;
      }
      if ((await page.locator(DECISION).count()) > 0) return playTribesDecision(page);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('nobody had a decision to make');
}

describe('live play: takeback, resign, rematch, abort', () => {
  it(
    'Knights: a takeback accepted, then refused for good; a resignation; a rematch with sides swapped',
    { timeout: 180_000 },
    async () => {
      const { a, b } = await knightsTable();
      const pages = [a.page, b.page];
      const first = await playTurn(pages);
      const second = first === a.page ? b.page : a.page;
      await first.click('[data-testid="takeback-ask"]');
      await first.waitForSelector('[data-testid="takeback-waiting"]');
      await second.waitForSelector('[data-testid="takeback-request"]');
      await shot(b.page, 'live-takeback-request-phone');
      await second.click('[data-testid="takeback-accept"]');
      for (const p of pages) await expect.poll(() => seqOf(p)).toBe('0');
      expect(await waitForTurnOrEnd(first)).toBe(false);
      // A reload after the takeback shows the game as it is now.
      await second.reload();
      await second.waitForSelector('.knights-board');
      await expect.poll(() => seqOf(second)).toBe('0');

      await playTurn(pages);
      await playTurn(pages);
      await first.click('[data-testid="takeback-ask"]');
      await second.waitForSelector('[data-testid="takeback-request"]');
      await second.click('[data-testid="takeback-never"]');
      await first.waitForSelector('[data-testid="takeback-refused-for-good"]');
      await second.waitForSelector('[data-testid="takeback-mine-never"]');
      expect(await first.locator('[data-testid="takeback-ask"]').count()).toBe(0);
      await expect.poll(() => seqOf(first)).toBe('2');
      await shot(a.page, 'live-takeback-refused-desktop');

      // Flavius resigns (with a confirmation): Bleda wins.
      await a.page.click('[data-testid="resign"]');
      await a.page.click('[data-testid="resign-confirm"]');
      for (const p of pages) {
        await expect
          .poll(() => p.locator('[data-testid="game-outcome"]').innerText())
          .toBe('Flavius resigned.');
      }
      await shot(b.page, 'live-resigned-phone');
      for (const p of pages) {
        expect(await p.locator('[data-testid="winner"]').innerText()).toContain('The Romans resigned.');
        await p.click('[data-testid="winner"] button.secondary');
      }
      await b.page.click('[data-testid="rematch-accept"]');
      await a.page.waitForSelector('[data-testid="rematch-seat-1"][data-accepted="true"]');
      expect(await a.page.locator('[data-testid="rematch-seat-0"]').getAttribute('data-accepted')).toBe(
        'false',
      );
      await shot(a.page, 'live-rematch-offered-desktop');
      const oldUrl = a.page.url();
      await a.page.click('[data-testid="rematch-accept"]');
      // Both are taken to the new table; Flavius now sits at seat 1, Bleda at seat 0.
      for (const p of pages) {
        await expect.poll(() => p.url()).not.toBe(oldUrl);
        await p.waitForSelector('.knights-board');
      }
      expect(a.page.url()).toBe(b.page.url());
      await expect
        .poll(() => a.page.locator('[data-testid="seat-pill-1"]').innerText())
        .toContain('Flavius (you)');
      await expect
        .poll(() => b.page.locator('[data-testid="seat-pill-0"]').innerText())
        .toContain('Bleda (you)');
      await expect.poll(() => seqOf(a.page)).toBe('0');
      await shot(b.page, 'live-rematch-started-phone');
      await a.context.close();
      await b.context.close();
    },
  );

  it('Knights: abort before both have moved; nobody wins', { timeout: 120_000 }, async () => {
    const { a, b } = await knightsTable();
    await b.page.click('[data-testid="abort"]');
    for (const p of [a.page, b.page]) {
      await expect
        .poll(() => p.locator('[data-testid="game-outcome"]').innerText())
        .toBe('Game aborted: no winner, it counts for nothing.');
    }
    // No winner is announced: no end dialog, and the status says the game is over.
    for (const p of [a.page, b.page]) {
      expect(await p.locator('[data-testid="winner"]').count()).toBe(0);
      expect(await p.locator('[data-testid="status"]').innerText()).toBe('Game over');
    }
    await shot(a.page, 'live-aborted-desktop');
    await a.context.close();
    await b.context.close();
  });

  it(
    'Tribes, 3 players: one resigns, a bot plays the seat on, the others go on',
    { timeout: 180_000 },
    async () => {
      const a = await newPage(browser);
      const b = await newPage(browser);
      const c = await newPage(browser, { ...PHONE_SIZE, lang: 'de-DE' });
      await c.page.goto(`${server.url}/`);
      await c.page.selectOption('[data-testid="language"]', 'de');
      await liveTable(server, 'tribes', a.page, [b.page, c.page], ['Galla', 'Bleda', 'Ruga']);
      await c.page.click('[data-testid="resign"]');
      await c.page.click('[data-testid="resign-confirm"]');
      await c.page.waitForSelector('[data-testid="you-resigned"]');
      await shot(c.page, 'live-tribes-resigned-phone-de');
      await expect.poll(() => a.page.locator('[data-testid="seat-pill-2"]').innerText()).toContain('Ruga');
      // The other two play on: every decision of seat 2 is made by its bot.
      const start = Number(await a.page.getAttribute('.tribes-play', 'data-seq'));
      for (let move = 0; move < 8; move++) await playOneMove([a.page, b.page]);
      await expect
        .poll(async () => Number(await a.page.getAttribute('.tribes-play', 'data-seq')))
        .toBeGreaterThan(start + 8);
      await shot(a.page, 'live-tribes-after-resign-desktop');
      for (const p of [a, b, c]) await p.context.close();
    },
  );
});
