/**
 * Players' identity in a real browser: a visitor plays at once as a guest (nothing to fill in), claims an
 * account, signs out and in again, and finds the game it played as a guest in its list, opening its replay;
 * the account screen on a phone, in German.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  newPage,
  a11yViolations,
  shot,
  type ServerProcess,
  withServerAndBrowser,
  PHONE_SIZE,
} from './harness.js';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

const stones = (page: Page) => page.getAttribute('[data-testid="nim"]', 'data-stones');

async function take(page: Page, n: number): Promise<void> {
  await page.waitForSelector(`[data-testid="take-${n}"]`);
  const before = await stones(page);
  await page.click(`[data-testid="take-${n}"]`);
  await page.waitForFunction(
    (s) => document.querySelector('[data-testid="nim"]')?.getAttribute('data-stones') !== s,
    before,
  );
}

const meName = (page: Page) => page.innerText('[data-testid="me-name"]');

describe('players and accounts', () => {
  it('a guest plays at once, claims an account, signs out and in, and sees its game', async () => {
    const a = await newPage(browser);
    const b = await newPage(browser, PHONE_SIZE);
    await a.page.goto(`${server.url}/#/lobby/nim`);
    // A guest from the first page: a generated name in the header, and in the name field.
    await a.page.waitForSelector('[data-testid="me-name"]');
    const guestName = await meName(a.page);
    expect(guestName).toMatch(/^\w+ \w+ \d\d$/);
    expect(await a.page.innerText('[data-testid="me"]')).toContain('guest');
    await expect.poll(() => a.page.inputValue('[data-testid="name"]')).toBe(guestName);
    await a.page.fill('[data-testid="nim-stones"]', '5');
    await a.page.click('[data-testid="create"]');
    const invite = await a.page.inputValue('[data-testid="invite"]');
    await b.page.goto(invite);
    await b.page.waitForSelector('[data-testid="me-name"]');
    await b.page.click('[data-testid="sit-1"]');
    await take(a.page, 1);
    await take(b.page, 3);
    await take(a.page, 1);
    await expect
      .poll(() => a.page.innerText('[data-testid="status"]'))
      .toContain(`${guestName} took the last stone`);
    const id = a.page.url().split('/table/')[1];

    // Claiming: the account keeps the guest's games.
    await a.page.click('[data-testid="me"]');
    await a.page.waitForSelector('[data-testid="claim"]');
    await expect.poll(() => a.page.locator('[data-testid="my-game"]').count()).toBe(1);
    await a.page.fill('[data-testid="claim-name"]', 'Honoria');
    await a.page.fill('[data-testid="claim-password"]', 'short');
    await a.page.click('[data-testid="claim-submit"]');
    await expect
      .poll(() => a.page.innerText('[data-testid="claim-error"]'))
      .toContain('at least 8 characters');
    await a.page.fill('[data-testid="claim-password"]', 'a good long password');
    await a.page.click('[data-testid="claim-submit"]');
    await expect.poll(() => meName(a.page)).toBe('Honoria');
    expect(await a.page.innerText('[data-testid="me"]')).not.toContain('guest');
    await a.page.waitForSelector('[data-testid="sessions"] [data-testid="session"]');
    await shot(a.page, 'account-signed-in');

    // Signing out makes a new guest; signing in brings the account and its game back.
    await a.page.click('[data-testid="logout"]');
    await expect.poll(() => meName(a.page)).not.toBe('Honoria');
    await a.page.waitForSelector('[data-testid="login"]');
    await expect.poll(() => a.page.locator('[data-testid="my-game"]').count()).toBe(0);
    await a.page.fill('[data-testid="login-name"]', 'honoria');
    await a.page.fill('[data-testid="login-password"]', 'wrong password');
    await a.page.click('[data-testid="login-submit"]');
    await expect
      .poll(() => a.page.innerText('[data-testid="login-error"]'))
      .toContain('name or the password is wrong');
    await a.page.fill('[data-testid="login-password"]', 'a good long password');
    await a.page.click('[data-testid="login-submit"]');
    await expect.poll(() => meName(a.page)).toBe('Honoria');
    await a.page.reload();
    await expect.poll(() => meName(a.page)).toBe('Honoria');
    await expect.poll(() => a.page.locator('[data-testid="my-game"]').count()).toBe(1);
    expect(await a.page.innerText('[data-testid="stats-nim"]')).toContain('1 played, 1 won');
    // The public profile, found by the account name in any case.
    await a.page.goto(`${server.url}/#/player/HONORIA`);
    await expect.poll(() => a.page.innerText('[data-testid="profile"]')).toContain('1 played, 1 won');
    expect(await a.page.innerText('[data-testid="profile"] h1')).toBe('Honoria');
    await a.page.goto(`${server.url}/#/account`);
    await expect.poll(() => a.page.locator('[data-testid="my-game"]').count()).toBe(1);
    await a.page.click('[data-testid="my-game"] a');
    await expect.poll(() => a.page.url()).toContain(`#/replay/${id}`);

    // The account screen on a phone, in German.
    const phone = await newPage(browser, { ...PHONE_SIZE, lang: 'de-DE' });
    await phone.context.addCookies(await a.context.cookies());
    await phone.page.goto(`${server.url}/#/account`);
    await expect.poll(() => meName(phone.page)).toBe('Honoria');
    await phone.page.waitForSelector('[data-testid="sessions"] [data-testid="session"]');
    expect(await phone.page.innerText('[data-testid="account"]')).toContain('Passwort ändern');
    await shot(phone.page, 'account-phone-de');
    for (const p of [a, b, phone]) await p.context.close();
  });

  it('an account adds a passkey and signs in with it, no name or password typed', async () => {
    // WebAuthn needs a domain (not an IP address) in a secure context: localhost is both.
    const url = server.url.replace('127.0.0.1', 'localhost');
    const { context, page } = await newPage(browser);
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await page.goto(`${url}/#/account`);
    await page.waitForSelector('[data-testid="claim"]');
    await page.fill('[data-testid="claim-name"]', 'Galla Placidia');
    await page.fill('[data-testid="claim-password"]', 'a good long password');
    await page.click('[data-testid="claim-submit"]');
    await expect.poll(() => meName(page)).toBe('Galla Placidia');
    await page.click('[data-testid="add-passkey"]');
    await expect.poll(() => page.locator('[data-testid="passkey"]').count()).toBe(1);
    await shot(page, 'account-passkey');
    await page.click('[data-testid="logout"]');
    await expect.poll(() => meName(page)).not.toBe('Galla Placidia');
    await page.click('[data-testid="passkey-login"]');
    await expect.poll(() => meName(page)).toBe('Galla Placidia');
    await page.waitForSelector('[data-testid="passkeys"] [data-testid="passkey"]');
    expect(await page.innerText('[data-testid="passkeys"]')).not.toContain('last used never');
    await context.close();
  });

  it('the account screen has no accessibility violations, as a guest and as an account', async () => {
    const { context, page } = await newPage(browser, { bypassCSP: true });
    await page.goto(`${server.url}/#/account`);
    await page.waitForSelector('[data-testid="claim"]');
    expect(await a11yViolations(page)).toEqual([]);
    await page.fill('[data-testid="claim-name"]', 'Flavia');
    await page.fill('[data-testid="claim-password"]', 'a good long password');
    await page.click('[data-testid="claim-submit"]');
    await page.waitForSelector('[data-testid="sessions"] [data-testid="session"]');
    expect(await a11yViolations(page)).toEqual([]);
    await context.close();
  });
});
