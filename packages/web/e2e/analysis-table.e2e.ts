/**
 * The opening table answers a placement position with five knights placed at once, exactly (the values the
 * table holds), without a search: the server's table first (no search budget), so the browser needs neither
 * a worker nor the table file (fetched by the worker only for what the server could not answer). English on
 * a desktop.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { standardOpeningTable } from '@attila/bots';
import { newRecord, serializeRecord } from '@attila/core';
import { knightsGame, Position, STANDARD_LAYOUT } from '@attila/knights';
import { newPage, SCREENSHOTS, shot, type ServerProcess, withServerAndBrowser } from './harness.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

/** Five placements (Romans first) reaching a position whose placements the shipped table all knows. */
function knownFiveKnights(): { moves: string[]; position: Position } {
  const table = standardOpeningTable()!;
  for (let r = 0; r < table.space.count(5); r++) {
    const [mover, other] = table.space.unrank(5, r);
    const b = Position.empty(STANDARD_LAYOUT, 'H').toBoard();
    [b.huns, b.romans] = [mover, other];
    const position = Position.fromBoard(b);
    if (table.knownPlacementValues(position) === null) continue;
    const names = (mask: number) => STANDARD_LAYOUT.names.filter((_, i) => mask & (1 << i));
    const [romans, huns] = [names(other), names(mover)];
    return { moves: [romans[0], huns[0], romans[1], huns[1], romans[2]], position };
  }
  throw new Error('the shipped opening table knows no 5-knight position yet');
}

describe('Knights analysis from the opening table', () => {
  it('answers a placement position at once and exactly in the browser', { timeout: 60_000 }, async () => {
    const { moves, position } = knownFiveKnights();
    const file = join(SCREENSHOTS, 'analysis-table.json');
    const record = newRecord({
      game: 'knights',
      id: 'e2e-analysis-table',
      rulesVersion: knightsGame.rulesVersion,
      settings: { layout: 'standard', first: 'R' },
      seed: 'e2e',
      players: [
        { name: 'Aetius', kind: 'human' },
        { name: 'Attila', kind: 'human' },
      ],
      moves,
      result: null,
      createdAt: new Date().toISOString(),
    });
    mkdirSync(SCREENSHOTS, { recursive: true });
    writeFileSync(file, serializeRecord(record));
    const { page, context } = await newPage(browser);
    const tableRequests: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('.table')) tableRequests.push(req.url());
    });
    await page.goto(`${server.url}/#/replay`);
    await page.setInputFiles('[data-testid="record-file"]', file);
    await page.waitForSelector('[data-testid="replay-slider"]');
    await page.fill('[data-testid="replay-slider"]', '5');
    await page.locator('[data-testid="replay-slider"]').dispatchEvent('input');
    await expect.poll(() => page.locator('[data-cell="R"], [data-cell="H"]').count()).toBe(5);
    const t0 = Date.now();
    await page.check('[data-testid="analysis"]');
    const status = () => page.getAttribute('[data-testid="analysis-panel"]', 'data-status');
    await expect.poll(status, { timeout: 20_000 }).toBe('ready');
    const ms = Date.now() - t0;
    console.log(`analysis of ${position.toString()} from the opening table in the browser: ${ms} ms`);
    // The server's table answered every placement: no worker had to fetch the file.
    expect(tableRequests).toHaveLength(0);
    const expected = standardOpeningTable()!.knownPlacementValues(position)!;
    const shown = await page.locator('.knights-board .verdict').allTextContents();
    expect(shown).toHaveLength(expected.length);
    const text = (v: number) => (v > 0 ? `+${v}` : `${v}`);
    expect(shown.sort()).toEqual(expected.map((m) => text(m.value)).sort());
    await shot(page, 'analysis-table');
    await context.close();
  });
});
