/**
 * Tribes hotseat with three and four people at one device (issue 18, defect 1): every conflict reveal and
 * every century scoring the engine logged is shown as a dialog, although the game screen is covered by the
 * pass-the-device screen between turns. The game's downloaded record is replayed through the engine to count
 * what the dialogs must have shown. Three players play to the end (the final scoring too); four play on to
 * the second century's scoring (a third of the game: the record downloaded then holds as much to compare).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { parseRecord, replayMoves } from '@attila/core';
import { tribesGame } from '@attila/tribes';
import {
  newPage,
  SCREENSHOTS,
  shot,
  type ServerProcess,
  withServerAndBrowser,
  PHONE_SIZE,
} from './harness.js';
import { playTribesHotseat, startTribesHotseat } from './hotseat.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

/**
 * The conflicts and scorings of the game played so far (over, or in progress), from its record replayed
 * through the engine.
 */
async function loggedByEngine(page: Page, file: string): Promise<{ conflicts: number; scorings: number }> {
  if ((await page.locator('[data-testid="winner"]').count()) > 0)
    await page.click('[data-testid="close-winner"]');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .locator(
        '[data-testid="download"], button:has-text("Download record"), button:has-text("Partie herunterladen")',
      )
      .first()
      .click(),
  ]);
  const path = join(SCREENSHOTS, file);
  await download.saveAs(path);
  const record = parseRecord(readFileSync(path, 'utf8'));
  if (!record.ok) throw new Error(record.error.message);
  const settings = tribesGame.parseSettings(record.value.settings);
  if (!settings.ok) throw new Error(settings.error.message);
  const replayed = replayMoves(tribesGame, settings.value, record.value.seed, record.value.moves);
  if (!replayed.ok) throw new Error(replayed.error.message);
  const all = replayed.value.events.flat().map((e) => (e as { type?: string }).type);
  return {
    conflicts: all.filter((t) => t === 'cards-revealed').length,
    scorings: all.filter((t) => t === 'century-scored').length,
  };
}

describe('Tribes hotseat with three or more players', () => {
  it(
    'shows every conflict reveal and century scoring to three players (English)',
    { timeout: 300_000 },
    async () => {
      const { page, context } = await newPage(browser);
      await startTribesHotseat(page, server.url, ['Honoria', 'Valentinian', 'Aetius']);
      const seen = await playTribesHotseat(page, 'tribes-hotseat-3');
      expect(seen.over).toBe(true);
      expect(seen.passes).toBeGreaterThan(10);
      expect(seen.conflicts).toBeGreaterThan(0);
      expect(seen.scorings).toBeGreaterThan(0);
      const logged = await loggedByEngine(page, 'tribes-hotseat-3.json');
      console.log(
        `3 players: ${logged.conflicts} conflicts, ${logged.scorings} scorings logged; dialogs`,
        seen,
      );
      expect(logged.conflicts).toBeGreaterThan(0);
      expect(seen.conflicts).toBe(logged.conflicts);
      expect(seen.scorings).toBe(logged.scorings);
      expect(seen.headings.some((h) => h.includes('Conflict in'))).toBe(true);
      expect(seen.headings.some((h) => /Scoring of century|Final scoring/.test(h))).toBe(true);
      await context.close();
    },
  );

  it(
    'shows them to four players too, to the second century scoring (German, phone size)',
    { timeout: 300_000 },
    async () => {
      const { page, context } = await newPage(browser, {
        ...PHONE_SIZE,
        lang: 'de-DE',
      });
      await page.goto(`${server.url}/`);
      await page.selectOption('[data-testid="language"]', 'de');
      await startTribesHotseat(page, server.url, ['Attila', 'Bleda', 'Kreka', 'Ellak']);
      expect(await page.innerText('[data-testid="pass-device"] h1')).toContain('Gib das Gerät an');
      // After the second scoring, on to the next player who takes the device: the game screen (with its
      // download button) is then theirs until they move. (Stopping at once, the screen could still be about
      // to pass the device on.)
      let passesAtSecond = -1;
      const seen = await playTribesHotseat(page, 'tribes-hotseat-4', (s) => {
        if (s.scorings >= 2 && passesAtSecond < 0) passesAtSecond = s.passes;
        return passesAtSecond >= 0 && s.passes > passesAtSecond;
      });
      expect(seen.over).toBe(false);
      expect(seen.conflicts).toBeGreaterThan(1);
      expect(seen.scorings).toBeGreaterThanOrEqual(2);
      await shot(page, 'tribes-hotseat-4-playing');
      const logged = await loggedByEngine(page, 'tribes-hotseat-4.json');
      console.log(
        `4 players: ${logged.conflicts} conflicts, ${logged.scorings} scorings logged; dialogs`,
        seen,
      );
      expect(logged.conflicts).toBeGreaterThan(0);
      expect(seen.conflicts).toBe(logged.conflicts);
      expect(seen.scorings).toBe(logged.scorings);
      expect(seen.headings.some((h) => h.includes('Konflikt in'))).toBe(true);
      expect(seen.headings.some((h) => /Wertung des|Schlusswertung/.test(h))).toBe(true);
      await context.close();
    },
  );
});
