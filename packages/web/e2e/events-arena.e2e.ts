/**
 * A Knights arena in the browser, from creation to podium (issue 33): six accounts for the shortest arena
 * the rules allow (5 minutes), so this test takes about 6 minutes, longer than most: an arena cannot be
 * shorter. Two of the six are real Chromium pages: one creates the arena (by the request the Events page
 * sends, to start in 20 s rather than the form's least of a minute; events.e2e.ts creates through the form),
 * both join from the event page, and whenever the arena pairs them their page opens the table by itself
 * and they play it to its end on the Knights board, then go back to the event page for the next pairing.
 * The other four are accounts driven through the HTTP and WebSocket API (`api-player.ts`: random legal
 * moves), so the machine runs two browsers, not six. The server runs with a raised request limit: all six
 * come from 127.0.0.1, where people would come from six addresses.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiPlayer } from './api-player.js';
import { claimAccount, newPage, shot, type ServerProcess, withServerAndBrowser } from './harness.js';
import { playKnightsTurn } from './knights.js';

let server: ServerProcess;
let browser: Browser;
withServerAndBrowser((s, b) => ([server, browser] = [s, b]), ['--http-rate', '1000']);

/** Plays the game the page sits at until it shows its winner (moving whenever it is offered targets). */
async function playOut(page: Page): Promise<void> {
  await page.waitForSelector('.knights-board', { timeout: 30_000 });
  for (let step = 0; step < 2000; step++) {
    if ((await page.locator('[data-testid="winner"]').count()) > 0) return;
    if ((await page.locator('.knights-board [data-target="true"]').count()) > 0) await playKnightsTurn(page);
    else await page.waitForTimeout(100);
  }
  throw new Error('the game did not end');
}

/** A browser player in the arena: plays each game its page opens, back to the event page after each. */
async function arena(page: Page, eventUrl: string): Promise<number> {
  let games = 0;
  await page.goto(eventUrl);
  for (;;) {
    if (page.url().includes('#/table/')) {
      await playOut(page);
      games++;
      await page.goto(eventUrl);
      continue;
    }
    if ((await page.locator('[data-testid="event"][data-status="finished"]').count()) > 0) return games;
    await page.waitForTimeout(300);
  }
}

describe('events: Knights arena', () => {
  it(
    'six accounts, two of them browsers, play a 5-minute arena to its podium',
    { timeout: 540_000 },
    async () => {
      const a = (await newPage(browser)).page;
      const b = (await newPage(browser, { lang: 'de-DE' })).page;
      await claimAccount(a, server.url, 'Uldin');
      await claimAccount(b, server.url, 'Charaton');
      const others = await Promise.all(
        ['Octar', 'Ruga', 'Mundzuk', 'Oebarsius'].map((n) => ApiPlayer.signUp(server.url, n)),
      );
      const id = await a.evaluate(async () => {
        const r = await fetch('/api/events', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-attila-csrf': '1' },
          body: JSON.stringify({
            name: 'Danube arena',
            format: 'arena',
            minutes: 5,
            startsAt: Date.now() + 20_000,
            clock: { mode: 'game', initialMs: 120_000, incrementMs: 0 },
          }),
        });
        return ((await r.json()) as { event: { id: string } }).event.id;
      });
      const eventUrl = `${server.url}/#/events/${encodeURIComponent(id)}`;
      for (const p of [a, b]) {
        await p.goto(eventUrl);
        await p.click('[data-testid="event-join"]');
        await p.waitForSelector('[data-testid="event-entered"]');
      }
      for (const p of others) await p.join(id);
      await expect.poll(() => a.locator('[data-testid="event-standing"]').count()).toBe(6);

      let over = false;
      const playing = others.map((p, i) => p.playEvent(id, `arena-event/${i}`, () => over));
      let browserGames: number[];
      try {
        browserGames = await Promise.all([arena(a, eventUrl), arena(b, eventUrl)]);
      } finally {
        over = true;
      }
      const apiGames = (await Promise.all(playing)).map((t) => t.length);
      console.log(`arena games: browsers ${browserGames.join(', ')}; API players ${apiGames.join(', ')}`);
      // Everyone played, the browsers more than once (paired again as soon as a game ended).
      for (const n of browserGames) expect(n).toBeGreaterThanOrEqual(2);
      for (const n of apiGames) expect(n).toBeGreaterThanOrEqual(1);

      await a.waitForSelector('[data-testid="event-podium"]');
      expect(await a.locator('[data-testid="event-podium"] li').count()).toBe(3);
      const done = await others[0].event(id);
      expect(done.status).toBe('finished');
      expect(done.games.every((g) => g.over && g.places !== null && g.players.length === 2)).toBe(true);
      // Games counted from both sides: each game has two players.
      const played = [...browserGames, ...apiGames].reduce((s, n) => s + n, 0);
      expect(played % 2).toBe(0);
      // Arena points: 2 a win, 4 a win on fire, never anything for a loss: the leader has points.
      const scores = (await a.locator('[data-testid="event-score"]').allInnerTexts()).map(Number);
      expect(scores).toHaveLength(6);
      expect(Math.max(...scores)).toBeGreaterThanOrEqual(2);
      expect(scores.every((s) => s % 2 === 0)).toBe(true);
      await shot(a, 'event-arena-finished');
    },
  );
});
