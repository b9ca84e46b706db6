/**
 * Lesson progress on the account (issue 22): a lesson done while signed in is kept by the server, and a
 * browser that has done other lessons gets the union when it signs in to the same account.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, shot, type ServerProcess, withServerAndBrowser, PHONE_SIZE } from './harness.js';
import { finishLesson } from './lessons-play.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

const meName = (page: Page) => page.innerText('[data-testid="me-name"]');

async function lessonDone(page: Page, id: string): Promise<string | null> {
  await page.goto(`${server.url}/#/learn`);
  await page.waitForSelector('[data-testid="lessons-knights"]');
  return page.getAttribute(`[data-testid="lesson-${id}"]`, 'data-done');
}

describe('lesson progress on the account', () => {
  it('a lesson done signed in shows on another browser after it signs in; both keep the union', async () => {
    const a = await newPage(browser);
    await a.page.goto(`${server.url}/#/account`);
    await a.page.waitForSelector('[data-testid="claim"]');
    const name = `Learner${Date.now() % 100000}`;
    await a.page.fill('[data-testid="claim-name"]', name);
    await a.page.fill('[data-testid="claim-password"]', 'a good long password');
    await a.page.click('[data-testid="claim-submit"]');
    await expect.poll(() => meName(a.page)).toBe(name);
    await a.page.goto(`${server.url}/#/learn/knights-trap`);
    await a.page.waitForSelector('[data-testid="lesson"][data-lesson="knights-trap"]');
    await finishLesson(a.page);

    // Another browser (a phone) did a different lesson as a guest, then signs in.
    const b = await newPage(browser, { ...PHONE_SIZE, lang: 'de-DE' });
    await b.page.goto(`${server.url}/#/learn/knights-place`);
    await b.page.waitForSelector('[data-testid="lesson"][data-lesson="knights-place"]');
    await finishLesson(b.page);
    expect(await lessonDone(b.page, 'knights-trap')).toBe('false');
    await b.page.goto(`${server.url}/#/account`);
    await b.page.waitForSelector('[data-testid="login"]');
    await b.page.fill('[data-testid="login-name"]', name);
    await b.page.fill('[data-testid="login-password"]', 'a good long password');
    await b.page.click('[data-testid="login-submit"]');
    await expect.poll(() => meName(b.page)).toBe(name);
    await expect.poll(() => lessonDone(b.page, 'knights-trap'), { timeout: 10_000 }).toBe('true');
    expect(await lessonDone(b.page, 'knights-place')).toBe('true');
    await shot(b.page, 'lessons-account-phone-de');

    // The first browser gets the phone's lesson on its next visit (a reload: the account is signed in).
    await a.page.reload();
    await expect.poll(() => lessonDone(a.page, 'knights-place'), { timeout: 10_000 }).toBe('true');
    expect(await lessonDone(a.page, 'knights-trap')).toBe('true');
    for (const p of [a, b]) await p.context.close();
  });
});
