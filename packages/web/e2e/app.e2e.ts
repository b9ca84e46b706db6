/**
 * The web app end to end, against the real server and a real browser: every screen is visited and
 * screenshotted (packages/web/screenshots/), and whole games are played by clicking like a person.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  a11yViolations,
  newPage,
  SCREENSHOTS,
  shot,
  type ServerProcess,
  withServerAndBrowser,
} from './harness.js';
import { dragKnightsTurn, playKnightsTurn, timedFinalClick, waitForTurnOrEnd } from './knights.js';
import { playTribesDecision, playTribesUntilOver } from './tribes.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

async function bots(game: string): Promise<string[]> {
  const res = await fetch(`${server.url}/api/games`);
  const body = (await res.json()) as { games: { game: string; bots: string[] }[] };
  return body.games.find((g) => g.game === game)?.bots ?? [];
}

describe('first screen and languages', () => {
  it('loads the first screen in under a second and switches language everywhere', async () => {
    const { page, context } = await newPage(browser);
    // Warm the server's file cache once, as a returning visitor would find it.
    await page.goto(`${server.url}/`);
    const t0 = Date.now();
    await page.goto(`${server.url}/`);
    await page.waitForSelector('[data-testid="knights-card"]');
    const wallMs = Date.now() - t0;
    // From the browser's navigation start to the first screen painted (the app's own mark).
    await page.waitForFunction(() => performance.getEntriesByName('attila:first-screen').length > 0);
    const loadMs = await page.evaluate(
      () => performance.getEntriesByName('attila:first-screen')[0].startTime,
    );
    console.log(
      `first screen: ${loadMs.toFixed(0)} ms after navigation start (${wallMs} ms as the test driver saw it)`,
    );
    // The aim is under a second on a quiet machine (measured by bench/first-screen.ts); here, beside other
    // browser tests on a busy machine, the bound only catches a first screen made slow by its own code.
    expect(loadMs).toBeLessThan(3000);
    await shot(page, 'home');
    await page.selectOption('[data-testid="language"]', 'de');
    await expect.poll(() => page.locator('header nav').innerText()).toContain('Regeln');
    await shot(page, 'home-de');
    await page.reload();
    await expect.poll(() => page.locator('header nav').innerText()).toContain('Regeln');
    for (const [lang, word] of [
      ['cs', 'Pravidla'],
      ['es', 'Reglas'],
      ['en', 'Rules'],
    ] as const) {
      await page.selectOption('[data-testid="language"]', lang);
      await expect.poll(() => page.locator('header nav').innerText()).toContain(word);
    }
    await page.goto(`${server.url}/#/rules/knights`);
    await page.waitForSelector('[data-testid="rules-knights"]');
    await shot(page, 'rules-knights');
    await page.goto(`${server.url}/#/rules/tribes`);
    await page.waitForSelector('[data-testid="rules-tribes"]');
    await shot(page, 'rules-tribes');
    await context.close();
  });
});

describe('Knights against the strongest bot', () => {
  it('creates a table in the lobby and plays to the end', async () => {
    const available = await bots('knights');
    const bot = available.includes('perfect') ? 'perfect' : available[available.length - 1];
    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}/#/lobby`);
    await page.fill('[data-testid="name"]', 'Aetius');
    await page.click('[data-testid="game-knights"]');
    await page.selectOption('[data-testid="seat-kind-0"]', 'me');
    await page.selectOption('[data-testid="seat-kind-1"]', `bot:${bot}`);
    await shot(page, 'lobby-create-knights');
    await page.click('[data-testid="create"]');
    await page.waitForSelector('.knights-board');
    await shot(page, 'knights-vs-bot-start');
    const latencies: number[] = [];
    let over = false;
    for (let turn = 0; turn < 40 && !over; turn++) {
      over = await waitForTurnOrEnd(page);
      if (over) break;
      // Two clicks of the turn, then the timed one that sends the move.
      const targets = async () => page.locator('.knights-board [data-target="true"]').count();
      const placement = (await page.locator('[data-cell="R"], [data-cell="H"]').count()) < 6;
      if (!placement) {
        await page.locator('.knights-board [data-target="true"]').first().click();
        await page.locator('.knights-board [data-target="true"]').first().click();
      }
      if ((await targets()) > 0) latencies.push(await timedFinalClick(page));
      if (turn === 4) await shot(page, 'knights-vs-bot-middle');
    }
    expect(over).toBe(true);
    await shot(page, 'knights-vs-bot-winner');
    latencies.sort((a, b) => a - b);
    const median = latencies[Math.floor(latencies.length / 2)];
    console.log(
      `move update latency: median ${median.toFixed(1)} ms, max ${latencies[latencies.length - 1].toFixed(1)} ms over ${latencies.length} moves`,
    );
    // A bound a busy machine keeps (the figure itself is logged above; the speed of a move is measured by the
    // load script, not asserted here): a move that takes a second to show is broken, not slow.
    expect(median).toBeLessThan(1000);
    // The finished game's replay, from the server.
    const id = page.url().split('/table/')[1];
    await page.goto(`${server.url}/#/replay/${id}`);
    await page.waitForSelector('[data-testid="replay-position"]');
    const total = Number(/(\d+)\D*$/.exec(await page.innerText('[data-testid="replay-position"]'))![1]);
    expect(total).toBeGreaterThan(6);
    await page.click('[data-testid="replay-prev"]');
    await page.click('[data-testid="replay-prev"]');
    await expect.poll(() => page.innerText('[data-testid="replay-position"]')).toContain(String(total - 2));
    await page.fill('[data-testid="replay-slider"]', '3');
    await page.locator('[data-testid="replay-slider"]').dispatchEvent('input');
    await expect.poll(() => page.locator('[data-cell="R"], [data-cell="H"]').count()).toBe(3);
    await shot(page, 'replay-knights');
    // Analysis: the solver's verdict on every move of a position from the game.
    await page.fill('[data-testid="replay-slider"]', String(total - 3));
    await page.locator('[data-testid="replay-slider"]').dispatchEvent('input');
    await page.check('[data-testid="analysis"]');
    await page.waitForSelector('.knights-board .verdict', { timeout: 60_000 });
    expect(await page.locator('.knights-board .verdict').count()).toBeGreaterThan(0);
    await shot(page, 'analysis-knights');
    await page.uncheck('[data-testid="analysis"]');
    await page.fill('[data-testid="replay-slider"]', '0');
    await page.locator('[data-testid="replay-slider"]').dispatchEvent('input');
    await page.click('[data-testid="replay-play"]');
    await expect
      .poll(() => page.innerText('[data-testid="replay-position"]'), { timeout: 20_000 })
      .toMatch(/\b2\b/);
    await context.close();
  });
});

describe('Knights online between two people', () => {
  it('two browsers play a whole game; one reloads mid-game and continues', async () => {
    const a = await newPage(browser);
    const b = await newPage(browser, { width: 375, height: 740, mobile: true });
    await a.page.goto(`${server.url}/#/lobby`);
    await a.page.fill('[data-testid="name"]', 'Flavius');
    await a.page.click('[data-testid="game-knights"]');
    await a.page.selectOption('[data-testid="seat-kind-1"]', 'human');
    await a.page.selectOption('[data-testid="clock"]', 'move120');
    await a.page.click('[data-testid="create"]');
    await a.page.waitForSelector('[data-testid="invite"]');
    const invite = await a.page.inputValue('[data-testid="invite"]');
    await shot(a.page, 'table-invite');
    await b.page.goto(invite);
    await b.page.fill('[data-testid="join-name"]', 'Bleda');
    await b.page.click('[data-testid="sit-1"]');
    await b.page.waitForSelector('.knights-board');
    // The move clock runs for the side to move, on both screens.
    await a.page.waitForSelector('[data-testid="clock-0"].running');
    await b.page.waitForSelector('[data-testid="clock-0"].running');
    const players: Page[] = [a.page, b.page];
    let over = false;
    let reloaded = false;
    for (let ply = 0; ply < 60 && !over; ply++) {
      const page = players[ply % 2];
      over = await waitForTurnOrEnd(page);
      if (over) break;
      await playKnightsTurn(page);
      if (ply === 8 && !reloaded) {
        await shot(b.page, 'knights-online-phone');
        await b.page.reload();
        await b.page.waitForSelector('.knights-board');
        reloaded = true;
      }
    }
    expect(reloaded).toBe(true);
    expect(over).toBe(true);
    await a.page.waitForSelector('[data-testid="winner"]');
    await b.page.waitForSelector('[data-testid="winner"]');
    await shot(a.page, 'knights-online-winner');
    await a.context.close();
    await b.context.close();
  });
});

describe('Tribes with two bots', () => {
  it(
    'plays a three-seat game to the end, with a conflict and a century scoring',
    { timeout: 300_000 },
    async () => {
      const available = await bots('tribes');
      const bot = ['greedy', 'random'].find((x) => available.includes(x)) ?? available[0];
      const { page, context } = await newPage(browser, { width: 1366, height: 900, bypassCSP: true });
      await page.goto(`${server.url}/#/lobby`);
      await page.fill('[data-testid="name"]', 'Galla');
      await page.click('[data-testid="game-tribes"]');
      await page.selectOption('[data-testid="players"]', '3');
      await page.selectOption('[data-testid="seat-kind-1"]', `bot:${bot}`);
      await page.selectOption('[data-testid="seat-kind-2"]', `bot:${bot}`);
      await shot(page, 'lobby-create-tribes');
      await page.click('[data-testid="create"]');
      await page.waitForSelector('[data-testid="tribes-map"]');
      // A spectator sees the board and how many cards each holds, never a hand.
      const watcher = await newPage(browser, { width: 375, height: 740, mobile: true });
      await watcher.page.goto(page.url());
      await watcher.page.waitForSelector('[data-testid="tribes-map"] .land');
      await expect
        .poll(() => watcher.page.innerText('[data-testid="table"]'))
        .toContain((await watcher.page.innerText('[data-testid="players"]')).split('\n')[0]);
      expect(await watcher.page.locator('[data-testid="hand"]').count()).toBe(0);
      expect(await watcher.page.locator('[data-testid^="decision-"]').count()).toBe(0);
      await shot(watcher.page, 'tribes-spectator-phone');
      await watcher.context.close();
      // The game-over dialog passes axe-core as every screen does (a11y.e2e.ts), at this size and a phone's.
      const seen = await playTribesUntilOver(page, 'tribes-online', async (p) => {
        expect(await a11yViolations(p)).toEqual([]);
        await p.setViewportSize({ width: 390, height: 844 });
        expect(await a11yViolations(p)).toEqual([]);
        await shot(p, 'tribes-online-winner-narrow');
        await p.setViewportSize({ width: 1366, height: 900 });
      });
      expect(seen.conflicts).toBeGreaterThan(0);
      expect(seen.scorings).toBeGreaterThan(0);
      await shot(page, 'tribes-online-end');
      // Its replay: a spectator's view of every step.
      const id = page.url().split('/table/')[1];
      await page.goto(`${server.url}/#/replay/${id}`);
      await page.waitForSelector('[data-testid="tribes-map"]');
      await page.fill('[data-testid="replay-slider"]', '20');
      await page.locator('[data-testid="replay-slider"]').dispatchEvent('input');
      await expect.poll(() => page.getAttribute('.tribes-play', 'data-seq')).toBe('20');
      expect(await page.locator('[data-testid="hand"]').count()).toBe(0);
      await shot(page, 'replay-tribes');
      await context.close();
    },
  );
});

describe('hotseat', () => {
  it('plays Knights on one device to the end, then replays its downloaded record', async () => {
    const { page, context } = await newPage(browser, { width: 375, height: 740, mobile: true });
    await page.goto(`${server.url}/#/knights/hotseat`);
    await shot(page, 'knights-hotseat-setup');
    await page.click('[data-testid="preset-custom"]');
    await page.waitForSelector('[data-testid="tile-editor"]');
    await shot(page, 'knights-tile-editor');
    await page.click('[data-testid="preset-cross"]');
    await page.click('[data-testid="start"]');
    let over = false;
    for (let ply = 0; ply < 60 && !over; ply++) {
      over = await waitForTurnOrEnd(page);
      if (over) break;
      if (ply === 0) {
        // The first placement with the keyboard alone: focus a square, Enter.
        await page.locator('.knights-board [data-target="true"]').first().focus();
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('Enter');
        await expect.poll(() => page.locator('[data-testid="movelist"] li').count()).toBe(1);
      } else if (ply === 6) {
        // One turn by dragging the knight (then a click to scorch).
        const before = await page.locator('[data-testid="movelist"] li').count();
        await dragKnightsTurn(page);
        await expect.poll(() => page.locator('[data-testid="movelist"] li').count()).toBe(before + 1);
      } else await playKnightsTurn(page);
      if (ply === 7) await shot(page, 'knights-hotseat-middle');
    }
    expect(over).toBe(true);
    await shot(page, 'knights-hotseat-winner');
    await page.click('[data-testid="winner"] button.secondary');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('text=Download record')]);
    const file = join(SCREENSHOTS, 'hotseat-record.json');
    await download.saveAs(file);
    expect(JSON.parse(readFileSync(file, 'utf8')).game).toBe('knights');
    await page.goto(`${server.url}/#/replay`);
    await page.setInputFiles('[data-testid="record-file"]', file);
    await page.waitForSelector('[data-testid="replay-position"]');
    await page.click('[data-testid="replay-prev"]');
    await shot(page, 'replay-from-file');
    await context.close();
  });

  it('hides each Tribes hand behind a pass-the-device screen', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}/#/tribes/hotseat`);
    // A first player that fewer players no longer have goes back to random.
    await page.selectOption('[data-testid="players"]', '3');
    await page.selectOption('[data-testid="first-player"]', '2');
    await page.selectOption('[data-testid="players"]', '2');
    expect(await page.inputValue('[data-testid="first-player"]')).toBe('random');
    await page.selectOption('[data-testid="players"]', '3');
    expect(await page.inputValue('[data-testid="first-player"]')).toBe('random');
    await page.fill('[data-testid="player-name-0"]', 'Honoria');
    await page.fill('[data-testid="player-name-1"]', 'Valentinian');
    // The first-player list names the players as typed; the one chosen takes the device first.
    expect(await page.locator('[data-testid="first-player"] option').allInnerTexts()).toContain(
      'Valentinian',
    );
    await page.selectOption('[data-testid="first-player"]', '1');
    await shot(page, 'tribes-hotseat-setup');
    await page.click('[data-testid="start"]');
    expect(await page.innerText('[data-testid="pass-device"] h1')).toContain('Valentinian');
    for (let step = 0; step < 12; step++) {
      await page.waitForSelector(
        '[data-testid="pass-device"], [data-testid="decision-play"], [data-testid="decision-influence"], [data-testid="decision-commit"], [data-testid="decision-discard"]',
      );
      if (await page.locator('[data-testid="pass-device"]').count()) {
        expect(await page.locator('[data-testid="hand"]').count()).toBe(0);
        if (step < 2) await shot(page, 'tribes-pass-device');
        await page.click('[data-testid="ready"]');
        continue;
      }
      await playTribesDecision(page);
    }
    await shot(page, 'tribes-hotseat');
    await context.close();
  });
});
