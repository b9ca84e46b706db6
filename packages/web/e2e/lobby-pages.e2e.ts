/**
 * The lobby list is read a page at a time (issue 28 left the web app showing the first page only): with more
 * open tables than one page holds (70 addresses × 3, each its own loopback address), the lobby offers "More
 * tables", shows the next page below the first, keeps it through the next refresh, and in the end lists every
 * table once.
 */
import type { Browser, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CreateTableResponse } from '@attila/protocol';
import { from } from '@attila/server/test-support/from';
import { newPage, shot, type ServerProcess, withServerAndBrowser } from './harness.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

const knights = { game: 'knights', seats: [{ type: 'human' }, { type: 'human' }], name: 'Waiting' };

describe('the lobby list, page by page', () => {
  it('more open tables than a page: "More tables" shows the rest, each once, and a refresh keeps them', async () => {
    const made = new Set<string>();
    const addresses = Array.from({ length: 70 }, (_, i) => from(`127.0.2.${i + 1}`));
    for (let round = 0; round < 3; round++) {
      const created = await Promise.all(
        addresses.map((a) => a.post<CreateTableResponse>(server.url, '/api/tables', knights)),
      );
      for (const c of created) {
        expect(c.status).toBe(201);
        made.add(c.body.table.id);
      }
    }
    expect(made.size).toBe(210);

    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}/#/lobby/knights`);
    const items = page.locator('[data-testid="table-item"]');
    // The first page holds 200 (the server's page size); the button offers the rest.
    await expect.poll(() => items.count()).toBe(200);
    await page.click('[data-testid="lobby-more"]');
    await expect.poll(() => items.count()).toBe(210);
    await expect.poll(() => page.locator('[data-testid="lobby-more"]').count()).toBe(0);
    // The lobby refreshes every 5 s: the second page stays. Waited for as it happens, not with a fixed 6 s
    // sleep (the refresh comes anywhere in those 5 s): a refresh asks for the first page again, then for the
    // second with the first's cursor; once that answer is in and a frame has been drawn, the list is the
    // refreshed one. (A refresh that forgot the second page would never ask for it: the wait fails.)
    let refreshing = false;
    const onRequest = (r: Request) => {
      if (r.url().endsWith('/api/tables')) refreshing = true;
    };
    page.on('request', onRequest);
    const second = await page.waitForResponse((r) => refreshing && r.url().includes('/api/tables?cursor='), {
      timeout: 10_000,
    });
    page.off('request', onRequest);
    await second.finished();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await items.count()).toBe(210);
    const links = await items.evaluateAll((els) =>
      els.map((e) => e.querySelector('a[href*="#/table/"]')?.getAttribute('href') ?? ''),
    );
    const ids = links.map((h) => h.slice(h.lastIndexOf('/') + 1));
    expect(new Set(ids).size).toBe(210);
    for (const id of ids) expect(made.has(id)).toBe(true);
    await shot(page, 'lobby-more-tables');
    await context.close();
  });
});
