/**
 * The moderators' other actions in real browsers against the real server (issue 34; warn and the bar from
 * rated play are in community.e2e.ts). Each goes the whole way: a player files a report (from a table, a
 * replay, a profile), a moderator finds it in the queue with its game and chat and acts on it, and the
 * player it concerns sees what was done: a chat mute (the notice arrives on the open home screen, the
 * table refuses their chat line with the moderator's end time), a game taken out of the ratings (the
 * notice links the game; its rating changes are gone), a closed account (signed out; signing in again is
 * refused with the moderator's name and reason). Also a table's chat muted by a player watching it, and a
 * report dismissed.
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
let mod: Page;
let reporter: Page;

/** A request from the page itself (its session cookie, the app's CSRF header). */
async function pageFetch(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p as string, {
        method: m as string,
        headers: { 'content-type': 'application/json', 'x-attila-csrf': '1' },
        ...(b === undefined ? {} : { body: JSON.stringify(b) }),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    [method, path, body],
  );
}

async function player(name: string): Promise<Page> {
  const { page } = await newPage(browser);
  await claimAccount(page, server.url, name);
  return page;
}

/** A Knights table the reporter made (seat 0) and `name` sat down at from its page (seat 1): its id. */
async function tableWith(page: Page, rated: boolean): Promise<string> {
  const made = await pageFetch(reporter, 'POST', '/api/tables', {
    game: 'knights',
    seats: [{ type: 'human' }, { type: 'human' }],
    name: 'x',
    ...(rated ? { rated: true, clock: { mode: 'days', days: 1 } } : {}),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = (made.body as { table: { id: string } }).table.id;
  await page.goto(`${server.url}/#/table/${id}`);
  await page.click('[data-testid="sit-1"]');
  await page.waitForSelector('.knights-board');
  return id;
}

/** The report filed from the form open on the reporter's page. */
async function fileReport(reason: string, note: string, name: string): Promise<void> {
  await reporter.selectOption('[data-testid="report-reason"]', reason);
  await reporter.fill('[data-testid="report-note"]', note);
  await reporter.click('[data-testid="report-send"]');
  await expect.poll(() => reporter.innerText('[data-testid="report-sent"]')).toContain(name);
}

/**
 * The moderator opens the queue, finds the one open report about `name`, reads its case (returned), and
 * acts on it with a reason; the report leaves the queue.
 */
async function moderate(name: string, action: string, reason: string, minutes?: number): Promise<string> {
  await mod.goto(`${server.url}/#/`);
  await mod.goto(`${server.url}/#/moderation`);
  await mod.waitForSelector('[data-testid="report-queue"]');
  const line = mod.locator('[data-testid="open-report"]', { hasText: `${name}, reported by Theodora` });
  await expect.poll(() => line.count()).toBe(1);
  await line.click();
  await mod.waitForSelector('[data-testid="report-case"]');
  const caseText = await mod.innerText('[data-testid="report-case"]');
  await mod.selectOption('[data-testid="moderation-action"]', action);
  if (minutes !== undefined) await mod.fill('[data-testid="moderation-minutes"]', String(minutes));
  await mod.fill('[data-testid="moderation-reason"]', reason);
  await mod.click('[data-testid="moderation-submit"]');
  await mod.waitForSelector('[data-testid="moderation-done"]');
  await expect.poll(() => line.count()).toBe(0);
  return caseText;
}

/** The notices on the page's home screen (waited for until one holds `text`). */
async function noticeWith(page: Page, text: string): Promise<string> {
  const notices = page.locator('[data-testid="moderation-notice"]');
  await expect
    .poll(() => notices.allInnerTexts())
    .toEqual(expect.arrayContaining([expect.stringContaining(text)]));
  return (await notices.allInnerTexts()).find((n) => n.includes(text))!;
}

beforeAll(async () => {
  db = join(mkdtempSync(join(tmpdir(), 'attila-moderation-')), 'moderation.db');
  [server, browser] = await Promise.all([startServer({ db }), launchBrowser()]);
}, 120_000); // the server's start on a busy machine (harness.ts waits up to 90 s)
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('moderators act on reports, and the player is told', () => {
  it('the operator makes Procopius a moderator (attila admin grant)', async () => {
    [mod, reporter] = [await player('Procopius'), await player('Theodora')];
    expect(await grantModerator(db, 'Procopius')).toContain('Procopius is a moderator');
  });

  it("mute: a watcher mutes the table's chat and reports from the table, the chat line in the case; the notice reaches the open home screen; the table refuses the player's chat", async () => {
    const julian = await player('Julian');
    const id = await tableWith(julian, false);
    await julian.fill('.chat input', 'you are all fools');
    await julian.click('.chat button[type="submit"]');
    await expect.poll(() => julian.innerText('[data-testid="chat"]')).toContain('you are all fools');

    // Theodora, watching, mutes the table's chat: the line goes at once, and stays gone after a reload.
    await reporter.goto(`${server.url}/#/table/${id}`);
    await expect.poll(() => reporter.innerText('[data-testid="chat"]')).toContain('you are all fools');
    await reporter.click('[data-testid="mute-chat"]');
    await expect.poll(() => reporter.innerText('[data-testid="mute-chat"]')).toBe('Unmute this chat');
    expect(await reporter.innerText('[data-testid="chat"]')).not.toContain('you are all fools');
    await reporter.reload();
    await expect.poll(() => reporter.innerText('[data-testid="mute-chat"]')).toBe('Unmute this chat');
    await reporter.waitForSelector('.knights-board');
    expect(await reporter.innerText('[data-testid="chat"]')).not.toContain('you are all fools');
    await reporter.click('[data-testid="report-seat-1"]');
    await fileReport('abuse', 'insults in the chat', 'Julian');

    // Julian waits on his home screen, its community card loaded (he follows Theodora): what the moderator
    // does reaches it without a reload.
    expect((await pageFetch(julian, 'POST', '/api/account/follow', { name: 'Theodora' })).status).toBe(200);
    await julian.goto(`${server.url}/#/`);
    await julian.waitForSelector('[data-testid="following"]');
    expect(await julian.locator('[data-testid="moderation-notice"]').count()).toBe(0);
    const caseText = await moderate('Julian', 'mute', 'insults in the chat', 30);
    expect(caseText).toContain('Julian: you are all fools');
    const notice = await noticeWith(julian, 'Chat muted');
    expect(notice).toContain('Procopius');
    expect(notice).toContain('insults in the chat');
    expect(notice).toMatch(/until/);

    // Back at the table his next line is refused, saying until when; the game goes on.
    await julian.goto(`${server.url}/#/table/${id}`);
    await julian.waitForSelector('.knights-board');
    await julian.fill('.chat input', 'can you hear me?');
    await julian.click('.chat button[type="submit"]');
    await expect.poll(() => julian.innerText('.banner.error')).toMatch(/a moderator muted your chat until/);
    expect(await julian.innerText('[data-testid="chat"]')).not.toContain('can you hear me?');
  });

  it('unrate: a rated game reported from its replay is taken out of the ratings; the notice links the game', async () => {
    const zeno = await player('Zeno');
    const id = await tableWith(zeno, true);
    await zeno.click('[data-testid="resign"]');
    await zeno.click('[data-testid="resign-confirm"]');
    const changes = async () =>
      (
        (await pageFetch(zeno, 'GET', `/api/tables/${id}/rating-changes`)).body as {
          changes?: { seats: unknown[] };
        }
      ).changes?.seats.length ?? -1;
    await expect.poll(changes).toBe(2);

    await reporter.goto(`${server.url}/#/replay/${id}`);
    await reporter.click('[data-testid="replay-report-1"]');
    await fileReport('cheating', 'the same person on both seats', 'Zeno');

    const caseText = await moderate('Zeno', 'unrate', 'one person, two accounts');
    expect(caseText).toMatch(/\brated\b/);
    expect(await changes()).toBe(0);

    await zeno.goto(`${server.url}/#/`);
    const notice = await noticeWith(zeno, 'Game taken out of the ratings');
    expect(notice).toContain('one person, two accounts');
    expect(await zeno.getAttribute('[data-testid="notice-game"]', 'href')).toBe(`#/replay/${id}`);
  });

  it('close: reported from the profile; the player is told who closed the account and why when signing in; a groundless report dismissed', async () => {
    const vigilius = await player('Vigilius');
    await reporter.goto(`${server.url}/#/player/Vigilius`);
    await reporter.click('[data-testid="report-player"]');
    await fileReport('other', 'a second account of a barred player', 'Vigilius');

    await moderate('Vigilius', 'close', 'ban evasion');

    await vigilius.goto(`${server.url}/#/account`);
    await vigilius.reload();
    await vigilius.waitForSelector('[data-testid="login"]');
    await vigilius.fill('[data-testid="login-name"]', 'Vigilius');
    await vigilius.fill('[data-testid="login-password"]', 'a good long password');
    await vigilius.click('[data-testid="login-submit"]');
    await expect
      .poll(() => vigilius.innerText('[data-testid="login-error"]'))
      .toMatch(/a moderator \(Procopius\) closed this account on .*"ban evasion"/);

    // A report the moderator finds groundless is dismissed with a reason: it leaves the queue, nobody is told.
    await reporter.goto(`${server.url}/#/player/Julian`);
    await reporter.click('[data-testid="report-player"]');
    await fileReport('other', 'he plays too slowly', 'Julian');
    await mod.goto(`${server.url}/#/`);
    await mod.goto(`${server.url}/#/moderation`);
    const line = mod.locator('[data-testid="open-report"]', { hasText: 'Julian, reported by Theodora' });
    await expect.poll(() => line.count()).toBe(1);
    await line.click();
    await mod.waitForSelector('[data-testid="report-case"]');
    await mod.fill('[data-testid="moderation-reason"]', 'slow play is allowed');
    await mod.click('[data-testid="moderation-dismiss"]');
    await mod.waitForSelector('[data-testid="moderation-done"]');
    await expect.poll(() => line.count()).toBe(0);
    const closed = await pageFetch(mod, 'GET', '/api/moderation/reports?status=closed');
    expect(JSON.stringify(closed.body)).toContain('he plays too slowly');
  });
});
