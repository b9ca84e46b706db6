/**
 * Events in real browsers against the real server (issue 33): an account creates a Knights Swiss of two
 * rounds from the Events page, two more players join it (one in German, one on a phone), and four more
 * accounts join through the HTTP and WebSocket API (`api-player.ts`: random legal moves), seven in all, so
 * the machine runs three browsers, not seven. The event plays itself out: each round the paired players'
 * browsers open their table by themselves from the event page, play it to the end and come back, the API
 * accounts play theirs, and the player with the bye waits; each called player hears the chime and sees the
 * call to their table (in their language) on the table's page; the standings update, and the podium shows;
 * the event is on the players' profiles with their place.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiPlayer } from './api-player.js';
import { playKnightsTurn } from './knights.js';
import {
  newPage,
  shot,
  sidewaysOverflow,
  type ServerProcess,
  withServerAndBrowser,
  claimAccount,
  PHONE_SIZE,
} from './harness.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]), ['--http-rate', '1000']);

const claim = (page: Page, name: string) => claimAccount(page, server.url, name);

/**
 * Counts the tones the page starts (the event call's chime is made by oscillators: no sound file), in the
 * tab's session storage, so a reload keeps the count.
 */
const countTones = () => {
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: [number?]) {
    sessionStorage.setItem(
      'attila.e2e.tones',
      String(Number(sessionStorage.getItem('attila.e2e.tones')) + 1),
    );
    return start.apply(this, args);
  };
};
const tones = (p: Page) => p.evaluate(() => Number(sessionStorage.getItem('attila.e2e.tones')));

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
  // The form's earliest start is a minute away, waited out before any game: 5 minutes allowed, not 3.
  it(
    'a Knights Swiss created on the Events page plays itself out to its podium: seven accounts, three browsers',
    { timeout: 300_000 },
    async () => {
      const a = (await newPage(browser)).page;
      const b = (await newPage(browser, { lang: 'de-DE' })).page;
      const c = (await newPage(browser, PHONE_SIZE)).page;
      for (const p of [a, b, c]) await p.addInitScript(countTones);
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
      // Every game counts: the page says no game is aborted nor taken back (in B's German).
      expect(await b.innerText('[data-testid="event-every-game-counts"]')).toContain(
        'Turnierpartien können nicht abgebrochen werden',
      );
      const id = decodeURIComponent(/#\/events\/([^/?]+)/.exec(eventUrl)![1]);
      const others = await Promise.all(
        ['Gaiseric', 'Ardaric', 'Valamir', 'Odoacer'].map((n) => ApiPlayer.signUp(server.url, n)),
      );
      for (const p of others) await p.join(id);
      expect(await sidewaysOverflow(c)).toBeLessThanOrEqual(0);
      await expect.poll(() => a.locator('[data-testid="event-standing"]').count()).toBe(7);

      let over = false;
      const playing = others.map((p, i) => p.playEvent(id, `swiss-event/${i}`, () => over));
      const browsers = [
        { page: a, name: 'Honoria' },
        { page: b, name: 'Valentinian' },
        { page: c, name: 'Aetius' },
      ];
      const called = new Map<Page, number>();
      try {
        for (let round = 1; round <= 2; round++) {
          await expect.poll(async () => (await others[0].event(id)).round, { timeout: 120_000 }).toBe(round);
          const seated = (await others[0].event(id)).games
            .filter((g) => g.round === round && g.table !== null)
            .flatMap((g) => g.names);
          // The paired browsers' pages open their table by themselves; one with the bye waits.
          const mine = browsers.filter((x) => seated.includes(x.name)).map((x) => x.page);
          await expect
            .poll(() => mine.filter((p) => p.url().includes('#/table/')).length, { timeout: 60_000 })
            .toBe(mine.length);
          for (const p of mine) await p.waitForSelector('.knights-board', { timeout: 20_000 });
          // Each was called to this very table: a chime, and the notice on the table's page.
          for (const p of mine) {
            const table = decodeURIComponent(/#\/table\/([^/?]+)/.exec(p.url())![1]);
            expect(await p.getAttribute('[data-testid="event-call"]', 'data-table')).toBe(table);
            const text = await p.innerText('[data-testid="event-call-text"]');
            expect(text).toContain('Catalaunian Swiss');
            expect(text).toContain(p === b ? `Runde ${round}` : `round ${round}`);
            called.set(p, (called.get(p) ?? 0) + 1);
            // Three notes a call, and no other sound (turn sounds are off).
            expect(await tones(p)).toBe(3 * called.get(p)!);
          }
          // Browsers at one table play it together; each table in parallel.
          const tables = new Map<string, Page[]>();
          for (const p of mine) tables.set(p.url(), [...(tables.get(p.url()) ?? []), p]);
          await Promise.all([...tables.values()].map((pages) => playOut(pages)));
          for (const p of mine) await p.goto(eventUrl);
        }
        await expect
          .poll(() => a.getAttribute('[data-testid="event"]', 'data-status'), { timeout: 60_000 })
          .toBe('finished');
      } finally {
        over = true;
      }
      for (const t of await Promise.all(playing)) expect(t.length).toBeGreaterThanOrEqual(1);
      await a.waitForSelector('[data-testid="event-podium"]');
      // Three games and a bye a round: eight points among the seven.
      const scores = await a.locator('[data-testid="event-score"]').allInnerTexts();
      expect(scores.map(Number).reduce((s, x) => s + x, 0)).toBe(8);
      expect(await a.locator('[data-testid="event-game"]').count()).toBe(8);
      await shot(a, 'event-finished');
      // The event is on each player's profile with their place: Honoria's, as Valentinian sees it.
      const rank = await a
        .locator('[data-testid="event-standing"][data-player="Honoria"] td')
        .first()
        .innerText();
      await b.goto(`${server.url}/#/player/Honoria`);
      const entry = b.locator('[data-testid="profile-event"]');
      await entry.waitFor();
      expect(await entry.count()).toBe(1);
      expect(await entry.innerText()).toContain('Catalaunian Swiss');
      expect(await b.innerText('[data-testid="profile-event-place"]')).toContain(`Platz ${rank} von 7`);
    },
  );
});
