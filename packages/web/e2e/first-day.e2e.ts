/**
 * A player's first day (issue 31), each screen saying what happened in words: in German on a 390×844 phone
 * and in English (or Spanish) on a desktop. The analysis board opens a link followed inside the app; Nim (the
 * worked example) is no rules tab nor a profile filter; a game against a bot ends with a dialog that names
 * the winner, takes the focus and offers what next, and its rematch panel lists nobody "not yet"; the move
 * list says who moved and its Start button covers no entry; offline, puzzles and the lobby say so in words
 * with a retry; signed-in devices are named, not user-agent strings.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, shot, type ServerProcess, withServerAndBrowser, PHONE_SIZE } from './harness.js';
import { playKnightsTurn, waitForTurnOrEnd } from './knights.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

const PHONE = { ...PHONE_SIZE, lang: 'de-DE' } as const;
/** The README's example (the Huns to move lose in 6), and another position of the same board. */
const LATE = 'R..H./..H##/#.#R#/.R#.H H';
const OTHER = 'R..H./..H##/#.#R#/.R#.H R';

const focused = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid);

async function german(page: Page): Promise<void> {
  await page.goto(`${server.url}/#/`);
  await page.selectOption('[data-testid="language"]', 'de');
}

describe("a player's first day", () => {
  it('the analysis board follows links inside the app; Nim is in no menu', { timeout: 150_000 }, async () => {
    for (const size of [PHONE, { lang: 'en-GB' }] as const) {
      const { page, context } = await newPage(browser, size);
      await page.goto(`${server.url}/#/knights/analysis/${encodeURIComponent(LATE)}`);
      const position = () => page.getAttribute('[data-testid="analysis-board"]', 'data-position');
      await expect.poll(position).toBe(LATE);
      // A shared link followed (or pasted) in the running app opens its position, and back again.
      // (The board's search keeps a busy machine's cores: the screen may take seconds to follow.)
      await page.evaluate((p) => (location.hash = `#/knights/analysis/${encodeURIComponent(p)}`), OTHER);
      await expect.poll(position, { timeout: 30_000 }).toBe(OTHER);
      await page.evaluate((p) => (location.hash = `#/knights/analysis/${encodeURIComponent(p)}`), LATE);
      await expect.poll(position, { timeout: 30_000 }).toBe(LATE);
      // The rules: Attila's two games, no Nim tab (a fresh load: the analysis board's search is left behind).
      await page.goto('about:blank');
      await page.goto(`${server.url}/#/rules`);
      await page.waitForSelector('[role="tab"]');
      expect(
        await page.locator('[role="tab"]').evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
      ).toEqual(['#/rules/knights', '#/rules/tribes']);
      // Nor in the profile's filter of games.
      await page.goto(`${server.url}/#/account`);
      await page.waitForSelector('[data-testid="filter-game"]');
      expect(
        await page
          .locator('[data-testid="filter-game"] option')
          .evaluateAll((os) => os.map((o) => o.getAttribute('value'))),
      ).toEqual(['', 'knights', 'tribes']);
      await context.close();
    }
  });

  it(
    'a game against a bot: the end names the winner, takes the focus, offers what next; moves say who moved',
    { timeout: 90_000 },
    async () => {
      for (const size of [PHONE, { lang: 'en-GB' }] as const) {
        const { page, context } = await newPage(browser, size);
        if (size.lang === 'de-DE') await german(page);
        await page.goto(`${server.url}/#/lobby/knights`);
        await page.waitForSelector('[data-testid="create"]');
        await page.click('[data-testid="create"]');
        await page.waitForSelector('.knights-board');
        const deutsch = size.lang === 'de-DE';
        expect(await page.innerText('[data-testid="table-rated-mark"]')).toBe(
          deutsch ? 'Freie Partie' : 'Casual game',
        );
        // The first move typed as text (blind mode): a wrong one is refused in words, a legal one is played.
        await waitForTurnOrEnd(page);
        await page.fill('[data-testid="move-text"]', 'zz9');
        await page.press('[data-testid="move-text"]', 'Enter');
        expect(await page.innerText('#move-input-help')).toContain(
          deutsch ? 'ist kein Zug' : 'is not a move',
        );
        const square = await page
          .locator('.knights-board [data-target="true"]')
          .first()
          .getAttribute('data-square');
        await page.fill('[data-testid="move-text"]', square!.toUpperCase());
        await page.press('[data-testid="move-text"]', 'Enter');
        await expect.poll(() => page.innerText('[data-testid="move-1"]')).toContain(square!);
        // The bot's answer is said in the polite live region, with whose turn it is.
        await expect
          .poll(() => page.innerText('[data-testid="move-announcer"]'))
          .toMatch(deutsch ? /Hunnen.*Römer/ : /Huns.*Romans/);
        // Two more turns of the player's, the bot answering each, then resign.
        for (let i = 0; i < 2; i++) {
          await waitForTurnOrEnd(page);
          await playKnightsTurn(page);
        }
        await expect
          .poll(() => page.locator('[data-testid="movelist"] li').count())
          .toBeGreaterThanOrEqual(3);
        // Every entry says which side moved (Romans first on the standard board).
        const first = await page.innerText('[data-testid="move-1"]');
        expect(first).toMatch(deutsch ? /^Römer / : /^Romans /);
        await page.click('[data-testid="resign"]');
        await page.click('[data-testid="resign-confirm"]');
        await page.waitForSelector('[data-testid="winner"]');
        const dialog = await page.innerText('[data-testid="winner"]');
        expect(dialog).toContain(deutsch ? 'hat dich besiegt' : 'beat you');
        expect(dialog).toContain(deutsch ? 'Eine freie Partie' : 'A casual game');
        for (const next of ['end-rematch', 'end-replay', 'end-analyse', 'end-new-game'])
          expect(await page.locator(`[data-testid="winner"] [data-testid="${next}"]`).count()).toBe(1);
        await expect.poll(() => focused(page)).toBe('close-winner');
        await shot(page, `first-day-game-over-${deutsch ? 'phone-de' : 'desktop'}`);
        await page.keyboard.press('Enter');
        await expect.poll(() => page.locator('[data-testid="winner"]').count()).toBe(0);
        // Against a bot the rematch panel lists nobody "not yet": only the player's own buttons.
        await page.waitForSelector('[data-testid="rematch-accept"]');
        expect(await page.locator('[data-testid^="rematch-seat-"]').count()).toBe(0);
        // The move list's Start sits beside its heading, never over an entry however the list scrolls.
        const start = (await page.locator('[data-testid="move-0"]').boundingBox())!;
        const list = (await page.locator('[data-testid="movelist"]').boundingBox())!;
        expect(start.y + start.height).toBeLessThanOrEqual(list.y + 1);
        await context.close();
      }
    },
  );

  it(
    'offline, puzzles and the lobby say so in words and offer a retry; devices have names',
    { timeout: 60_000 },
    async () => {
      for (const size of [PHONE, { lang: 'es-ES' }] as const) {
        const { page, context } = await newPage(browser, size);
        await page.goto(`${server.url}/#/`);
        await page.selectOption('[data-testid="language"]', size.lang.slice(0, 2));
        await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
        await page.goto(`${server.url}/#/knights/puzzles`);
        const error = page.locator('[data-testid="puzzle-error"]');
        await expect.poll(() => error.count()).toBe(1);
        expect(await error.innerText()).not.toContain('Failed to fetch');
        expect(await error.innerText()).toContain(
          size.lang === 'de-DE' ? 'Server ist nicht erreichbar' : 'No se puede contactar',
        );
        expect(await page.locator('[data-testid="puzzle-retry"]').count()).toBe(1);
        await page.goto(`${server.url}/#/lobby/knights`);
        await page.waitForSelector('[data-testid="lobby-retry"]');
        // One sentence, not three that contradict each other.
        expect(await page.locator('[data-testid="tables-none"]').count()).toBe(0);
        expect(await page.locator('main').innerText()).not.toMatch(/Laden|Cargando|Loading/);
        await shot(page, `first-day-offline-lobby-${size.lang}`);
        // Back online: the retry brings the lobby.
        await page.unroute('**/api/**');
        await page.click('[data-testid="lobby-retry"]');
        await page.waitForSelector('[data-testid="create"]');
        await context.close();
      }
      // A signed-in device by name.
      const { page, context } = await newPage(browser, PHONE);
      await german(page);
      await page.goto(`${server.url}/#/account`);
      await page.waitForSelector('[data-testid="claim"]');
      await page.fill('[data-testid="claim-name"]', 'Galla');
      await page.fill('[data-testid="claim-password"]', 'a good long password');
      await page.click('[data-testid="claim-submit"]');
      await page.waitForSelector('[data-testid="session-device"]');
      expect(await page.innerText('[data-testid="session-device"]')).toBe('Chrome unter Linux');
      await context.close();
    },
  );
});
