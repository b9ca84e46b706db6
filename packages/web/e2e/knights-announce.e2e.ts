/**
 * Knights speaks to screen readers (issue 18): an aria-live region announces each move — who placed a knight
 * where, or moved from where to where and scorched which square — and whose turn it is, in the player's
 * language: hotseat in English, a live table against a bot in German, a replay stepped with the keyboard
 * in Spanish.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { newRecord, serializeRecord } from '@attila/core';
import { knightsGame } from '@attila/knights';
import { newPage, SCREENSHOTS, type ServerProcess, withServerAndBrowser, PHONE_SIZE } from './harness.js';
import de from '../src/i18n/locales/de.json';
import en from '../src/i18n/locales/en.json';
import es from '../src/i18n/locales/es.json';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

type Locale = typeof en;

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k]);
}
const turn = (l: Locale, side: 'R' | 'H') => fill(l.knights.toMove, { side: l.sides[side] });
const placed = (l: Locale, side: 'R' | 'H', to: string, next: 'R' | 'H') =>
  `${fill(l.knights.announce.placed, { side: l.sides[side], to })} ${turn(l, next)}`;
const moved = (l: Locale, side: 'R' | 'H', sq: [string, string, string], next: 'R' | 'H') =>
  `${fill(l.knights.announce.moved, { side: l.sides[side], from: sq[0], to: sq[1], scorch: sq[2] })} ${turn(l, next)}`;

const announced = (page: Page) => page.innerText('[data-testid="move-announcer"]');

/** Clicks the first offered square; returns its name. */
async function clickTarget(page: Page): Promise<string> {
  const target = page.locator('.knights-board [data-target="true"]').first();
  const square = (await target.getAttribute('data-square'))!;
  await target.click({ delay: 80 });
  return square;
}

async function live(page: Page): Promise<{ role: string | null; polite: string | null }> {
  const region = page.locator('[data-testid="move-announcer"]');
  return { role: await region.getAttribute('role'), polite: await region.getAttribute('aria-live') };
}

describe('Knights announces every move to screen readers', () => {
  it('hotseat, English: placements, then a move with its scorch', { timeout: 90_000 }, async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}/#/knights/hotseat`);
    await page.click('[data-testid="start"]');
    await page.waitForSelector('.knights-board');
    expect(await live(page)).toEqual({ role: 'status', polite: 'polite' });
    const sides = ['R', 'H'] as const;
    for (let i = 0; i < 6; i++) {
      const sq = await clickTarget(page);
      expect(await announced(page)).toBe(placed(en, sides[i % 2], sq, sides[(i + 1) % 2]));
    }
    const from = await clickTarget(page);
    const to = await clickTarget(page);
    const scorch = await clickTarget(page);
    expect(await announced(page)).toBe(moved(en, 'R', [from, to, scorch], 'H'));
    await context.close();
  });

  it(
    'a live table against a bot, German, on a phone: my move and the bot’s',
    { timeout: 90_000 },
    async () => {
      const { page, context } = await newPage(browser, {
        ...PHONE_SIZE,
        lang: 'de-DE',
      });
      await page.goto(`${server.url}/#/lobby/knights`);
      await page.fill('[data-testid="name"]', 'Aetius');
      await page.click('[data-testid="game-knights"]');
      await page.selectOption('[data-testid="seat-kind-1"]', 'bot:random');
      await page.click('[data-testid="create"]');
      await page.waitForSelector('.knights-board [data-target="true"]');
      for (let i = 0; i < 3; i++) {
        const before = await page.getAttribute('.knights-board', 'data-position');
        const mine = await clickTarget(page);
        await page.waitForFunction(
          (b) => document.querySelector('.knights-board')?.getAttribute('data-position') !== b,
          before,
        );
        // The bot answers at once: wait for my turn again, then the region names its placement.
        await page.waitForSelector('.knights-board [data-target="true"]');
        const position = (await page.getAttribute('.knights-board', 'data-position'))!;
        const text = await announced(page);
        const bot = /([a-e][1-4])/.exec(text.replace(turn(de, 'R'), ''))?.[1] ?? '';
        expect(text).toBe(placed(de, 'H', bot, 'R'));
        expect(bot).not.toBe(mine);
        expect(
          await page.locator(`.knights-board [data-square="${bot}"]`).getAttribute('aria-label'),
        ).toContain(de.knights.cell.H);
        expect(position).toContain('H');
      }
      await context.close();
    },
  );

  it('a replay stepped with the keyboard, Spanish', { timeout: 60_000 }, async () => {
    const { page, context } = await newPage(browser, { lang: 'es-ES' });
    const file = join(SCREENSHOTS, 'announce-replay.json');
    const moves = ['c3', 'a1', 'b3', 'e4', 'a3', 'e1', 'c3-a4,b4'];
    const record = newRecord({
      game: 'knights',
      id: 'announce',
      rulesVersion: knightsGame.rulesVersion,
      settings: { layout: 'standard', first: 'R' },
      seed: 'announce',
      players: [
        { name: 'Aetius', kind: 'human' },
        { name: 'Attila', kind: 'human' },
      ],
      moves,
      result: null,
      createdAt: new Date().toISOString(),
    });
    writeFileSync(file, serializeRecord(record));
    await page.goto(`${server.url}/#/replay`);
    await page.setInputFiles('[data-testid="record-file"]', file);
    await page.waitForSelector('.knights-board');
    await page.locator('body').press('End');
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="replay-position"]')?.textContent?.includes(String(n)),
      moves.length,
    );
    expect(await announced(page)).toBe(moved(es, 'R', ['c3', 'a4', 'b4'], 'H'));
    await page.locator('body').press('ArrowLeft');
    await page.waitForFunction(
      (want) => document.querySelector('[data-testid="move-announcer"]')?.textContent === want,
      placed(es, 'H', 'e1', 'R'),
    );
    await context.close();
  });
});
