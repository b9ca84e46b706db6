/**
 * The analysis board and the server's Knights tablebases (issue 29): a server started without the standard
 * board's tablebase builds it in the background, and the board says so with the build's progress while the
 * solver answers meanwhile; a layout whose build would need more memory than the server allows is asked for
 * once and refused, and the board says how much it needs — in German too.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Position, presetLayout } from '@attila/knights';
import { launchBrowser, newPage, shot, startServer, type ServerProcess } from './harness.js';

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'attila-tablebase-'));
  [server, browser] = await Promise.all([
    // The standard board's build starts with the server (a nice-19 child); stopping the server stops it.
    startServer({ args: ['--tablebase', 'on', '--tablebase-dir', dir] }),
    launchBrowser(),
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The README's example: the Huns to move lose in 6. */
const LATE = 'R..H./..H##/#.#R#/.R#.H H';

/** A move-phase position of the staircase (2 symmetries: its build needs about 2.5 GB, over the 2 GB cap). */
const STAIRS = (() => {
  let p = Position.empty(presetLayout('stairs')!);
  while (p.phase() === 'placement') p = p.playCode(p.legalMoveCodes()[0]);
  return p.toString();
})();

const open = (page: Page, position: string) =>
  page.goto(`${server.url}/#/knights/analysis/${encodeURIComponent(position)}`);
const status = (page: Page) => page.getAttribute('[data-testid="analysis-panel"]', 'data-status');

describe("the analysis board and the server's tablebases", () => {
  it("shows the standard board's build under way, with its progress, while the solver answers", async () => {
    const { page, context } = await newPage(browser);
    await open(page, LATE);
    const building = page.locator('[data-testid="tablebase-building"]');
    await building.waitFor();
    expect(await building.getAttribute('role')).toBe('status');
    expect(await building.textContent()).toMatch(/building this board's tablebase \(\d+%\)/);
    expect(Number(await building.locator('progress').getAttribute('value'))).toBeGreaterThanOrEqual(0);
    // Meanwhile the solver values every move.
    await expect.poll(() => status(page), { timeout: 45_000 }).toBe('ready');
    expect(await page.locator('[data-testid="verdict-list"]').textContent()).toContain('loses in 6');
    await shot(page, 'analysis-tablebase-building');
    await context.close();
  }, 90_000);

  it('says, in German, how much memory a layout too large for this server would need', async () => {
    const { page, context } = await newPage(browser, { lang: 'de-DE' });
    await open(page, STAIRS);
    const note = page.locator('[data-testid="tablebase-too-large"]');
    await note.waitFor();
    expect(await note.textContent()).toMatch(/braucht zum Bau \d+ MB, mehr als dieser Server erlaubt/);
    expect(await page.locator('[data-testid="tablebase-building"]').count()).toBe(0);
    await shot(page, 'analysis-tablebase-too-large-de');
    // The server was not asked to build it, and says the same.
    const asked = await fetch(`${server.url}/api/knights/tablebase?layout=stairs`);
    expect(((await asked.json()) as { state: string }).state).toBe('too-large');
    await context.close();
  }, 60_000);
});
