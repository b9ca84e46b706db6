/**
 * An automated accessibility check (axe-core, injected through Playwright) on every screen, at desktop and
 * phone size: no violation of any impact, and no page that scrolls sideways. Each screen is also
 * photographed for the web README (`documentScreen`).
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  documentScreen,
  newPage,
  a11yViolations,
  sidewaysOverflow,
  type ServerProcess,
  withServerAndBrowser,
  PHONE_SIZE,
} from './harness.js';
import { playKnightsTurn, waitForTurnOrEnd } from './knights.js';
import { playTribesDecision } from './tribes.js';
import { HOTSEAT_ANY } from './hotseat.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { newRecord, serializeRecord } from '@attila/core';
import { knightsGame } from '@attila/knights';
import { SCREENSHOTS } from './harness.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

type Visit = readonly [name: string, go: (page: Page) => Promise<void>];

const SCREENS: readonly Visit[] = [
  [
    'home',
    async (p) =>
      void (await p.goto(`${server.url}/#/`), await p.waitForSelector('[data-testid="knights-card"]')),
  ],
  [
    'rules-knights',
    async (p) =>
      void (
        await p.goto(`${server.url}/#/rules/knights`),
        await p.waitForSelector('[data-testid="rules-knights"]')
      ),
  ],
  [
    'rules-tribes',
    async (p) =>
      void (
        await p.goto(`${server.url}/#/rules/tribes`),
        await p.waitForSelector('[data-testid="rules-tribes"]')
      ),
  ],
  [
    'lobby-knights',
    async (p) =>
      void (await p.goto(`${server.url}/#/lobby/knights`), await p.waitForSelector('[data-testid="create"]')),
  ],
  [
    'lobby-tribes',
    async (p) =>
      void (await p.goto(`${server.url}/#/lobby/tribes`), await p.waitForSelector('[data-testid="create"]')),
  ],
  [
    'replay',
    async (p) =>
      void (await p.goto(`${server.url}/#/replay`), await p.waitForSelector('[data-testid="record-file"]')),
  ],
  [
    'knights-hotseat',
    async (p) => {
      await p.goto(`${server.url}/#/knights/hotseat`);
      await p.click('[data-testid="preset-custom"]');
      await p.waitForSelector('[data-testid="tile-editor"]');
    },
  ],
  [
    'knights-hotseat-game',
    async (p) => {
      await p.click('[data-testid="start"]');
      for (let i = 0; i < 7; i++) await playKnightsTurn(p);
    },
  ],
  [
    'knights-analysis-board',
    async (p) => {
      await p.goto(`${server.url}/#/knights/analysis/${encodeURIComponent('R..H./..H##/#.#R#/.R#.H H')}`);
      await p.waitForSelector('[data-testid="verdict-list"]', { timeout: 60_000 });
    },
  ],
  [
    'tribes-hotseat',
    async (p) =>
      void (await p.goto(`${server.url}/#/tribes/hotseat`), await p.waitForSelector('[data-testid="start"]')),
  ],
  [
    'tribes-pass-device',
    async (p) =>
      void (await p.click('[data-testid="start"]'), await p.waitForSelector('[data-testid="pass-device"]')),
  ],
  [
    'tribes-hotseat-game',
    async (p) => {
      await p.click('[data-testid="ready"]');
      await p.waitForSelector('[data-testid="tribes-map"] .land');
      await playTribesDecision(p);
      if (await p.locator('[data-testid="pass-device"]').count()) await p.click('[data-testid="ready"]');
      await p.waitForSelector('[data-testid="tribes-map"] .land');
    },
  ],
  [
    'tribes-conflict-reveal',
    async (p) => {
      for (let step = 0; step < 400; step++) {
        await p.waitForSelector(HOTSEAT_ANY);
        if (await p.locator('[data-testid="reveal"]').count()) return;
        if (await p.locator('[data-testid="scoring"]').count())
          await p.click('[data-testid="close-scoring"]');
        else if (await p.locator('[data-testid="pass-device"]').count())
          await p.click('[data-testid="ready"]');
        else await playTribesDecision(p);
      }
      throw new Error('no conflict in 400 steps');
    },
  ],
  [
    'replay-knights-analysis',
    async (p) => {
      const file = join(SCREENSHOTS, 'a11y-replay.json');
      const record = newRecord({
        game: 'knights',
        id: 'a11y',
        rulesVersion: knightsGame.rulesVersion,
        // The cross: no shipped table covers it, so the browser searches and shows its progress.
        settings: { layout: 'cross', first: 'R' },
        seed: 'a11y',
        players: [
          { name: 'Aetius', kind: 'human' },
          { name: 'Attila', kind: 'human' },
        ],
        moves: ['c3', 'a4', 'b3', 'e4'],
        result: null,
        createdAt: new Date().toISOString(),
      });
      writeFileSync(file, serializeRecord(record));
      await p.goto(`${server.url}/#/replay`);
      await p.setInputFiles('[data-testid="record-file"]', file);
      await p.check('[data-testid="analysis"]');
      await p.waitForSelector('[data-testid="analysis-progress"]');
    },
  ],
  [
    'lessons',
    async (p) =>
      void (await p.goto(`${server.url}/#/learn`), await p.waitForSelector('[data-testid="lessons-count"]')),
  ],
  [
    'lesson-knights',
    async (p) =>
      void (
        await p.goto(`${server.url}/#/learn/knights-move`),
        await p.waitForSelector('[data-testid="lesson-title"]')
      ),
  ],
  [
    'account',
    async (p) =>
      void (await p.goto(`${server.url}/#/account`), await p.waitForSelector('[data-testid="account"]')),
  ],
  [
    'leaderboard',
    async (p) =>
      void (
        await p.goto(`${server.url}/#/leaderboard`),
        await p.waitForSelector('[data-testid="leaderboard"]')
      ),
  ],
  [
    'ladder',
    async (p) =>
      void (await p.goto(`${server.url}/#/ladder`), await p.waitForSelector('[data-testid="ladder-bots"]')),
  ],
  [
    'bots',
    async (p) =>
      void (await p.goto(`${server.url}/#/bots`), await p.waitForSelector('[data-testid="bots-guest"]')),
  ],
  [
    'challenge',
    async (p) => void (await p.goto(`${server.url}/#/challenge`), await p.waitForSelector('main h1')),
  ],
  [
    'knights-puzzles',
    async (p) => {
      await p.goto(`${server.url}/#/knights/puzzles`);
      await p.waitForSelector('[data-testid="puzzle"], [data-testid="puzzle-error"]', { timeout: 60_000 });
    },
  ],
  [
    'knights-analysis-empty',
    async (p) =>
      void (await p.goto(`${server.url}/#/knights/analysis`), await p.waitForSelector('main.analysis-board')),
  ],
  [
    'player',
    async (p) => {
      const me = await p.innerText('[data-testid="me-name"]');
      await p.goto(`${server.url}/#/player/${encodeURIComponent(me)}`);
      await p.waitForSelector('[data-testid="profile"]');
    },
  ],
  [
    'not-found',
    async (p) => void (await p.goto(`${server.url}/#/nowhere/at/all`), await p.waitForSelector('main h1')),
  ],
  [
    'table-knights',
    async (p) => {
      await p.goto(`${server.url}/#/lobby/knights`);
      await p.fill('[data-testid="name"]', 'Aetius');
      await p.click('[data-testid="game-knights"]');
      await p.selectOption('[data-testid="seat-kind-1"]', 'bot:random');
      await p.click('[data-testid="create"]');
      await p.waitForSelector('.knights-board');
    },
  ],
  [
    // The end of a live game: the dialog with the result, the mistakes and what next.
    'knights-game-over',
    async (p) => {
      for (let i = 0; i < 2; i++) if (!(await waitForTurnOrEnd(p))) await playKnightsTurn(p);
      await p.click('[data-testid="resign"]');
      await p.click('[data-testid="resign-confirm"]');
      await p.waitForSelector('[data-testid="winner"]');
    },
  ],
  [
    'table-tribes',
    async (p) => {
      await p.goto(`${server.url}/#/lobby/tribes`);
      await p.fill('[data-testid="name"]', 'Aetius');
      await p.click('[data-testid="game-tribes"]');
      await p.selectOption('[data-testid="seat-kind-1"]', 'bot:random');
      await p.click('[data-testid="create"]');
      await p.waitForSelector('[data-testid="tribes-map"] .land');
      await playTribesDecision(p);
    },
  ],
  ['events', async (p) => void (await p.goto(`${server.url}/#/events`), await p.waitForSelector('main h1'))],
  [
    'lesson-tribes-conflict',
    async (p) =>
      void (
        await p.goto(`${server.url}/#/learn/tribes-conflict`),
        await p.waitForSelector('[data-testid="lesson-title"]')
      ),
  ],
  [
    'lesson-tribes-end',
    async (p) =>
      void (
        await p.goto(`${server.url}/#/learn/tribes-end`),
        await p.waitForSelector('[data-testid="lesson-title"]')
      ),
  ],
  [
    'moderation',
    async (p) => void (await p.goto(`${server.url}/#/moderation`), await p.waitForSelector('main h1')),
  ],
];

describe('accessibility (axe-core)', () => {
  for (const size of [
    { name: 'desktop', opts: { bypassCSP: true } },
    { name: 'phone', opts: { ...PHONE_SIZE, bypassCSP: true } },
  ]) {
    it(`finds no violation on any screen (${size.name})`, { timeout: 600_000 }, async () => {
      const { page, context } = await newPage(browser, size.opts);
      const found: string[] = [];
      for (const [name, go] of SCREENS) {
        await go(page);
        await documentScreen(page, size.name, name);
        const overflow = await sidewaysOverflow(page);
        if (overflow > 1) found.push(`${name}: the page scrolls sideways by ${overflow} px`);
        for (const v of await a11yViolations(page))
          found.push(`${name}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.slice(0, 3).join(' | ')}`);
      }
      console.log(found.length ? found.join('\n') : `${SCREENS.length} screens, no violation`);
      expect(found).toEqual([]);
      await context.close();
    });
  }
});
