/**
 * The Knights analysis board and exact mistakes (issues 18 and 21), played as people do: a position set up
 * by clicking (with the engine's complaint about a fourth Roman knight on the way), a position pasted (in
 * German, with a German complaint first), the line of best play stepped with the keyboard, the board opened
 * from a replay at a move (on a phone), the share link reloaded, and a finished hotseat game's mistakes.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newRecord, serializeRecord } from '@attila/core';
import { knightsGame } from '@attila/knights';
import {
  newPage,
  SCREENSHOTS,
  shot,
  type ServerProcess,
  withServerAndBrowser,
  PHONE_SIZE,
} from './harness.js';
import { playKnightsTurn, waitForTurnOrEnd } from './knights.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

/** The README's example: the Huns to move lose in 6. */
const LATE = 'R..H./..H##/#.#R#/.R#.H H';

/** The cross preset's empty board (rules page, Notation: `_` is no square). */
const CROSS = (() => {
  const settings = knightsGame.parseSettings({ layout: 'cross', first: 'R' });
  if (!settings.ok) throw new Error(settings.error.message);
  const state = knightsGame.setup(settings.value, 'e2e');
  if (!state.ok) throw new Error(state.error.message);
  return knightsGame.view(state.value, 'spectator').layout.shape;
})();

const boardPosition = (page: Page) => page.getAttribute('[data-testid="analysis-board"]', 'data-position');
const status = (page: Page) => page.getAttribute('[data-testid="analysis-panel"]', 'data-status');

async function clickSquares(page: Page, tool: string, squares: readonly string[]): Promise<void> {
  await page.check(`[data-testid="tool-${tool}"]`);
  for (const sq of squares) await page.click(`.knights-board [data-square="${sq}"]`);
}

