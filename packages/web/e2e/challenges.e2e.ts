/**
 * Challenges in real browsers against the real server (issue 20): a Knights challenge sent from a
 * profile page to a player on a phone in German, who sees it at once on the home screen, accepts, and both
 * browsers open the table and play it to the end; a challenge declined while the player is on another
 * screen, after a reload (the challenger sees it called off); a 3-seat Tribes challenge that opens the
 * table in all three browsers once both others accepted (the challenge card checked with axe on the way).
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { playKnightsTurn, waitForTurnOrEnd } from './knights.js';
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

const claim = (page: Page, name: string) => claimAccount(page, server.url, name);

const challengeCard = (page: Page, status: string) =>
  page.locator(`[data-testid="challenge"][data-status="${status}"]`);

describe('challenges', () => {
  let a: Page;
  let b: Page;

  it('sent from a profile page, seen at once on a phone in German, accepted and played to the end', async () => {
    a = (await newPage(browser)).page;
    b = (await newPage(browser, { ...PHONE_SIZE, lang: 'de-DE' })).page;
    await claim(a, 'Theodora');
    await claim(b, 'Justinian');
    await b.goto(`${server.url}/#/`);
    await b.waitForSelector('[data-testid="home-challenge"]');

    await a.goto(`${server.url}/#/player/Justinian`);
    await a.click('[data-testid="challenge-player"]');
    await a.waitForSelector('[data-testid="challenge-form"]');
    expect(await a.inputValue('[data-testid="challenge-name-0"]')).toBe('Justinian');
    await a.check('[data-testid="challenge-game-knights"]');
    await a.click('[data-testid="challenge-send"]');
    await a.waitForSelector('[data-testid="challenge-sent"]');
    expect(await a.innerText('[data-testid="challenge-sent"]')).toContain('Justinian');
    await expect.poll(() => challengeCard(a, 'pending').innerText()).toContain('Justinian');

    // The phone hears of it at once, on the home screen, in German, without sideways scrolling.
    await challengeCard(b, 'pending').waitFor({ timeout: 5_000 });
    expect(await challengeCard(b, 'pending').innerText()).toContain('Theodora fordert dich heraus');
    expect(await b.innerText('[data-testid="challenge-accept"]')).toBe('Annehmen');
    expect(await sidewaysOverflow(b)).toBeLessThanOrEqual(0);
    await shot(b, 'challenge-phone-de');
    await b.click('[data-testid="challenge-accept"]');

    // Both browsers open the table.
    await a.waitForSelector('.knights-board', { timeout: 10_000 });
    await b.waitForSelector('.knights-board', { timeout: 10_000 });
    expect(a.url()).toBe(b.url());
    const players: Page[] = [a, b];
    let over = false;
    for (let ply = 0; ply < 80 && !over; ply++) {
      // Theodora challenged from seat 0 (the default): she moves first.
      over = await waitForTurnOrEnd(players[ply % 2]);
      if (!over) await playKnightsTurn(players[ply % 2]);
    }
    expect(over).toBe(true);
    await a.waitForSelector('[data-testid="winner"]');
    await b.waitForSelector('[data-testid="winner"]');
  });

  it('declined on another screen after a reload: the challenger sees it called off', async () => {
    await b.goto(`${server.url}/#/lobby/knights`);
    await b.waitForSelector('[data-testid="create-table"]');
    await a.goto(`${server.url}/#/challenge`);
    await a.fill('[data-testid="challenge-name-0"]', 'justinian');
    await a.click('[data-testid="challenge-send"]');
    await a.waitForSelector('[data-testid="challenge-sent"]');
    await challengeCard(b, 'pending').waitFor({ timeout: 5_000 });
    // After a reload the challenge is there again (the socket sends the waiting ones when it opens).
    await b.reload();
    await challengeCard(b, 'pending').waitFor({ timeout: 10_000 });
    await b.click('[data-testid="challenge-decline"]');
    await challengeCard(a, 'declined').waitFor({ timeout: 5_000 });
    expect(await challengeCard(a, 'declined').innerText()).toContain('Justinian declined');
    // Neither page went to a table.
    expect(a.url()).toContain('#/challenge');
    expect(b.url()).toContain('#/lobby/knights');
  });

  it('a 3-seat Tribes challenge opens the table in all three browsers once both others accept', async () => {
    // Axe is injected as a script: this page lets it past the Content-Security-Policy.
    const c = (await newPage(browser, { bypassCSP: true })).page;
    await claim(c, 'Belisarius');
    await c.goto(`${server.url}/#/rules/tribes`);
    await a.goto(`${server.url}/#/challenge`);
    await a.check('[data-testid="challenge-game-tribes"]');
    await a.selectOption('[data-testid="players"]', '3');
    await a.fill('[data-testid="challenge-name-0"]', 'Justinian');
    await a.fill('[data-testid="challenge-name-1"]', 'Belisarius');
    await a.selectOption('[data-testid="challenge-seat"]', '1');
    await a.click('[data-testid="challenge-send"]');
    await a.waitForSelector('[data-testid="challenge-sent"]');

    await challengeCard(b, 'pending').waitFor({ timeout: 5_000 });
    await challengeCard(c, 'pending').waitFor({ timeout: 5_000 });
    // The challenge shown over the rules screen: no accessibility violation.
    expect(await a11yViolations(c)).toEqual([]);
    await c.click('[data-testid="challenge-accept"]');
    await expect
      .poll(() => challengeCard(c, 'pending').innerText())
      .toContain('You accepted: waiting for Justinian');
    // One has accepted: still waiting, for Justinian only.
    await expect.poll(() => challengeCard(a, 'pending').innerText()).toContain('Justinian');
    expect(await challengeCard(a, 'pending').innerText()).not.toContain('Belisarius,');
    expect(await c.locator('.tribes-play').count()).toBe(0);
    await b.click('[data-testid="challenge-accept"]');
    for (const p of [a, b, c]) await p.waitForSelector('.tribes-play', { timeout: 15_000 });
    const table = a.url().split('#/table/')[1];
    expect(b.url()).toContain(table);
    expect(c.url()).toContain(table);
    // Each browser holds its own seat: Justinian 0, Theodora 1 (her choice), Belisarius 2.
    const seatOf = (p: Page) =>
      p.evaluate((id) => JSON.parse(localStorage.getItem(`attila.seat.${id}`) ?? 'null')?.seat, table);
    expect([await seatOf(b), await seatOf(a), await seatOf(c)]).toEqual([0, 1, 2]);
    await shot(a, 'challenge-tribes-table');
  });
});
