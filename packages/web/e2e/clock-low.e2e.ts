/**
 * Clocks that warn when time is low (issue 18, basics): with a clock a move, the mover's clock turns to the
 * warning colour at 10 s and says once, in each viewer's language, that time is short — seen by the mover
 * on a desktop in English and by the opponent on a 390×844 phone in German. With sounds on (both players),
 * only the mover's own clock beeps, once.
 *
 * The lobby's shortest clock is 30 s a move: the table's creation request is given 16 s instead (a clock the
 * server takes from any client), so the warning comes after 6 s rather than 20, with the same 10 s to spare.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, shot, type ServerProcess, withServerAndBrowser, PHONE_SIZE } from './harness.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

/** Sounds on (the turn-signal setting), and the page's AudioContext counted as `__sounds`. */
const soundsCounted = () => {
  localStorage.setItem('attila.turnSound', 'on');
  const w = window as unknown as { __sounds: number };
  w.__sounds = 0;
  const RealAudio = window.AudioContext;
  window.AudioContext = class extends RealAudio {
    constructor() {
      super();
      w.__sounds++;
    }
  } as typeof AudioContext;
};
const sounds = (page: Page) => page.evaluate(() => (window as unknown as { __sounds: number }).__sounds);

/** The move clock the table is made with (the lobby's choice shortened on its way to the server). */
const MOVE_MS = 16_000;

describe('a clock running low', () => {
  it('turns colour and warns once at 10 seconds left', { timeout: 90_000 }, async () => {
    const a = await newPage(browser);
    const b = await newPage(browser, { ...PHONE_SIZE, lang: 'de-DE' });
    await a.context.addInitScript(soundsCounted);
    await b.context.addInitScript(soundsCounted);
    await b.page.goto(`${server.url}/`);
    await b.page.selectOption('[data-testid="language"]', 'de');
    await a.page.goto(`${server.url}/#/lobby`);
    await a.page.fill('[data-testid="name"]', 'Flavius');
    await a.page.click('[data-testid="game-knights"]');
    await a.page.selectOption('[data-testid="seat-kind-1"]', 'human');
    await a.page.selectOption('[data-testid="clock"]', 'move30');
    let chosenMs: number | undefined;
    await a.page.route('**/api/tables', (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const asked = route.request().postDataJSON() as { clock?: { mode: string; moveMs?: number } };
      if (asked.clock?.mode !== 'move') return route.continue();
      chosenMs = asked.clock.moveMs;
      return route.continue({
        postData: JSON.stringify({ ...asked, clock: { mode: 'move', moveMs: MOVE_MS } }),
      });
    });
    await a.page.click('[data-testid="create"]');
    await a.page.waitForSelector('[data-testid="invite"]');
    expect(chosenMs).toBe(30_000);
    await b.page.goto(await a.page.inputValue('[data-testid="invite"]'));
    await b.page.fill('[data-testid="join-name"]', 'Bleda');
    await b.page.click('[data-testid="sit-1"]');
    await a.page.waitForSelector('[data-testid="clock-0"].running');
    // The turn's own chime (if any) has sounded by now; the low-time beep comes 6 s later.
    await new Promise((r) => setTimeout(r, 1000));
    const turnSounds = await sounds(a.page);
    // Plenty of time: no warning yet.
    expect(await a.page.locator('[data-testid="clock-0"].low').count()).toBe(0);
    expect(await a.page.locator('[data-testid="clock-low-0"]').count()).toBe(0);
    await a.page.waitForSelector('[data-testid="clock-0"].low', { timeout: MOVE_MS });
    await b.page.waitForSelector('[data-testid="clock-0"].low', { timeout: 5_000 });
    expect(await a.page.textContent('[data-testid="clock-low-0"]')).toBe('Less than 10 seconds left');
    expect(await b.page.textContent('[data-testid="clock-low-0"]')).toBe('Weniger als 10 Sekunden übrig');
    // The mover's own clock beeps once (besides the turn's chime); the opponent's page stays silent about it.
    await expect.poll(() => sounds(a.page), { timeout: 5_000 }).toBe(turnSounds + 1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await sounds(a.page)).toBe(turnSounds + 1);
    expect(await sounds(b.page)).toBe(0);
    // The opponent's clock is not running and does not warn.
    expect(await a.page.locator('[data-testid="clock-1"].low, [data-testid="clock-low-1"]').count()).toBe(0);
    const colour = await a.page.$eval(
      '[data-testid="clock-0"]',
      (el) => getComputedStyle(el).backgroundColor,
    );
    expect(colour).not.toBe('rgba(0, 0, 0, 0)');
    await shot(a.page, 'clock-low-desktop');
    await shot(b.page, 'clock-low-phone-de');
    await a.context.close();
    await b.context.close();
  });
});