describe('the Knights analysis board', () => {
  it(
    'sets up a position by clicking, says what is wrong on the way, analyses it',
    { timeout: 90_000 },
    async () => {
      const { page, context } = await newPage(browser);
      await page.goto(`${server.url}/#/`);
      await page.click('[data-testid="knights-analysis"]');
      await page.waitForSelector('[data-testid="analysis-board"]');
      expect(await boardPosition(page)).toBe('...../...../...../..... R');
      // Four Roman knights: the engine refuses, and the board says why in words.
      await clickSquares(page, 'R', ['a4', 'd2', 'b1', 'e4']);
      await expect
        .poll(() => page.textContent('[data-testid="setup-problem"]'))
        .toContain('there are 4 knights of the Romans, and each side has only 3');
      await shot(page, 'analysis-board-too-many');
      await page.click('.knights-board [data-square="e4"]'); // a second click takes it off
      await clickSquares(page, 'H', ['d4', 'c3', 'e1']);
      await clickSquares(page, 'scorched', ['d3', 'e3', 'a2', 'c2', 'e2', 'c1']);
      await page.check('[data-testid="to-move-H"]');
      expect(await boardPosition(page)).toBe(LATE);
      expect(await page.locator('[data-testid="setup-problem"]').count()).toBe(0);
      await page.check('[data-testid="tool-play"]');
      await expect.poll(() => status(page), { timeout: 60_000 }).toBe('ready');
      // Every legal move has its exact value; the best loses in 6, as the solver's README says.
      const first = page.locator('[data-testid="verdict-list"] li').first();
      expect(await first.textContent()).toContain('−6');
      expect(await page.locator('.knights-board .verdict').count()).toBeGreaterThan(0);
      await shot(page, 'analysis-board-set-up');

      // The line of best play, stepped with the keyboard: forward to its end, back to the start.
      await expect.poll(() => page.locator('[data-testid="line-ahead"]').count()).toBe(6);
      await page.locator('h1').click();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => page.textContent('[data-testid="line-step"]')).toBe('Move 1 of 6');
      expect(await boardPosition(page)).not.toBe(LATE);
      for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
      await expect.poll(() => page.textContent('[data-testid="line-step"]')).toBe('Move 6 of 6');
      await expect.poll(() => page.textContent('[data-testid="status"]')).toContain('The Romans win');
      await shot(page, 'analysis-board-line-end');
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => page.textContent('[data-testid="line-step"]')).toBe('Move 5 of 6');
      await page.keyboard.press('Home');
      await expect.poll(() => boardPosition(page)).toBe(LATE);

      // The share link reopens the same position, also after a reload.
      const link = (await page.getAttribute('[data-testid="share-link"]', 'href'))!;
      expect(link).toContain(encodeURIComponent(LATE));
      const other = await context.newPage();
      await other.goto(link);
      await other.waitForSelector('[data-testid="analysis-board"]');
      expect(await boardPosition(other)).toBe(LATE);
      await other.reload();
      await other.waitForSelector('[data-testid="analysis-board"]');
      expect(await boardPosition(other)).toBe(LATE);
      // Leaving the screen leaves no solver working.
      await other.goto(`${server.url}/#/`);
      await expect.poll(() => other.workers().length).toBe(0);
      await context.close();
    },
  );

  it('takes a pasted position, refusing a wrong one in German', { timeout: 60_000 }, async () => {
    const { page, context } = await newPage(browser, { lang: 'de-DE' });
    await page.goto(`${server.url}/#/knights/analysis`);
    await page.waitForSelector('[data-testid="analysis-board"]');
    await page.fill('[data-testid="position-input"]', 'RRRR./HHH../...../..... R');
    await page.click('[data-testid="position-load"]');
    await expect
      .poll(() => page.textContent('[data-testid="position-error"]'))
      .toContain('die Römer haben 4 Ritter, jede Seite hat aber nur 3');
    await page.fill('[data-testid="position-input"]', 'a1-b3');
    await page.press('[data-testid="position-input"]', 'Enter');
    await expect
      .poll(() => page.textContent('[data-testid="position-error"]'))
      .toContain('schreibe die Reihen');
    expect(await boardPosition(page)).toBe('...../...../...../..... R');
    await shot(page, 'analysis-board-paste-error-de');
    await page.fill('[data-testid="position-input"]', LATE);
    await page.click('[data-testid="position-load"]');
    await expect.poll(() => boardPosition(page)).toBe(LATE);
    expect(await page.locator('[data-testid="position-error"]').count()).toBe(0);
    await expect.poll(() => status(page), { timeout: 45_000 }).toBe('ready');
    expect(await page.locator('[data-testid="verdict-list"]').textContent()).toContain(
      'verliert in 6 Halbzügen',
    );
    await shot(page, 'analysis-board-pasted-de');
    // Another layout: the cross, empty, the Huns still to move.
    await page.click('[data-testid="change-layout"]');
    await page.click('[data-testid="preset-cross"]');
    await expect.poll(() => boardPosition(page)).toBe(`${CROSS} H`);
    expect(await page.locator('[data-testid="setup-problem"]').count()).toBe(0);
    await expect.poll(() => status(page), { timeout: 45_000 }).not.toBe('off');
    // The tile editor opens on the board's own tiles: opening it changes nothing.
    await page.click('[data-testid="preset-custom"]');
    await page.waitForSelector('[data-testid="tile-editor"]');
    expect(await boardPosition(page)).toBe(`${CROSS} H`);
    await shot(page, 'analysis-board-cross-de');
    await context.close();
  });

  it('opens from a replay at the move shown (phone)', { timeout: 60_000 }, async () => {
    const { page, context } = await newPage(browser, PHONE_SIZE);
    const file = join(SCREENSHOTS, 'analysis-board-replay.json');
    const record = newRecord({
      game: 'knights',
      id: 'e2e-analysis-board',
      rulesVersion: knightsGame.rulesVersion,
      settings: { layout: 'standard', first: 'R' },
      seed: 'e2e',
      players: [
        { name: 'Aetius', kind: 'human' },
        { name: 'Attila', kind: 'human' },
      ],
      moves: ['c3', 'c2', 'a1', 'e4', 'b4', 'd1'],
      result: null,
      createdAt: new Date().toISOString(),
    });
    writeFileSync(file, serializeRecord(record));
    await page.goto(`${server.url}/#/replay`);
    await page.setInputFiles('[data-testid="record-file"]', file);
    await page.waitForSelector('[data-testid="replay-slider"]');
    await page.click('[data-testid="move-3"]');
    await expect.poll(() => page.locator('[data-cell="R"], [data-cell="H"]').count()).toBe(3);
    const shown = await page.getAttribute('.knights-board', 'data-position');
    await page.click('[data-testid="open-analysis"]');
    await page.waitForSelector('[data-testid="analysis-board"]');
    expect(await boardPosition(page)).toBe(shown);
    expect(shown).toBe('...../..R../..H../R.... H');
    await shot(page, 'analysis-board-phone');
    // No horizontal scrolling at phone size.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});

describe('exact mistakes', () => {
  it('a finished hotseat game says its blunders and mistakes', { timeout: 240_000 }, async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}/#/knights/hotseat`);
    await page.click('[data-testid="start"]');
    await page.waitForSelector('.knights-board');
    for (let turn = 0; turn < 30 && (await page.locator('[data-testid="winner"]').count()) === 0; turn++) {
      await playKnightsTurn(page);
    }
    await page.waitForSelector('[data-testid="winner"]');
    // The summary is at the end of the game; the values come from the worker and the server.
    const t0 = Date.now();
    await expect
      .poll(() => page.getAttribute('[data-testid="mistakes"]', 'data-status'), { timeout: 200_000 })
      .toBe('ready');
    console.log(`hotseat game judged in ${Date.now() - t0} ms`);
    const summary = (await page.textContent('[data-testid="end-mistakes"]'))!;
    expect(summary).toMatch(/blunder|mistake|No blunders/);
    await shot(page, 'mistakes-hotseat-end');
    await page.click('[data-testid="winner"] button.secondary');
    await page.click('[data-testid="mistakes"] summary');
    const rows = await page.locator('[data-testid="mistakes-table"] tbody tr').count();
    const moves = await page.locator('[data-testid="movelist"]').first().locator('li').count();
    expect(rows).toBe(moves);
    expect(await page.locator('[data-testid="value-graph"] circle').count()).toBeGreaterThan(0);
    await shot(page, 'mistakes-hotseat-table');
    await context.close();
  });

  it(
    'a live game against a bot: the end dialog says the mistakes, the replay shows them',
    { timeout: 240_000 },
    async () => {
      const { page, context } = await newPage(browser);
      await page.goto(`${server.url}/#/lobby`);
      await page.fill('[data-testid="name"]', 'Aetius');
      await page.click('[data-testid="game-knights"]');
      await page.selectOption('[data-testid="seat-kind-1"]', 'bot:random');
      await page.click('[data-testid="create"]');
      await page.waitForSelector('.knights-board');
      for (let turn = 0; turn < 40; turn++) {
        if (await waitForTurnOrEnd(page)) break;
        await playKnightsTurn(page);
      }
      await page.waitForSelector('[data-testid="end-mistakes"]');
      const t0 = Date.now();
      await expect
        .poll(() => page.getAttribute('[data-testid="mistakes"]', 'data-status'), { timeout: 200_000 })
        .toBe('ready');
      console.log(`live game judged in ${Date.now() - t0} ms`);
      expect(await page.textContent('[data-testid="end-mistakes"]')).toMatch(/blunder|mistake|No blunders/);
      await shot(page, 'mistakes-live-end');
      await page.click('[data-testid="end-replay"]');
      await page.waitForSelector('[data-testid="replay-position"]');
      await expect
        .poll(() => page.getAttribute('[data-testid="mistakes"]', 'data-status'), { timeout: 200_000 })
        .toBe('ready');
      expect(await page.textContent('[data-testid="mistakes-summary"]')).toMatch(
        /blunder|mistake|No blunders/,
      );
      await shot(page, 'mistakes-replay');
      // Leaving the replay leaves no solver working.
      await page.goto(`${server.url}/#/`);
      await expect.poll(() => page.workers().length).toBe(0);
      await context.close();
    },
  );
});
