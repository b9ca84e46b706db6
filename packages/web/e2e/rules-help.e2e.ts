/**
 * Help in the game (issue 18): every decision has a "?" that opens the rule that applies, in the player's
 * language. Opened on Tribes decisions (a card, a province, influence or a second marker, a conflict when one
 * comes) and Knights decisions (placing, moving, scorching), by mouse and by keyboard, at desktop size in
 * English and at 390×844 in German; axe finds no violation with the help open.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  newPage,
  a11yViolations,
  shot,
  type ServerProcess,
  withServerAndBrowser,
  PHONE_SIZE,
} from './harness.js';
import { startTribesHotseat } from './hotseat.js';
import { playKnightsTurn } from './knights.js';
import de from '../src/i18n/locales/de.json';
import en from '../src/i18n/locales/en.json';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

type Help = typeof en.help;

/** Opens the "?" of `topic` (with Enter when `keyboard`), checks the rule text shown, closes it again. */
async function openHelp(page: Page, help: Help, topic: string, keyboard: boolean): Promise<void> {
  const [game, key] = topic.split('.') as ['tribes' | 'knights', string];
  const rule = (help[game] as Record<string, { title: string; text: string }>)[key];
  const box = page.locator(`[data-testid="help-${topic}"]`);
  const toggle = box.locator('[data-testid="help-toggle"]');
  const text = box.locator('[data-testid="help-text"]');
  await toggle.waitFor();
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  expect(await text.isVisible()).toBe(false);
  expect(await toggle.getAttribute('aria-label')).toBe(help.open.replace('{{topic}}', rule.title));
  if (keyboard) {
    await toggle.focus();
    await page.keyboard.press('Enter');
  } else await toggle.click();
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  expect(await text.isVisible()).toBe(true);
  expect(await text.innerText()).toContain(rule.text);
  // The opened text is on screen (a phone must not hide it off to the side).
  const r = (await text.boundingBox())!;
  const vw = page.viewportSize()!.width;
  expect(r.x).toBeGreaterThanOrEqual(0);
  expect(r.x + r.width).toBeLessThanOrEqual(vw + 1);
}

async function closeHelp(page: Page, topic: string): Promise<void> {
  const box = page.locator(`[data-testid="help-${topic}"]`);
  await box.locator('[data-testid="help-toggle"]').click();
  expect(await box.locator('[data-testid="help-toggle"]').getAttribute('aria-expanded')).toBe('false');
}

async function noSeriousViolations(page: Page, where: string): Promise<void> {
  const found = (await a11yViolations(page)).map(
    (v) => `${where}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.slice(0, 3).join(' | ')}`,
  );
  expect(found).toEqual([]);
}

const CASES = [
  { name: 'desktop-en', help: en.help, opts: { bypassCSP: true } },
  {
    name: 'phone-de',
    help: de.help,
    opts: { ...PHONE_SIZE, lang: 'de-DE', bypassCSP: true },
  },
] as const;

describe('rule help on every decision', () => {
  for (const c of CASES) {
    it(`Tribes: card, province, influence, second marker (${c.name})`, { timeout: 120_000 }, async () => {
      const { page, context } = await newPage(browser, c.opts);
      await startTribesHotseat(page, server.url, ['Honoria', 'Aetius']);
      await page.click('[data-testid="ready"]');
      await page.waitForSelector('[data-testid="decision-play"]');
      await openHelp(page, c.help, 'tribes.card', false);
      await openHelp(page, c.help, 'tribes.tiles', true);
      await shot(page, `rules-help-tribes-${c.name}`);
      await noSeriousViolations(page, 'tribes card');
      await closeHelp(page, 'tribes.card');
      await page
        .locator('[data-testid="decision-play"] [data-testid^="card-"]:not([disabled])')
        .first()
        .click();
      await openHelp(page, c.help, 'tribes.province', true);
      await page.locator('[data-testid="tribes-map"] [data-selectable="true"]').first().click();
      await page.waitForSelector('[data-testid="decision-influence"]');
      await openHelp(page, c.help, 'tribes.influence', false);
      await noSeriousViolations(page, 'tribes influence');
      await page.click('[data-testid="second-marker"]');
      await openHelp(page, c.help, 'tribes.province', false);
      await context.close();
    });

    it(`Tribes: a conflict commitment (${c.name})`, { timeout: 150_000 }, async () => {
      const { page, context } = await newPage(browser, c.opts);
      await startTribesHotseat(page, server.url, ['Honoria', 'Aetius']);
      // Second markers into the first offered province fill it fast: a conflict comes within a few turns.
      for (let step = 0; step < 200; step++) {
        await page.waitForSelector(
          '[data-testid="pass-device"], [data-testid="reveal"], [data-testid="scoring"], [data-testid^="decision-"]',
        );
        if (await page.locator('[data-testid="decision-commit"]').count()) break;
        if (await page.locator('[data-testid="pass-device"]').count())
          await page.click('[data-testid="ready"]');
        else if (await page.locator('[data-testid="reveal"]').count())
          await page.click('[data-testid="close-reveal"]');
        else if (await page.locator('[data-testid="scoring"]').count())
          await page.click('[data-testid="close-scoring"]');
        else {
          const before = await page.getAttribute('.tribes-play', 'data-seq');
          if (await page.locator('[data-testid="decision-play"]').count()) {
            await page
              .locator('[data-testid="decision-play"] [data-testid^="card-"]:not([disabled])')
              .first()
              .click();
            await page.locator('[data-testid="tribes-map"] [data-selectable="true"]').first().click();
          } else if (await page.locator('[data-testid="second-marker"]').count()) {
            await page.click('[data-testid="second-marker"]');
            await page.locator('[data-testid="tribes-map"] [data-selectable="true"]').first().click();
          } else if (await page.locator('[data-testid="take-influence"]').count())
            await page.click('[data-testid="take-influence"]');
          else if (await page.locator('[data-testid="decision-discard"]').count()) {
            await openHelp(page, c.help, 'tribes.discard', false);
            await page.locator('[data-testid="decision-discard"] .row button').first().click();
          }
          await page.waitForFunction(
            (seq) => document.querySelector('.tribes-play')?.getAttribute('data-seq') !== seq,
            before,
          );
        }
      }
      await page.waitForSelector('[data-testid="decision-commit"]');
      await openHelp(page, c.help, 'tribes.commit', true);
      await shot(page, `rules-help-tribes-commit-${c.name}`);
      await noSeriousViolations(page, 'tribes commit');
      await context.close();
    });

    it(`Knights: placing, moving, scorching (${c.name})`, { timeout: 90_000 }, async () => {
      const { page, context } = await newPage(browser, c.opts);
      await page.goto(`${server.url}/#/knights/hotseat`);
      await page.click('[data-testid="start"]');
      await page.waitForSelector('.knights-board');
      await openHelp(page, c.help, 'knights.place', true);
      await noSeriousViolations(page, 'knights place');
      for (let i = 0; i < 6; i++) await playKnightsTurn(page);
      await openHelp(page, c.help, 'knights.pick', false);
      await page.locator('.knights-board [data-target="true"]').first().click({ delay: 80 });
      await page.locator('.knights-board [data-target="true"]').first().click({ delay: 80 });
      await openHelp(page, c.help, 'knights.scorch', true);
      await shot(page, `rules-help-knights-${c.name}`);
      await noSeriousViolations(page, 'knights scorch');
      await context.close();
    });
  }
});
