/**
 * Knights puzzles in Chromium against the real server: an account solves the puzzle it is given (the
 * solution entered with the keyboard; its puzzle rating goes up), then fails the next with a wrong move (the
 * solver's refutation is shown, the rating goes down); a guest on a phone in Spanish solves the daily
 * puzzle (the same one the server picks from today's date) without a rating.
 */
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { standardPuzzles, type KnightsPuzzle } from '@attila/bots';
import { Position } from '@attila/knights';
import { dailyIndex } from '../../server/src/puzzle-routes.js';
import { tabTo } from './keyboard.js';
import {
  newPage,
  a11yViolations,
  shot,
  sidewaysOverflow,
  type ServerProcess,
  withServerAndBrowser,
  claimAccount,
  PHONE_SIZE,
} from './harness.js';

let server: ServerProcess;
let browser: Browser;
withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

const puzzles = new Map(standardPuzzles().map((z) => [z.id, z]));
const boardPosition = (page: Page) => page.getAttribute('[data-testid="puzzle-board"]', 'data-position');
const phase = (page: Page) => page.getAttribute('[data-testid="puzzle-status"]', 'data-phase');

async function shownPuzzle(page: Page): Promise<KnightsPuzzle> {
  await page.waitForSelector('[data-testid="puzzle"]');
  const id = (await page.getAttribute('[data-testid="puzzle"]', 'data-puzzle')) as string;
  const z = puzzles.get(id);
  if (!z) throw new Error(`the page shows puzzle ${id}, which is not in the shipped set`);
  return z;
}

/** The squares of a move in the order they are entered: the knight, its landing, the scorch. */
const squaresOf = (move: string) => move.split(/[-,]/);

/** Enters a move by clicks, as a person with a mouse does. */
async function clickMove(page: Page, move: string): Promise<void> {
  for (const sq of squaresOf(move)) await page.click(`.knights-board [data-square="${sq}"]`, { delay: 80 });
}

/** Enters a move with the keyboard: Tab onto the board, the arrows to each square, Enter on it. */
async function keyMove(page: Page, move: string): Promise<void> {
  if (!(await page.evaluate(() => document.activeElement?.hasAttribute('data-square') ?? false))) {
    await tabTo(page, '.knights-board [data-square]');
  }
  for (const target of squaresOf(move)) {
    const at = (await page.evaluate(() => document.activeElement?.getAttribute('data-square'))) as string;
    const dc = target.charCodeAt(0) - at.charCodeAt(0);
    const dr = Number(target.slice(1)) - Number(at.slice(1));
    for (let i = 0; i < Math.abs(dc); i++) await page.keyboard.press(dc > 0 ? 'ArrowRight' : 'ArrowLeft');
    for (let i = 0; i < Math.abs(dr); i++) await page.keyboard.press(dr > 0 ? 'ArrowUp' : 'ArrowDown');
    await page.keyboard.press('Enter');
  }
}

/** Plays the puzzle's line (the player's moves; the site answers each with the line's defence). */
async function solve(page: Page, z: KnightsPuzzle, enter: (page: Page, move: string) => Promise<void>) {
  let p = Position.parse(z.position);
  for (let i = 0; i < z.line.length; i += 2) {
    if (!p.ok) throw new Error(p.error.message);
    await enter(page, z.line[i]);
    let next = p.value.playCode((p.value.parseMove(z.line[i]) as { value: number }).value);
    if (i + 1 < z.line.length)
      next = next.playCode((next.parseMove(z.line[i + 1]) as { value: number }).value);
    await expect.poll(() => boardPosition(page)).toBe(next.toString());
    p = { ok: true, value: next };
  }
  await expect.poll(() => phase(page)).toBe('solved');
}

const claim = (page: Page, name: string) => claimAccount(page, server.url, name);

const rating = async (page: Page) =>
  Number(await page.getAttribute('[data-testid="player-rating"]', 'data-rating'));

