/**
 * The Bots page (issue 32: nothing in the web app made a bot account or a token, though the bot docs sent
 * readers there): reached from the home screen and the ladder page; a guest is told to make an account; a
 * fresh account becomes a bot account, makes a token that is shown once and works on the bot API, and
 * revokes it (the API then refuses it); the guide shows the bridge command with this server's address.
 * Desktop and phone size, in Czech, with axe-core on each state of the page.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  newPage,
  a11yViolations,
  shot,
  sidewaysOverflow,
  type ServerProcess,
  withServerAndBrowser,
  claimAccountByRequest,
  PHONE_SIZE,
} from './harness.js';
import cs from '../src/i18n/locales/cs.json';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

/** What the bot API says to a token: the status of leaving the ladder (200 for a live token). */
async function tokenStatus(token: string): Promise<number> {
  const res = await fetch(`${server.url}/api/bot/ladder`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ join: false }),
  });
  return res.status;
}

async function checkScreen(page: Page, found: string[], name: string): Promise<void> {
  await shot(page, name);
  const overflow = await sidewaysOverflow(page);
  if (overflow > 1) found.push(`${name}: the page scrolls sideways by ${overflow} px`);
  for (const v of await a11yViolations(page)) found.push(`${name}: ${v.id} (${v.help}) at ${v.nodes[0]}`);
}

describe('the Bots page', () => {
  for (const [i, size] of [
    { name: 'desktop', opts: { width: 1280, height: 860, lang: 'cs-CZ', bypassCSP: true } },
    { name: 'phone', opts: { ...PHONE_SIZE, lang: 'cs-CZ', bypassCSP: true } },
  ].entries())
    it(`makes a bot account and its tokens (${size.name})`, { timeout: 180_000 }, async () => {
      const { page, context } = await newPage(browser, size.opts);
      const found: string[] = [];
      page.on('dialog', (d) => void d.accept());
      await page.goto(`${server.url}/#/ladder`);
      await page.click('[data-testid="ladder-bots"]');
      await page.waitForSelector('[data-testid="bots-guest"]');
      expect(await page.innerText('h1')).toBe(cs.botsPage.title);
      const command = await page.innerText('[data-testid="bots-command"]');
      expect(command).toContain(`npx attila bot connect --server ${server.url} --token`);
      await checkScreen(page, found, `bots-guest-${size.name}`);

      // A fresh account (claimed from the guest), then the page from the home screen's link.
      const name = `Robotus${i}`;
      await claimAccountByRequest(page, name);
      await page.goto(`${server.url}/#/`);
      await page.reload();
      await page.click('[data-testid="home-bots"]');
      await page.waitForSelector('[data-testid="bots-become"]');
      await checkScreen(page, found, `bots-account-${size.name}`);
      await page.click('[data-testid="bots-become"]');
      await page.waitForSelector('[data-testid="bots-is-bot"]');
      expect(await page.innerText('[data-testid="bots-is-bot"]')).toContain(name);
      expect(await page.getAttribute('[data-testid="bots-games"]', 'href')).toBe(`#/player/${name}`);
      await page.waitForSelector('[data-testid="bots-no-tokens"]');

      // A token, shown once, that the bot API takes.
      await page.fill('[data-testid="bots-token-label"]', 'notebook');
      await page.click('[data-testid="bots-make-token"]');
      const token = await page.locator('[data-testid="bots-new-token"]').inputValue();
      expect(token).toMatch(/^attila_bot_/);
      await expect.poll(() => page.locator('[data-testid="bots-token"]').count()).toBe(1);
      expect(await page.innerText('[data-testid="bots-token"]')).toContain('notebook');
      expect(await tokenStatus(token)).toBe(200);
      await checkScreen(page, found, `bots-token-${size.name}`);

      // Revoked: gone from the list, refused by the API.
      await page.click('[data-testid="bots-revoke"]');
      await page.waitForSelector('[data-testid="bots-no-tokens"]');
      expect(await tokenStatus(token)).toBe(401);
      // A reload shows the token no more (the server keeps only its hash).
      await page.reload();
      await page.waitForSelector('[data-testid="bots-is-bot"]');
      expect(await page.locator('[data-testid="bots-new-token"]').count()).toBe(0);
      console.log(found.length ? found.join('\n') : 'the Bots page: no violation');
      expect(found).toEqual([]);
      await context.close();
    });
});
