/**
 * Players and ratings on both stores, through a restart (issue 19): the real server on its embedded SQLite
 * file, then on a schema of its own in PostgreSQL; a guest's finished game moves to the account it claims;
 * two accounts play a rated Knights game and both see their new ratings; three accounts play a rated 3-seat
 * Tribes game to its end and their ratings come out in the order of the final ranking; the server restarts
 * on the same database and keeps the accounts, the signed-in sessions and the ratings.
 *
 * The Tribes table is made with the rules option "top of the influence tracks" at its least, 4 (as a
 * table's creator may choose it in the lobby): the game ends when a marker reaches it, after some 35 moves
 * instead of about 100. What this file proves is about the stores (a rated result stored and rated, and kept
 * through a restart); a whole game of the default length through the pages is played in app.e2e.ts.
 */
import type { Browser, Page } from 'playwright-core';
import pg from 'pg';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameRecord } from '@attila/core';
import { END_REASON_TEXT, EndReason } from '@attila/tribes';
import de from '../src/i18n/locales/de.json';
import {
  launchBrowser,
  newPage,
  shot,
  startServer,
  type ServerProcess,
  claimAccount,
  PHONE_SIZE,
} from './harness.js';
import { playKnightsTurn, waitForTurnOrEnd } from './knights.js';
import { playTribesDecision } from './tribes.js';

const POSTGRES = process.env.ATTILA_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = `e2e_rated_${process.pid}_${Date.now()}`;

let server: ServerProcess | undefined;
let browser: Browser;

interface Store {
  readonly name: string;
  /** Starts the server on this store (the same database every time), at `port` (0: any). */
  serve(port: number): Promise<ServerProcess>;
}

const SQLITE_FILE = join(mkdtempSync(join(tmpdir(), 'attila-e2e-rated-')), 'rated.db');
const STORES: readonly Store[] = [
  { name: 'SQLite', serve: (port) => startServer({ port, db: SQLITE_FILE }) },
  {
    name: 'PostgreSQL',
    serve: (port) => startServer({ port, args: ['--postgres', POSTGRES, '--postgres-schema', SCHEMA] }),
  },
];

async function dropSchema(): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  await client.end();
}

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await dropSchema();
});

const url = () => server!.url;
const meName = (page: Page) => page.innerText('[data-testid="me-name"]');

const claim = (page: Page, name: string) => claimAccount(page, url(), name);

/** The rating a profile shows for a game (a day a move: the correspondence class), without its `?`. */
async function rating(page: Page, name: string, game: string): Promise<number> {
  await page.goto(`${url()}/#/player/${name}`);
  const value = page.locator(`[data-testid="rating-${game}-correspondence"] [data-testid="rating-value"]`);
  await expect.poll(() => value.count(), { timeout: 10_000 }).toBe(1);
  return Number((await value.innerText()).replace('?', ''));
}

/** The least top of the influence tracks the rules allow (docs/rules/tribes.md): the shortest game. */
const SHORT_TRACK_TOP = 4;

/**
 * A rated table made in the lobby by `host` (an English page), the others seated through its invitation; a
 * Tribes table with the influence tracks' top at its least.
 */
async function ratedTable(host: Page, game: 'knights' | 'tribes', guests: readonly Page[]): Promise<string> {
  await host.goto(`${url()}/#/lobby/${game}`);
  if (game === 'tribes') {
    await host.selectOption('[data-testid="players"]', String(guests.length + 1));
    const top = host.getByLabel('Top of the influence tracks');
    await top.fill(String(SHORT_TRACK_TOP));
    // The form takes the number when the field is left, as a person tabs on.
    await top.press('Tab');
  }
  for (let seat = 1; seat <= guests.length; seat++) {
    await host.selectOption(`[data-testid="seat-kind-${seat}"]`, 'human');
  }
  await host.selectOption('[data-testid="clock"]', 'days1');
  await host.check('[data-testid="rated"]');
  await host.click('[data-testid="create"]');
  await host.waitForSelector('[data-testid="invite"]');
  const invite = await host.inputValue('[data-testid="invite"]');
  for (const [i, guest] of guests.entries()) {
    await guest.goto(invite);
    await guest.click(`[data-testid="sit-${i + 1}"]`);
  }
  return invite.split('/table/')[1];
}

