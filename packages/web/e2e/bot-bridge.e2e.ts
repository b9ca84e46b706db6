/**
 * Issue 32's done-when with a person in Chromium: an outside bot written from the docs alone (the Python
 * example, standard library only) gets its account and token from the Bots page, runs under the real
 * `attila bot connect` as a child process, accepts the person's challenge sent from the challenge screen,
 * and plays it to its end on the person's board although its program writes a garbage line in the game and
 * later crashes (the bridge asks again, then starts the program again with the game resumed); a second
 * challenge the bot resigns through the API. The faults come from a small wrapper around the unchanged
 * example, the same as the command line's test of the bridge (packages/cli/src/commands/bot-connect-outside.test.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  newPage,
  shot,
  type ServerProcess,
  withServerAndBrowser,
  claimAccountByRequest,
  PHONE_SIZE,
} from './harness.js';
import { playKnightsTurn, waitForTurnOrEnd } from './knights.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

const ROOT = resolve(import.meta.dirname, '../../..');
const BIN = join(ROOT, 'packages/cli/bin/attila.js');

/** The example with faults (a garbage line, a crash, then resigning), as the bridge's unit test runs it. */
const FAULTY_BOT = join(ROOT, 'packages/cli/src/commands/testdata/faulty_example_bot.py');

/** Claims an account for the page's guest, as the account screen does, and shows it. */
async function claim(page: Page, name: string): Promise<void> {
  await claimAccountByRequest(page, name);
  await page.reload();
}

/** The bot's author on the Bots page: the bot account and a token, as the docs send them there. */
async function botToken(page: Page, name: string): Promise<string> {
  await page.goto(`${server.url}/#/`);
  await page.waitForSelector('[data-testid="me-name"]');
  await claim(page, name);
  await page.goto(`${server.url}/#/bots`);
  page.once('dialog', (d) => void d.accept());
  await page.click('[data-testid="bots-become"]');
  await page.waitForSelector('[data-testid="bots-is-bot"]');
  await page.fill('[data-testid="bots-token-label"]', 'bridge');
  await page.click('[data-testid="bots-make-token"]');
  return page.locator('[data-testid="bots-new-token"]').inputValue();
}

/** The person challenges the bot from the challenge screen and opens the table once the bridge accepted. */
async function challengeAndOpen(page: Page, bot: string): Promise<void> {
  await page.goto(`${server.url}/#/challenge/${encodeURIComponent(bot)}`);
  await page.click('[data-testid="challenge-game-knights"]');
  await page.click('[data-testid="challenge-send"]');
  // The bridge may accept before the page has shown the challenge as sent: the table, or its button, then.
  await page.waitForSelector(
    '.knights-board, [data-testid="challenge-open"], [data-testid="challenge-error"]',
    { timeout: 60_000 },
  );
  const refused = page.locator('[data-testid="challenge-error"]');
  if (await refused.count()) throw new Error(`the challenge was refused: ${await refused.innerText()}`);
  const open = page.locator('[data-testid="challenge-open"]');
  if (await open.count()) await open.first().click();
  await page.waitForSelector('.knights-board');
}

describe('an outside bot under the bridge, against a person in Chromium', () => {
  it(
    'accepts the challenge, plays to the end through a garbage line and a crash, resigns a second game',
    { timeout: 600_000 },
    async () => {
      const author = await newPage(browser);
      const botName = `Outside${Date.now() % 100000}`;
      const token = await botToken(author.page, botName);
      expect(token).toMatch(/^attila_bot_/);

      const state = mkdtempSync(join(tmpdir(), 'attila-e2e-bot-'));
      const child: ChildProcess = spawn(
        process.execPath,
        [
          BIN,
          'bot',
          'connect',
          '--server',
          server.url,
          '--token',
          token,
          '--clocks',
          'untimed',
          '--',
          'python3',
          FAULTY_BOT,
          state,
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
      const saw = async (text: RegExp) => {
        await expect.poll(() => text.test(out), { timeout: 60_000, interval: 200 }).toBe(true);
      };
      try {
        await saw(/is connected to/);
        const { page, context } = await newPage(browser, PHONE_SIZE);
        await page.goto(`${server.url}/#/`);
        await page.waitForSelector('[data-testid="me-name"]');
        await claim(page, `Gaiseric${Date.now() % 100000}`);

        await challengeAndOpen(page, botName);
        for (let turn = 0; turn < 60; turn++) {
          if (await waitForTurnOrEnd(page, 90_000)) break;
          await playKnightsTurn(page);
        }
        await page.waitForSelector('[data-testid="winner"]');
        await shot(page, 'bot-bridge-first-game');
        expect(existsSync(join(state, 'garbage'))).toBe(true);
        expect(existsSync(join(state, 'crash'))).toBe(true);
        expect(out).toMatch(/accepted a casual knights challenge from Gaiseric/);
        expect(out).toMatch(/not JSON.*asking the turn at move \d+ again/);
        expect(out).toMatch(/exited \(status 3\).*starting it again in \d+ ms, the game resumes/);
        // A real end: the board's story, not a resignation or a lost connection.
        expect(await page.innerText('[data-testid="winner"]')).not.toMatch(/resign|time|abort/i);

        // The second game: the bot resigns at its first turn (after the person's first move, if the person begins).
        await challengeAndOpen(page, botName);
        for (let turn = 0; turn < 3; turn++) {
          if (await waitForTurnOrEnd(page, 90_000)) break;
          await playKnightsTurn(page);
        }
        await saw(/the bot resigned/);
        await page.waitForSelector('[data-testid="winner"]', { timeout: 60_000 });
        await shot(page, 'bot-bridge-second-game');
        await context.close();
      } finally {
        const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
        child.kill('SIGINT');
        expect(await exited).toBe(0);
        await author.context.close();
      }
    },
  );
});
