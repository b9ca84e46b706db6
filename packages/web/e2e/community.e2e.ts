/**
 * The community in real browsers against the real server (issue 34): a player follows another from their
 * profile and sees them "playing now" on the home screen, blocks them, and reports them; a moderator (the
 * role given with `attila admin grant`, as an operator does) finds the report in the queue with its
 * history, warns the player, and the player is told on their home screen. A player without the role is
 * refused the queue.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimAccount,
  grantModerator,
  launchBrowser,
  newPage,
  startServer,
  type ServerProcess,
} from './harness.js';

let server: ServerProcess;
let browser: Browser;
let db: string;

beforeAll(async () => {
  db = join(mkdtempSync(join(tmpdir(), 'attila-community-')), 'community.db');
  [server, browser] = await Promise.all([startServer({ db }), launchBrowser()]);
}, 120_000); // the server's start on a busy machine (harness.ts waits up to 90 s)
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const claim = (page: Page, name: string) => claimAccount(page, server.url, name);

/** A request from the page itself (its session cookie, the app's CSRF header). */
async function pagePost(page: Page, path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ([p, b]) => {
      const res = await fetch(p as string, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-attila-csrf': '1' },
        body: JSON.stringify(b),
      });
      return { status: res.status, body: await res.json() };
    },
    [path, body],
  );
}

describe('the community', () => {
  let fan: Page;
  let star: Page;
  let rival: Page;

  it('follow a player ("playing now" at home), block them, report them from their profile', async () => {
    [fan, star, rival] = [
      (await newPage(browser)).page,
      (await newPage(browser)).page,
      (await newPage(browser)).page,
    ];
    await claim(fan, 'Cassia');
    await claim(star, 'Belisarius');
    await claim(rival, 'Narses');

    await fan.goto(`${server.url}/#/player/Belisarius`);
    await fan.click('[data-testid="follow-player"]');
    await expect.poll(() => fan.innerText('[data-testid="follow-player"]')).toBe('Unfollow');

    // Belisarius sits down to a Knights game with Narses.
    const made = await pagePost(star, '/api/tables', {
      game: 'knights',
      seats: [{ type: 'human' }, { type: 'human' }],
      name: 'x',
    });
    expect(made.status).toBe(201);
    const id = (made.body as { table: { id: string } }).table.id;
    expect((await pagePost(rival, `/api/tables/${id}/join`, { name: 'x' })).status).toBe(200);

    await fan.goto(`${server.url}/#/`);
    await fan.waitForSelector('[data-testid="following"]');
    expect(await fan.innerText('[data-testid="followed"]')).toContain('Belisarius');
    expect(await fan.innerText('[data-testid="playing-now"]')).toBe('playing now');
    expect(await fan.getAttribute('[data-testid="followed-live"]', 'href')).toBe(`#/table/${id}`);

    // Blocking him ends the following and keeps him from challenging.
    await fan.goto(`${server.url}/#/player/Belisarius`);
    await fan.click('[data-testid="block-player"]');
    await expect.poll(() => fan.innerText('[data-testid="block-player"]')).toBe('Unblock');
    expect(await fan.locator('[data-testid="follow-player"]').count()).toBe(0);
    const challenge = await pagePost(star, '/api/challenges', { game: 'knights', players: ['Cassia'] });
    expect(challenge.status).toBe(403);

    // A report needs a reason: the form says so, and sends once one is chosen.
    await fan.click('[data-testid="report-player"]');
    await fan.click('[data-testid="report-send"]');
    await expect.poll(() => fan.innerText('[data-testid="report-form"] .error')).toContain('reason');
    await fan.selectOption('[data-testid="report-reason"]', 'abuse');
    await fan.fill('[data-testid="report-note"]', 'insults after every game');
    await fan.click('[data-testid="report-send"]');
    await expect.poll(() => fan.innerText('[data-testid="report-sent"]')).toContain('Belisarius');

    // From the table too: Narses reports Belisarius with the game attached.
    await rival.goto(`${server.url}/#/table/${id}`);
    await rival.click('[data-testid="report-seat-0"]');
    await rival.selectOption('[data-testid="report-reason"]', 'cheating');
    await rival.click('[data-testid="report-send"]');
    await expect.poll(() => rival.innerText('[data-testid="report-sent"]')).toContain('Belisarius');
  });

  it('the moderator reads the queue, warns the player, and the player is told; others are refused', async () => {
    await fan.goto(`${server.url}/#/moderation`);
    await expect.poll(() => fan.innerText('[data-testid="moderation-refused"]')).toContain('moderator');

    const mod = (await newPage(browser)).page;
    await claim(mod, 'Procopius');
    expect(await grantModerator(db, 'Procopius')).toContain('Procopius is a moderator');

    await mod.goto(`${server.url}/#/moderation`);
    await mod.waitForSelector('[data-testid="report-queue"]');
    const lines = mod.locator('[data-testid="open-report"]');
    expect(await lines.count()).toBe(2);
    expect(await lines.first().innerText()).toContain('Belisarius, reported by Cassia');
    await lines.nth(1).click();
    await mod.waitForSelector('[data-testid="report-case"]');
    expect(await mod.innerText('[data-testid="report-case"]')).toContain('Narses reported Belisarius');
    expect(await mod.innerText('[data-testid="case-history"]')).toContain('Games');
    await mod.selectOption('[data-testid="moderation-action"]', 'warn');
    await mod.fill('[data-testid="moderation-reason"]', 'keep it civil');
    await mod.click('[data-testid="moderation-submit"]');
    await mod.waitForSelector('[data-testid="moderation-done"]');
    await expect.poll(() => mod.locator('[data-testid="open-report"]').count()).toBe(1);

    await star.goto(`${server.url}/#/`);
    await star.waitForSelector('[data-testid="moderation-notice"]');
    const notice = await star.innerText('[data-testid="moderation-notice"]');
    expect(notice).toContain('Warning');
    expect(notice).toContain('Procopius');
    expect(notice).toContain('keep it civil');

    // The other report: a bar from rated play for an hour. The player is told, and a rated table is refused
    // with the reason while a casual one is still open to him.
    await mod.locator('[data-testid="open-report"]').first().click();
    await mod.waitForSelector('[data-testid="report-case"]');
    expect(await mod.innerText('[data-testid="case-actions"]')).toContain('keep it civil');
    await mod.selectOption('[data-testid="moderation-action"]', 'bar-rated');
    await mod.fill('[data-testid="moderation-minutes"]', '60');
    await mod.fill('[data-testid="moderation-reason"]', 'abuse after a warning');
    await mod.click('[data-testid="moderation-submit"]');
    await expect.poll(() => mod.locator('[data-testid="open-report"]').count()).toBe(0);
    // He is on the home screen already: the notice reaches it without a reload (his socket /ws/me).

    await expect
      .poll(() => star.locator('[data-testid="moderation-notice"]').allInnerTexts())
      .toEqual(expect.arrayContaining([expect.stringContaining('Barred from rated play')]));
    const seats = [{ type: 'human' }, { type: 'human' }];
    const clock = { mode: 'days', days: 1 };
    const rated = await pagePost(star, '/api/tables', {
      game: 'knights',
      seats,
      name: 'x',
      rated: true,
      clock,
    });
    expect(rated.status).toBe(403);
    expect(JSON.stringify(rated.body)).toContain('rated.barred');
    const casual = await pagePost(star, '/api/tables', { game: 'knights', seats, name: 'x' });
    expect(casual.status).toBe(201);
  });
});
