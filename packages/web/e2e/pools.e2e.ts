/**
 * Quick pairing in Chromium against the real server (issue 20): two accounts join the Knights pool from the
 * home screen and are paired within 2 s (one on a phone, in German; a reload and a cancel by keyboard on the way), and
 * play the game out; two guests join the 4-seat Tribes pool with "fill with bots after 5 s" and play with
 * two bots; with two server processes on PostgreSQL, players who join through different processes are
 * paired, and a process killed while a player waits leaves no entry behind that anyone could be paired to.
 */
import type { Browser, Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableInfo } from '@attila/protocol';
import {
  launchBrowser,
  newPage,
  shot,
  sidewaysOverflow,
  startServer,
  type ServerProcess,
  claimAccount,
  PHONE_SIZE,
} from './harness.js';
import { playKnightsTurn, waitForTurnOrEnd } from './knights.js';
import { playTribesDecision } from './tribes.js';

const POSTGRES = process.env.ATTILA_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.ATTILA_TEST_REDIS ?? 'redis://127.0.0.1:6379';
const SCHEMA = `e2e_pools_${process.pid}_${Date.now()}`;

let browser: Browser;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  for (const s of servers) await s.stop();
  const client = new pg.Client({ connectionString: POSTGRES });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  await client.end();
});

const claim = claimAccount;

type PoolChoice = { game: 'knights' | 'tribes'; speed?: 'fast' | 'slow'; seats?: number; bots?: number };

