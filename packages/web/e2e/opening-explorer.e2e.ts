/**
 * The opening explorer (issue 21) over real finished games: a person plays Knights against the random bot
 * in the browser to the end, two random bots play two more games on the server, and the analysis board at
 * the start shows, for each first placement, how many of the three games opened with it (or a mirror image
 * of it) and how often the Romans then won; one placement on, on a phone in German, the games that made it.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { positionAfter, STANDARD_LAYOUT } from '@attila/knights';
import {
  finishedBotsGame,
  newPage,
  shot,
  sidewaysOverflow,
  type ServerProcess,
  withServerAndBrowser,
  PHONE_SIZE,
} from './harness.js';
import { playKnightsTurn, waitForTurnOrEnd } from './knights.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

const START = '...../...../...../..... R';

interface GameRecord {
  readonly moves: string[];
  readonly result: { winners: number[] };
}

async function record(id: string): Promise<GameRecord> {
  return (await (await fetch(`${server.url}/api/tables/${id}/record`)).json()) as GameRecord;
}

/** A game of two random bots, created through the API; its record once it is over. */
const botsGame = async (): Promise<GameRecord> =>
  record(await finishedBotsGame(server, ['random', 'random']));

/** The squares a square goes to under the board's rotations and reflections. */
function orbit(square: string): Set<string> {
  const i = STANDARD_LAYOUT.names.indexOf(square);
  return new Set(STANDARD_LAYOUT.symmetries.map((s) => STANDARD_LAYOUT.names[s.perm[i]]));
}

/** What the explorer's rows say: move -> [games, wins]. */
async function rows(page: Page): Promise<Map<string, [number, number]>> {
  const cells = await page.$$eval('[data-testid="explorer-row"]', (trs) =>
    trs.map((tr) => [
      tr.getAttribute('data-move'),
      tr.getAttribute('data-games'),
      tr.getAttribute('data-wins'),
    ]),
  );
  return new Map(cells.map(([m, g, w]) => [m as string, [Number(g), Number(w)]]));
}

describe('the opening explorer', () => {
  it(
    'counts the server’s finished games per placement, up to symmetry, on a desktop and a phone',
    { timeout: 300_000 },
    async () => {
      // 1. A person against the random bot, to the end.
      const { page, context } = await newPage(browser);
      await page.goto(`${server.url}/#/lobby`);
      await page.fill('[data-testid="name"]', 'Aetius');
      await page.click('[data-testid="game-knights"]');
      await page.selectOption('[data-testid="seat-kind-1"]', 'bot:random');
      await page.click('[data-testid="create"]');
      await page.waitForSelector('.knights-board');
      const personId = page.url().split('/table/')[1];
      for (let turn = 0; turn < 40; turn++) {
        if (await waitForTurnOrEnd(page)) break;
        await playKnightsTurn(page);
      }
      await page.waitForSelector('[data-testid="winner"]');
      // 2. Two games of random bots.
      const games = [await record(personId), await botsGame(), await botsGame()];

      // 3. The analysis board at the start: every first placement with its count among the three games.
      await page.goto(`${server.url}/#/knights/analysis/${encodeURIComponent(START)}`);
      await page.waitForSelector('[data-testid="opening-explorer"][data-status="ready"]');
      expect(await page.innerText('[data-testid="explorer-total"]')).toBe(
        'Finished games from this position: 3',
      );
      const atStart = await rows(page);
      expect(atStart.size).toBe(20);
      for (const square of STANDARD_LAYOUT.names) {
        const same = games.filter((g) => orbit(square).has(g.moves[0]));
        expect(atStart.get(square), square).toEqual([
          same.length,
          same.filter((g) => g.result.winners.includes(0)).length,
        ]);
      }
      // The most played placement comes first; every placement has a value (the start: from the opening book).
      const first = page.locator('[data-testid="explorer-row"]').first();
      expect(Number(await first.getAttribute('data-games'))).toBe(
        Math.max(...[...atStart.values()].map((r) => r[0])),
      );
      await expect.poll(() => first.locator('[data-testid="explorer-value"]').innerText()).toMatch(/^[+−]/);
      await shot(page, 'opening-explorer-start');
      await context.close();

      // 4. On a phone, in German: one placement on, the games that made it, and their replies.
      const phone = await newPage(browser, { ...PHONE_SIZE, lang: 'de-DE' });
      await phone.page.goto(`${server.url}/`);
      await phone.page.selectOption('[data-testid="language"]', 'de');
      const opened = games[0].moves[0];
      const after = positionAfter(START, opened) as string;
      await phone.page.goto(`${server.url}/#/knights/analysis/${encodeURIComponent(after)}`);
      await phone.page.waitForSelector('[data-testid="opening-explorer"][data-status="ready"]');
      const same = games.filter((g) => orbit(opened).has(g.moves[0]));
      expect(await phone.page.innerText('[data-testid="opening-explorer"] h2')).toBe('Eröffnungsforscher');
      expect(await phone.page.innerText('[data-testid="explorer-total"]')).toBe(
        `Beendete Partien aus dieser Stellung: ${same.length}`,
      );
      const afterRows = await rows(phone.page);
      expect(afterRows.get(games[0].moves[1])?.[0]).toBeGreaterThanOrEqual(1);
      expect([...afterRows.values()].reduce((n, [g]) => n + g, 0)).toBeGreaterThanOrEqual(same.length);
      expect(await sidewaysOverflow(phone.page)).toBe(0);
      await shot(phone.page, 'opening-explorer-phone-de');
      await phone.context.close();
    },
  );
});
