/**
 * A rated game in real browsers: two accounts (one at a desktop in English, one on a phone in German) play
 * a rated Knights game to its end; both profiles then show the new provisional ratings (`1741?`) and a point
 * of history; the leaderboard lists nobody yet (both provisional) and shows the bots' published ratings.
 * A guest finds the Rated box disabled, with the reason.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { playKnightsTurn, waitForTurnOrEnd } from './knights.js';
import {
  newPage,
  a11yViolations,
  shot,
  type ServerProcess,
  withServerAndBrowser,
  claimAccount,
  PHONE_SIZE,
} from './harness.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

const claim = (page: Page, name: string) => claimAccount(page, server.url, name);

describe('rated games', () => {
  it('two accounts play a rated Knights game; profiles show the ratings, the leaderboard nobody yet', async () => {
    const guest = await newPage(browser);
    await guest.page.goto(`${server.url}/#/lobby/knights`);
    await guest.page.waitForSelector('[data-testid="me-name"]');
    await guest.page.selectOption('[data-testid="seat-kind-1"]', 'human');
    expect(await guest.page.isDisabled('[data-testid="rated"]')).toBe(true);
    expect(await guest.page.innerText('[data-testid="rated-hint"]')).toContain(
      'Rated games are for accounts',
    );
    await guest.context.close();

    const a = await newPage(browser);
    const b = await newPage(browser, { ...PHONE_SIZE, lang: 'de-DE' });
    await claim(a.page, 'Theodoric');
    await claim(b.page, 'Odoacer');
    await a.page.goto(`${server.url}/#/lobby/knights`);
    await a.page.waitForSelector('[data-testid="seat-kind-1"]');
    // Against a bot the box is disabled: games against bots are casual.
    expect(await a.page.isDisabled('[data-testid="rated"]')).toBe(true);
    expect(await a.page.innerText('[data-testid="rated-hint"]')).toContain('casual');
    await a.page.selectOption('[data-testid="seat-kind-1"]', 'human');
    // Without a clock neither: a rating is per speed class (issue 31: it was filed under correspondence).
    expect(await a.page.isDisabled('[data-testid="rated"]')).toBe(true);
    expect(await a.page.innerText('[data-testid="rated-hint"]')).toContain('needs a clock');
    await a.page.selectOption('[data-testid="clock"]', 'days1');
    await a.page.check('[data-testid="rated"]');
    await shot(a.page, 'lobby-rated');
    await a.page.click('[data-testid="create"]');
    await a.page.waitForSelector('[data-testid="invite"]');
    const invite = await a.page.inputValue('[data-testid="invite"]');

    // The phone sees the open table in the lobby, marked rated (in German).
    await b.page.goto(`${server.url}/#/lobby/knights`);
    await expect
      .poll(() =>
        b.page.locator('[data-testid="table-item"] [data-testid="table-rated"]').first().innerText(),
      )
      .toContain('gewertet');
    await b.page.goto(invite);
    await b.page.click('[data-testid="sit-1"]');
    await b.page.waitForSelector('.knights-board');
    // The table says the game is rated (issue 31: it never did).
    expect(await a.page.innerText('[data-testid="table-rated-mark"]')).toBe('Rated game');
    expect(await b.page.innerText('[data-testid="table-rated-mark"]')).toBe('Gewertete Partie');
    const players: Page[] = [a.page, b.page];
    let over = false;
    for (let ply = 0; ply < 80 && !over; ply++) {
      over = await waitForTurnOrEnd(players[ply % 2]);
      if (!over) await playKnightsTurn(players[ply % 2]);
    }
    expect(over).toBe(true);
    await a.page.waitForSelector('[data-testid="winner"]');
    await b.page.waitForSelector('[data-testid="winner"]');
    // The game-over dialog: who beat whom by name, what it did to each rating, what next; it has the focus.
    const dialogRatings: number[] = [];
    for (const [p, mine, opponent, yours] of [
      [a.page, 0, 'Odoacer', 'Your rating'],
      [b.page, 1, 'Theodoric', 'Deine Wertung'],
    ] as const) {
      const dialog = p.locator('[data-testid="winner"]');
      expect(await dialog.innerText()).toContain(opponent);
      const line = p.locator(`[data-testid="rating-change-${mine}"]`);
      await expect.poll(() => line.count()).toBe(1);
      const m = new RegExp(`^${yours}: (\\d+) \\(([+−])(\\d+)\\)`).exec(await line.innerText());
      expect(m, await line.innerText()).not.toBeNull();
      dialogRatings[mine] = Number(m![1]);
      expect(Math.abs(Number(m![1]) - 1500)).toBe(Number(m![3]));
      expect(await dialog.locator('[data-testid="end-rematch"]').count()).toBe(1);
      expect(await dialog.locator('[data-testid="end-new-game"]').count()).toBe(1);
      await expect
        .poll(() => p.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid))
        .toBe('close-winner');
    }
    await shot(b.page, 'game-over-rated-phone-de');
    await b.page.keyboard.press('Enter');
    await expect.poll(() => b.page.locator('[data-testid="winner"]').count()).toBe(0);

    // Both profiles: a provisional rating per game and speed class (a day a move: correspondence), a history point.
    const ratings: number[] = [];
    for (const [p, name] of [
      [a.page, 'Theodoric'],
      [b.page, 'Odoacer'],
    ] as const) {
      await p.goto(`${server.url}/#/player/${name}`);
      const value = p.locator('[data-testid="rating-knights-correspondence"] [data-testid="rating-value"]');
      await expect.poll(() => value.count()).toBe(1);
      const text = await value.innerText();
      expect(text).toMatch(/^\d{3,4}\?$/);
      ratings.push(Number(text.slice(0, -1)));
      await p.waitForSelector('[data-testid="rating-history-knights-correspondence"] svg');
      await p.click('[data-testid="rating-history-knights-correspondence"] summary');
      await expect.poll(() => p.locator('[data-testid="rating-point"]').count()).toBe(1);
    }
    // Two newcomers: one gains what the other loses; the dialogs said the same numbers.
    expect(ratings[0] + ratings[1]).toBe(3000);
    expect(dialogRatings).toEqual(ratings);
    expect(await b.page.innerText('[data-testid="ratings"]')).toContain('Wertungszahlen');
    expect(await b.page.innerText('[data-testid="ratings"]')).toContain('vorläufig');
    await shot(a.page, 'profile-ratings');
    await shot(b.page, 'profile-ratings-phone-de');
    // One's own account screen shows them too.
    await b.page.goto(`${server.url}/#/account`);
    await expect
      .poll(() => b.page.innerText('[data-testid="ratings"] [data-testid="rating-value"]'))
      .toBe(`${ratings[1]}?`);

    // The leaderboard, linked from the header: nobody settled yet; the bots' ratings beside it.
    await a.page.click('header a[href="#/leaderboard"]');
    await a.page.click('[data-testid="board-speed-correspondence"]');
    await a.page.waitForSelector('[data-testid="board-empty"]');
    expect(await a.page.innerText('[data-testid="bot-rating-medium"]')).toMatch(/^Medium bot: \d{3,4}$/);
    await shot(a.page, 'leaderboard');
    await b.page.goto(`${server.url}/#/leaderboard`);
    await b.page.waitForSelector('[data-testid="board-bots"] li');
    expect(await b.page.innerText('[data-testid="leaderboard"] h1')).toBe('Rangliste');
    expect(await b.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(b.page, 'leaderboard-phone-de');
    for (const p of [a, b]) await p.context.close();
  });

  it('the leaderboard and a profile with ratings have no accessibility violations', async () => {
    const { context, page } = await newPage(browser, { bypassCSP: true });
    await page.goto(`${server.url}/#/leaderboard`);
    await page.waitForSelector('[data-testid="board-bots"] li');
    expect(await a11yViolations(page)).toEqual([]);
    await page.goto(`${server.url}/#/player/Theodoric`);
    await page.waitForSelector('[data-testid="rating-history-knights-correspondence"] svg');
    expect(await a11yViolations(page)).toEqual([]);
    await context.close();
  });
});
