/**
 * Events in real browsers against the real server (issue 33): an account creates a Knights Swiss of two
 * rounds from the Events page, two more players join it (one in German), and the event plays itself out:
 * each round the paired players' browsers open their table by themselves from the event page, play it to
 * the end, come back, and the player with the bye waits; the standings update, and the podium shows.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { playKnightsTurn } from './knights.js';
import {
  newPage,
  shot,
  sidewaysOverflow,
  type ServerProcess,
  withServerAndBrowser,
  claimAccount,
} from './harness.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

const claim = (page: Page, name: string) => claimAccount(page, server.url, name);

/** Plays the game the pages sit at until both show its winner (each moves when it is offered targets). */
async function playOut(pages: readonly Page[]): Promise<void> {
  for (let step = 0; step < 400; step++) {
    let over = 0;
    for (const p of pages) {
      if ((await p.locator('[data-testid="winner"]').count()) > 0) over++;
      else if ((await p.locator('.knights-board [data-target="true"]').count()) > 0) await playKnightsTurn(p);
    }
    if (over === pages.length) return;
    await pages[0].waitForTimeout(100);
  }
  throw new Error('the game did not end');
}

describe('events', () => {
  it('a Knights Swiss created on the Events page plays itself out to its podium with three browsers', async () => {
    const a = (await newPage(browser)).page;
    const b = (await newPage(browser, { lang: 'de-DE' })).page;
    const c = (await newPage(browser, { width: 390, height: 844, mobile: true })).page;
    await claim(a, 'Honoria');
    await claim(b, 'Valentinian');
    await claim(c, 'Aetius');

    await a.goto(`${server.url}/#/`);
    await a.click('[data-testid="home-events"]');
    await a.waitForSelector('[data-testid="event-form"]');
    await a.fill('[data-testid="event-name"]', 'Catalaunian Swiss');
    await a.selectOption('[data-testid="event-format"]', 'swiss');
    await a.fill('[data-testid="event-rounds"]', '2');
    await a.selectOption('[data-testid="event-start"]', '1');
    await a.click('[data-testid="event-create"]');
    await a.waitForSelector('[data-testid="event-title"]');
    expect(await a.innerText('[data-testid="event-title"]')).toBe('Catalaunian Swiss');
    const eventUrl = a.url();

    // The list shows it as upcoming, in German for B; everyone joins from the event page.
    await b.goto(`${server.url}/#/events`);
    await b.locator('[data-testid="events-upcoming"] [data-testid="event-item"]').first().waitFor();
    expect(await b.innerText('[data-testid="events-upcoming"] h2')).toBe('Demnächst');
    for (const p of [a, b, c]) {
      await p.goto(eventUrl);
      await p.click('[data-testid="event-join"]');
      await p.waitForSelector('[data-testid="event-entered"]');
    }
    expect(await sidewaysOverflow(c)).toBeLessThanOrEqual(0);
    await expect.poll(() => a.locator('[data-testid="event-standing"]').count()).toBe(3);

    for (let round = 1; round <= 2; round++) {
      // The two paired players' pages open their table by themselves; the third waits (its bye).
      const atTable: Page[] = [];
      await expect
        .poll(
          async () => {
            atTable.length = 0;
            for (const p of [a, b, c]) if (p.url().includes('#/table/')) atTable.push(p);
            return atTable.length;
          },
          { timeout: 120_000 },
        )
        .toBe(2);
      for (const p of atTable) await p.waitForSelector('.knights-board', { timeout: 20_000 });
      expect(atTable[0].url()).toBe(atTable[1].url());
      await playOut(atTable);
      for (const p of atTable) await p.goto(eventUrl);
    }

    await expect
      .poll(() => a.getAttribute('[data-testid="event"]', 'data-status'), { timeout: 60_000 })
      .toBe('finished');
    await a.waitForSelector('[data-testid="event-podium"]');
    // Two games and two byes: four points among the three.
    const scores = await a.locator('[data-testid="event-score"]').allInnerTexts();
    expect(scores.map(Number).reduce((s, x) => s + x, 0)).toBe(4);
    expect(await a.locator('[data-testid="event-game"]').count()).toBe(4);
    await shot(a, 'event-finished');
  });
});
