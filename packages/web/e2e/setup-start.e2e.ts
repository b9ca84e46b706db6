/**
 * Start is near on the setup screens (issue 31: "Start" was 20–21 presses of Tab away, after every setting):
 * from a fresh load, Tab reaches Start (the lobby's Create too) right after the header, before any setting, at desktop and phone
 * size and in a second language; Enter on it starts a game with the settings shown.
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage, shot, type ServerProcess, withServerAndBrowser, PHONE_SIZE } from './harness.js';
import { tabTo } from './keyboard.js';
import de from '../src/i18n/locales/de.json';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

/** The header's stops (brand, five links, the player's name, the language) and the Start after them. */
const MOST_PRESSES = 10;

const SCREENS = [
  { name: 'knights hotseat', path: 'knights/hotseat', start: 'start', started: '.knights-board' },
  { name: 'tribes hotseat', path: 'tribes/hotseat', start: 'start', started: '[data-testid="pass-device"]' },
  // The lobby's Create (a table against bots, the default seats) is first too.
  { name: 'knights lobby', path: 'lobby/knights', start: 'create', started: '.knights-board' },
  { name: 'tribes lobby', path: 'lobby/tribes', start: 'create', started: '[data-testid="tribes-map"]' },
] as const;

const SIZES = [
  { name: 'desktop', opts: { width: 1280, height: 860, lang: 'de-DE' } },
  { name: 'phone', opts: { ...PHONE_SIZE, lang: 'de-DE' } },
] as const;

describe('setup screens: Start comes first', () => {
  for (const size of SIZES)
    for (const screen of SCREENS)
      it(`${screen.name}, ${size.name}: Start within ${MOST_PRESSES} presses of Tab`, async () => {
        const { page, context } = await newPage(browser, size.opts);
        const start = `[data-testid="${screen.start}"]`;
        await page.goto(`${server.url}/#/${screen.path}`);
        await page.waitForSelector(start);
        await page.waitForSelector('[data-testid="me-name"]');
        const presses = await tabTo(page, start);
        expect(presses).toBeLessThanOrEqual(MOST_PRESSES);
        expect(await page.textContent(start)).toBe(
          screen.start === 'start' ? de.common.start : de.lobby.createButton,
        );
        // Before every setting: nothing of the form was passed on the way.
        const beforeForm = await page.evaluate((selector) => {
          const first = document.querySelector(selector)!;
          const fields = [...document.querySelectorAll('main input, main select, main fieldset button')];
          return fields.every((f) => first.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING);
        }, start);
        expect(beforeForm).toBe(true);
        await shot(page, `setup-start-${screen.path.replace('/', '-')}-${size.name}`);
        await page.keyboard.press('Enter');
        await page.waitForSelector(screen.started);
        await context.close();
      });
});