describe('Knights puzzles', () => {
  it('an account solves a puzzle (rating up), then fails one with a wrong move (refutation, rating down)', async () => {
    const { page, context } = await newPage(browser);
    await claim(page, 'Sphinx');
    await page.goto(`${server.url}/#/`);
    await page.click('[data-testid="knights-puzzles"]');
    const first = await shownPuzzle(page);
    // Near the newcomer's 1500: the nearest seeds are the 3- and 5-ply puzzles (1350 and 1650).
    expect([3, 5]).toContain(first.plies);
    expect(await page.innerText('[data-testid="player-rating"]')).toContain('No puzzle rating yet');
    await solve(page, first, keyMove);
    await page.waitForSelector('[data-testid="puzzle-verdict"]');
    expect(Number(await page.getAttribute('[data-testid="puzzle-verdict"]', 'data-change'))).toBeGreaterThan(
      0,
    );
    const afterSolve = await rating(page);
    expect(afterSolve).toBeGreaterThan(1500);
    expect(await page.getAttribute('[data-testid="puzzle-analysis"]', 'href')).toBe(
      `#/knights/analysis/${encodeURIComponent(first.position)}`,
    );
    await shot(page, 'puzzle-solved');

    // The next puzzle, another one; a wrong first move (one that leaves another position).
    await page.click('[data-testid="puzzle-next"]');
    await expect.poll(async () => (await shownPuzzle(page)).id).not.toBe(first.id);
    const second = await shownPuzzle(page);
    const start = Position.parse(second.position);
    if (!start.ok) throw new Error(start.error.message);
    const solution = start.value.playCode((start.value.parseMove(second.line[0]) as { value: number }).value);
    const wrong = start.value.legalMoves().find((m) => {
      const after = start.value.playCode((start.value.parseMove(m) as { value: number }).value);
      return after.toString() !== solution.toString();
    }) as string;
    await clickMove(page, wrong);
    await expect.poll(() => phase(page)).toBe('failed');
    // The refutation: the solver's line from the position the wrong move left, a real line of moves.
    await expect
      .poll(() => page.innerText('[data-testid="refutation"]'), { timeout: 30_000 })
      .toMatch(/^[a-e][1-4]-[a-e][1-4],[a-e][1-4]( |$)/);
    expect(await page.innerText('[data-testid="puzzle-status"]')).toContain(`${wrong} lets the win go`);
    await page.waitForSelector('[data-testid="puzzle-verdict"]');
    expect(Number(await page.getAttribute('[data-testid="puzzle-verdict"]', 'data-change'))).toBeLessThan(0);
    expect(await rating(page)).toBeLessThan(afterSolve);
    await shot(page, 'puzzle-failed');

    // The ratings are the server's: a reload of the failed puzzle shows the account's rating now.
    await page.reload();
    await shownPuzzle(page);
    await expect.poll(() => rating(page)).toBeLessThan(afterSolve);
    await context.close();
  });

  it('a guest on a phone, in Spanish, solves the daily puzzle without a rating', async () => {
    const { page, context } = await newPage(browser, {
      ...PHONE_SIZE,
      lang: 'es-ES',
    });
    await page.goto(`${server.url}/#/learn`);
    await page.click('[data-testid="lessons-puzzles"]');
    await shownPuzzle(page);
    await page.click('[data-testid="puzzle-daily"]');
    const sorted = [...puzzles.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
    const today = new Date().toISOString().slice(0, 10);
    const daily = sorted[dailyIndex(today, sorted.length)];
    await expect.poll(async () => (await shownPuzzle(page)).id).toBe(daily.id);
    expect(await page.innerText('h1')).toContain('Problema del día');
    expect(await page.innerText('[data-testid="player-rating"]')).toContain('sin valoración');
    await solve(page, daily, clickMove);
    expect(await page.innerText('[data-testid="puzzle-status"]')).toContain('¡Resuelto!');
    await page.waitForSelector('[data-testid="puzzle-verdict"]');
    expect(await page.innerText('[data-testid="puzzle-verdict"]')).toContain('no se valora');
    expect(await page.getAttribute('[data-testid="player-rating"]', 'data-rating')).toBe('');
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await a11yViolations(page)).toEqual([]);
    await shot(page, 'puzzle-daily-phone-es');
    // Another visitor gets the same daily puzzle.
    const other = await newPage(browser);
    await other.page.goto(`${server.url}/#/knights/puzzles/daily`);
    expect((await shownPuzzle(other.page)).id).toBe(daily.id);
    await other.context.close();
    await context.close();
  });
});
