/**
 * "A signal that it is your turn" (issue 18, basics): in a live game the tab title says so on the screen
 * of the player to move and only there, in the player's language — two people online, one on a desktop in
 * English, one on a 390×844 phone in German.
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage, shot, type ServerProcess, withServerAndBrowser, PHONE_SIZE } from './harness.js';
import { playKnightsTurn, waitForTurnOrEnd } from './knights.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

describe('your turn, in the tab title', () => {
  it('shows on the mover’s tab only, in each player’s language', { timeout: 120_000 }, async () => {
    const a = await newPage(browser);
    const b = await newPage(browser, { ...PHONE_SIZE, lang: 'de-DE' });
    await b.page.goto(`${server.url}/`);
    await b.page.selectOption('[data-testid="language"]', 'de');
    await a.page.goto(`${server.url}/#/lobby`);
    await a.page.fill('[data-testid="name"]', 'Flavius');
    await a.page.click('[data-testid="game-knights"]');
    await a.page.selectOption('[data-testid="seat-kind-1"]', 'human');
    await a.page.click('[data-testid="create"]');
    await a.page.waitForSelector('[data-testid="invite"]');
    expect(await a.page.title()).toBe('Attila');
    await b.page.goto(await a.page.inputValue('[data-testid="invite"]'));
    await b.page.fill('[data-testid="join-name"]', 'Bleda');
    await b.page.click('[data-testid="sit-1"]');
    await b.page.waitForSelector('.knights-board');
    const players = [
      { ...a, turn: '● Your turn — Attila' },
      { ...b, turn: '● Du bist am Zug — Attila' },
    ];
    for (let ply = 0; ply < 6; ply++) {
      const mover = players[ply % 2];
      const other = players[(ply + 1) % 2];
      expect(await waitForTurnOrEnd(mover.page)).toBe(false);
      await expect.poll(() => mover.page.title()).toBe(mover.turn);
      await expect.poll(() => other.page.title()).toBe('Attila');
      if (ply === 1) await shot(b.page, 'turn-signal-phone-de');
      await playKnightsTurn(mover.page);
      await expect.poll(() => mover.page.title()).toBe('Attila');
    }
    await a.context.close();
    await b.context.close();
  });
});