/** Chooses a pool on the home screen, ready to join. */
async function choosePool(page: Page, url: string, pool: PoolChoice): Promise<void> {
  if (!page.url().startsWith(url) || !/#\/?$/.test(new URL(page.url()).hash || '#/'))
    await page.goto(`${url}/#/`);
  await page.waitForSelector('[data-testid="pool-join"]');
  await page.selectOption('[data-testid="pool-game"]', pool.game);
  await page.selectOption('[data-testid="pool-speed"]', pool.speed ?? 'fast');
  if (pool.seats) await page.selectOption('[data-testid="pool-seats"]', String(pool.seats));
  if (pool.bots) await page.selectOption('[data-testid="pool-bots"]', String(pool.bots));
}

/** Joins the chosen pool: waiting, or already at the table (someone was waiting), or refused. */
async function clickJoin(page: Page): Promise<void> {
  await page.click('[data-testid="pool-join"]');
  await page.waitForFunction(
    () =>
      location.hash.startsWith('#/table/') ||
      document.querySelector('[data-testid="pool-waiting"], .quick-pairing .error') !== null,
  );
  const refused = page.locator('.quick-pairing .error');
  if ((await refused.count()) > 0) throw new Error(`joining the pool failed: ${await refused.innerText()}`);
}

/** Chooses a pool on the home screen and joins it. */
async function joinPool(page: Page, url: string, pool: PoolChoice): Promise<void> {
  await choosePool(page, url, pool);
  await clickJoin(page);
}

const tableId = (page: Page) => /#\/table\/([^/?]+)/.exec(page.url())?.[1] ?? null;

async function tableInfo(url: string, id: string): Promise<TableInfo> {
  const res = await fetch(`${url}/api/tables/${id}`);
  return ((await res.json()) as { table: TableInfo }).table;
}

describe('quick pairing', () => {
  it('two accounts join the Knights pool and are paired within 2 s, then play the game out', async () => {
    const server = await startServer();
    servers.push(server);
    const url = server.url;
    const { page: a } = await newPage(browser);
    const { page: b } = await newPage(browser, { ...PHONE_SIZE, lang: 'de' });
    await claim(a, url, 'Aetius');
    await claim(b, url, 'Bleda');

    // Waiting shows the time waited; a reload goes on waiting; cancel leaves the pool.
    await joinPool(a, url, { game: 'knights' });
    await expect.poll(() => a.innerText('[data-testid="pool-elapsed"]'), { timeout: 5000 }).not.toBe('0:00');
    await a.reload();
    await a.waitForSelector('[data-testid="pool-waiting"]');
    // The cancel button has the focus: the keyboard cancels at once.
    await expect
      .poll(() => a.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('pool-cancel');
    await a.keyboard.press('Enter');
    await a.waitForSelector('[data-testid="pool-join"]');

    await joinPool(a, url, { game: 'knights' });
    await b.goto(`${url}/#/`);
    await b.waitForSelector('[data-testid="pool-join"]');
    expect(await b.innerText('[data-testid="pool-join"]')).toBe('Spiel finden');
    expect(await sidewaysOverflow(b)).toBe(0);
    await b.selectOption('[data-testid="pool-game"]', 'knights');
    await shot(b, 'pools-phone-de');
    const clicked = Date.now();
    await b.click('[data-testid="pool-join"]');
    await Promise.all([a, b].map((p) => p.waitForURL(/#\/table\//, { timeout: 10_000 })));
    const pairedMs = Date.now() - clicked;
    console.log(`Knights pool: paired ${pairedMs} ms after the second player joined`);
    expect(pairedMs).toBeLessThan(2000);
    const id = tableId(a)!;
    expect(tableId(b)).toBe(id);
    const info = await tableInfo(url, id);
    expect(info.status).toBe('playing');
    expect(info.seats.map((s) => s.name).sort()).toEqual(['Aetius', 'Bleda']);

    // Each plays its seat to the end (the seat is held by the token the pool gave).
    let over = false;
    for (let turn = 0; turn < 200 && !over; turn++) {
      for (const page of [a, b]) {
        await page.waitForSelector('.knights-board');
        if ((await page.locator('.knights-board [data-target="true"]').count()) > 0) {
          await playKnightsTurn(page);
        }
      }
      over = await Promise.race([a, b].map((p) => waitForTurnOrEnd(p, 20_000)));
    }
    await expect.poll(async () => (await tableInfo(url, id)).status, { timeout: 20_000 }).toBe('finished');
    await shot(a, 'pools-knights-over');
  }, 180_000);

  it('two people join the 4-seat Tribes pool with "fill with bots after 5 s" and play with two bots', async () => {
    const url = servers[0].url;
    const { page: a } = await newPage(browser);
    const { page: b } = await newPage(browser, { lang: 'cs' });
    // Both screens ready before either joins: a page still loading after the other's 5 s would be left out.
    const pool = { game: 'tribes', seats: 4, bots: 5 } as const;
    await Promise.all([a, b].map((p) => choosePool(p, url, pool)));
    const joined = Date.now();
    await Promise.all([a, b].map(clickJoin));
    await Promise.all([a, b].map((p) => p.waitForURL(/#\/table\//, { timeout: 15_000 })));
    const waited = Date.now() - joined;
    console.log(`Tribes pool with bots after 5 s: table after ${waited} ms`);
    expect(waited).toBeGreaterThanOrEqual(5000);
    const id = tableId(a)!;
    expect(tableId(b)).toBe(id);
    const info = await tableInfo(url, id);
    expect(info.rated).toBeFalsy();
    expect(info.seats.filter((s) => s.kind === 'bot')).toHaveLength(2);
    expect(info.seats.filter((s) => s.kind === 'human')).toHaveLength(2);

    // The two people make decisions as they come; the bots play theirs in between.
    let decisions = 0;
    for (let tries = 0; tries < 600 && decisions < 12; tries++) {
      for (const page of [a, b]) {
        for (const close of ['close-reveal', 'close-scoring'])
          if ((await page.locator(`[data-testid="${close.replace('close-', '')}"]`).count()) > 0)
            await page.click(`[data-testid="${close}"]`);
        const decision = page.locator(
          ['play', 'influence', 'commit', 'discard'].map((d) => `[data-testid="decision-${d}"]`).join(', '),
        );
        if (decisions < 12 && (await decision.count()) > 0) {
          await playTribesDecision(page);
          decisions++;
        }
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(decisions).toBe(12);
    const seq = Number(await a.getAttribute('.tribes-play', 'data-seq'));
    console.log(`Tribes with two bots: ${decisions} decisions by people, ${seq} moves in all`);
    // The bots moved too: more moves were made than the people made.
    expect(seq).toBeGreaterThan(decisions);
    await shot(a, 'pools-tribes-with-bots');
  }, 240_000);

  it('with two server processes on PostgreSQL, players joining through each are paired; a crashed process leaves no ghost', async () => {
    const args = ['--postgres', POSTGRES, '--postgres-schema', SCHEMA, '--redis', REDIS];
    const one = await startServer({ args });
    const two = await startServer({ args });
    servers.push(one, two);
    const { page: a } = await newPage(browser);
    const { page: b } = await newPage(browser);
    await joinPool(a, one.url, { game: 'knights' });
    const clicked = Date.now();
    await joinPool(b, two.url, { game: 'knights' });
    await Promise.all([a, b].map((p) => p.waitForURL(/#\/table\//, { timeout: 10_000 })));
    console.log(`two processes: paired ${Date.now() - clicked} ms after the second joined`);
    const id = tableId(a)!;
    expect(tableId(b)).toBe(id);
    // Each plays a turn on its own process, whoever is to move first.
    const targets = '.knights-board [data-target="true"]';
    for (let turn = 0; turn < 2; turn++) {
      await expect
        .poll(async () => (await a.locator(targets).count()) + (await b.locator(targets).count()), {
          timeout: 20_000,
        })
        .toBeGreaterThan(0);
      await playKnightsTurn((await a.locator(targets).count()) > 0 ? a : b);
    }
    await expect.poll(async () => (await tableInfo(two.url, id)).status).toBe('playing');
    await expect.poll(async () => (await tableInfo(one.url, id)).status).toBe('playing');

    // A player waits through process two, which crashes: nobody is ever paired to that entry.
    const { page: c } = await newPage(browser);
    await joinPool(c, two.url, { game: 'tribes', speed: 'slow', seats: 2 });
    await two.crash();
    const db = new pg.Client({ connectionString: POSTGRES });
    await db.connect();
    const waiting = async () =>
      Number(
        (await db.query(`SELECT COUNT(*) AS n FROM ${SCHEMA}.pool_entries WHERE table_id IS NULL`)).rows[0].n,
      );
    expect(await waiting()).toBe(1);
    // Its entry dies once nobody has renewed it for 10 s, and is deleted.
    await expect.poll(waiting, { timeout: 20_000, interval: 500 }).toBe(0);
    const { page: d } = await newPage(browser);
    await joinPool(d, one.url, { game: 'tribes', speed: 'slow', seats: 2 });
    await new Promise((r) => setTimeout(r, 2000));
    expect(tableId(d)).toBeNull();
    expect(await d.locator('[data-testid="pool-waiting"]').count()).toBe(1);
    await db.end();
  }, 120_000);
});