const DECISION = ['play', 'influence', 'commit', 'discard']
  .map((d) => `[data-testid="decision-${d}"]`)
  .join(', ');

/**
 * Whoever has a decision on screen makes it, closing what pops up first; false once the game is over. Asked
 * for influence or a second marker, the first player always takes influence, the second every other time,
 * the third never: the scores come apart (with markers only, nobody scores and every game ties).
 */
async function takesInfluence(page: Page, player: number, asked: number[]): Promise<boolean> {
  if ((await page.locator('[data-testid="take-influence"]').count()) === 0) return false;
  const take = player === 0 || (player === 1 && asked[1]++ % 2 === 0);
  if (!take) return false;
  const before = await page.getAttribute('.tribes-play', 'data-seq');
  await page.click('[data-testid="take-influence"]');
  await page.waitForFunction(
    (seq) => document.querySelector('.tribes-play')?.getAttribute('data-seq') !== seq,
    before,
    { timeout: 15_000 },
  );
  return true;
}

async function playTribesMove(players: readonly Page[], asked: number[]): Promise<boolean> {
  for (let tries = 0; tries < 400; tries++) {
    for (const page of players) {
      // A reveal or a scoring on screen is closed by the page's overlay handlers (below) before its next click.
      if ((await page.locator('.tribes-play[data-phase="over"]').count()) > 0) return false;
      if ((await page.locator(DECISION).count()) > 0) {
        if (!(await takesInfluence(page, players.indexOf(page), asked))) await playTribesDecision(page);
        return true;
      }
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('nobody had a decision to make');
}

describe.each(STORES)('players and ratings on $name', (store) => {
  it(
    "a guest's game moves to its account; rated Knights and 3-seat Tribes rate their accounts; a restart keeps accounts, sessions and ratings",
    { timeout: 420_000 },
    async () => {
      await server?.stop();
      server = await store.serve(0);
      const asked = [0, 0, 0];
      const a = await newPage(browser);
      const b = await newPage(browser, { ...PHONE_SIZE, lang: 'de-DE' });
      const c = await newPage(browser);
      // A guest plays a casual game against a bot to its end, then claims an account: the game is its.
      await c.page.goto(`${url()}/#/lobby/knights`);
      await c.page.waitForSelector('[data-testid="me-name"]');
      await c.page.selectOption('[data-testid="seat-kind-1"]', 'bot:random');
      await c.page.click('[data-testid="create"]');
      await c.page.waitForSelector('.knights-board');
      for (let turn = 0; turn < 40 && !(await waitForTurnOrEnd(c.page)); turn++)
        await playKnightsTurn(c.page);
      await claim(a.page, 'Marcian');
      await claim(b.page, 'Pulcheria');
      await claim(c.page, 'Aspar');
      await c.page.goto(`${url()}/#/player/Aspar`);
      await expect.poll(() => c.page.locator('[data-testid="my-game"]').count(), { timeout: 10_000 }).toBe(1);

      // Knights: two accounts, one rating gained, the other lost.
      await ratedTable(a.page, 'knights', [b.page]);
      await b.page.waitForSelector('.knights-board');
      const knights = [a.page, b.page];
      let over = false;
      for (let ply = 0; ply < 80 && !over; ply++) {
        over = await waitForTurnOrEnd(knights[ply % 2]);
        if (!over) await playKnightsTurn(knights[ply % 2]);
      }
      expect(over).toBe(true);
      const knightsRatings = [
        await rating(a.page, 'Marcian', 'knights'),
        await rating(b.page, 'Pulcheria', 'knights'),
      ];
      expect(knightsRatings[0] + knightsRatings[1]).toBe(3000);
      expect(knightsRatings[0]).not.toBe(1500);

      // Tribes: three accounts to the end of a rated game.
      const players = [a.page, b.page, c.page];
      const table = await ratedTable(a.page, 'tribes', [b.page, c.page]);
      for (const p of players) await p.waitForSelector('[data-testid="tribes-map"] .land');
      // Another player's move can bring up a conflict's reveal or a scoring over a decision as it is being
      // made (as it does for a person): whoever sees it closes it, and the click goes on. (The handlers are
      // the only ones to close them: a click of the close button of our own would first run the handler,
      // which closes the dialog, and then wait in vain for the button.)
      for (const p of players) {
        await p.addLocatorHandler(p.getByTestId('reveal'), () => p.click('[data-testid="close-reveal"]'));
        await p.addLocatorHandler(p.getByTestId('scoring'), () => p.click('[data-testid="close-scoring"]'));
      }
      let moves = 0;
      while (await playTribesMove(players, asked)) moves++;
      console.log(`rated Tribes on ${store.name}: ${moves} moves through the three pages`);
      const record = (await (await fetch(`${url()}/api/tables/${table}/record`)).json()) as GameRecord;
      const scores = record.result!.scores!;
      expect(record.settings).toMatchObject({ options: { influenceTrackTop: SHORT_TRACK_TOP } });
      expect(record.result!.reason).toBe(END_REASON_TEXT[EndReason.TrackTop]);
      // The phone (German) reads the dialogs still open, then the end: why the game ended.
      await b.page.removeLocatorHandler(b.page.getByTestId('reveal'));
      await b.page.removeLocatorHandler(b.page.getByTestId('scoring'));
      for (let i = 0; i < 20; i++) {
        await b.page.waitForSelector(
          '[data-testid="winner"], [data-testid="reveal"], [data-testid="scoring"]',
        );
        if ((await b.page.locator('[data-testid="winner"]').count()) > 0) break;
        if ((await b.page.locator('[data-testid="reveal"]').count()) > 0)
          await b.page.click('[data-testid="close-reveal"]');
        else await b.page.click('[data-testid="close-scoring"]');
      }
      expect(await b.page.innerText('[data-testid="end-reason"]')).toBe(de.tribes.end.trackTop);
      await shot(b.page, `rated-${store.name}-tribes-end-phone-de`);
      const names = ['Marcian', 'Pulcheria', 'Aspar'];
      const tribes: number[] = [];
      for (const [i, name] of names.entries()) tribes.push(await rating(players[i], name, 'tribes'));
      console.log(`result ${JSON.stringify(record.result)}`);
      console.log(`scores ${scores.join(' / ')} → ratings ${tribes.join(' / ')}`);
      expect(new Set(scores).size).toBeGreaterThan(1);
      // A better place rates higher: the ratings follow the final ranking (equal scores, equal change).
      for (let i = 0; i < 3; i++) {
        for (let j = 0; j < 3; j++) {
          if (scores[i] > scores[j]) expect(tribes[i]).toBeGreaterThan(tribes[j]);
          if (scores[i] === scores[j]) expect(tribes[i]).toBe(tribes[j]);
        }
      }
      await shot(b.page, `rated-${store.name}-profile-phone-de`);

      // A restart: the same PostgreSQL schema, the same address; everyone is still signed in, the ratings kept.
      const port = Number(new URL(url()).port);
      await server!.stop();
      server = await store.serve(port);
      for (const [i, name] of names.entries()) {
        await players[i].goto(`${url()}/#/account`);
        await expect.poll(() => meName(players[i]), { timeout: 10_000 }).toBe(name);
        expect(await rating(players[i], name, 'tribes')).toBe(tribes[i]);
      }
      expect(await rating(a.page, 'Marcian', 'knights')).toBe(knightsRatings[0]);
      for (const x of [a, b, c]) await x.context.close();
    },
  );
});
