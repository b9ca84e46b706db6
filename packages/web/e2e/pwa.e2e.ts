/**
 * The installable app (issue 20): Chromium finds the manifest valid and the app installable, the app works
 * with the server gone after one visit (a Knights hotseat game, one against a Knights bot, and a Tribes
 * hotseat game's first moves), and a new
 * version deployed under a running app is offered with "reload" and runs once the player takes it.
 *
 * Two builds of this very app, told apart by their version: the one every browser test serves
 * (packages/web/dist, built before them), and a second one built here into a temporary folder with its own
 * `ATTILA_VERSION`, while the first tests run; the server serves a third folder, into which the test copies
 * one build and later the other, as a deployment does.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '@attila/core';
import { tribesGame } from '@attila/tribes';
import { launchBrowser, newPage, shot, startServer, type ServerProcess, PHONE_SIZE } from './harness.js';
import { playKnightsTurn } from './knights.js';
import { startTribesHotseat } from './hotseat.js';
import { playTribesDecision } from './tribes.js';

const ROOT = new URL('../../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'attila-pwa-'));

/** The build every browser test serves (`npm run build:web`). */
const DIST = join(ROOT, 'packages/web/dist');

/** Builds the app with `version` into a temporary folder (in the background: its folder once done). */
function build(version: string): Promise<string> {
  const outDir = join(work, version);
  const run = spawn(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      'packages/web',
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    { cwd: ROOT, env: { ...process.env, ATTILA_VERSION: version }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  run.stderr.on('data', (d) => (stderr += String(d)));
  return new Promise((resolve, reject) => {
    run.once('error', reject);
    run.once('exit', (code) =>
      code === 0 ? resolve(outDir) : reject(new Error(`build ${version} failed: ${stderr}`)),
    );
  });
}

/** Puts a build where the server serves it, as a deployment does (the server keeps running). */
function deploy(build: string, served: string): void {
  rmSync(served, { recursive: true, force: true });
  cpSync(build, served, { recursive: true });
}

/** How many moves of the saved Tribes hotseat game `seat` made (replayed through the engine). */
async function movesBySeat(page: Page, seat: number): Promise<number> {
  const saved = JSON.parse((await page.evaluate(() => localStorage.getItem('attila.hotseat.tribes')))!) as {
    settings: unknown;
    seed: string;
    moves: string[];
  };
  const settings = unwrap(tribesGame.parseSettings(saved.settings));
  let state = unwrap(tribesGame.setup(settings, saved.seed));
  let count = 0;
  for (const recorded of saved.moves) {
    const prefix = /^(\d+):(.*)$/.exec(recorded);
    const by = prefix ? Number(prefix[1]) : tribesGame.toAct(state)[0];
    state = unwrap(tribesGame.play(state, by, prefix ? prefix[2] : recorded)).state;
    if (by === seat) count++;
  }
  return count;
}

/** Resolves once the page's service worker is active (the app's files are cached then). */
async function serviceWorkerActive(page: Page): Promise<string> {
  return page.evaluate(async () => (await navigator.serviceWorker.ready).active!.scriptURL);
}

let browser: Browser;
const first = DIST;
/** The new version, built while the tests before the update's run. */
let second: Promise<string>;
beforeAll(async () => {
  if (!existsSync(join(DIST, 'sw.js'))) throw new Error(`no built app in ${DIST}: run npm run build:web`);
  second = build('e2e-second');
  // Awaited by the update's test; a failed build fails that test, not the process.
  second.catch(() => undefined);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await second?.catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
});

describe('the installable app', () => {
  it('has a manifest Chromium finds valid, and is installable', async () => {
    const served = join(work, 'served-install');
    deploy(first, served);
    const server = await startServer({ webDist: served });
    // Chromium offers no installation in an incognito profile (every new context of a launched browser is
    // one): this test uses a profile on disk, as a person's browser has.
    const context = await chromium.launchPersistentContext(join(work, 'profile'), {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-component-update', '--disable-sync'],
      viewport: { width: 1280, height: 860 },
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    try {
      await page.goto(server.url);
      await page.waitForSelector('[data-testid="knights-card"]');
      expect(await serviceWorkerActive(page)).toMatch(/\/sw\.js$/);
      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as {
        url: string;
        errors: { message: string; critical: number }[];
        data?: string;
      };
      expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
      expect(manifest.errors).toEqual([]);
      const parsed = JSON.parse(manifest.data!) as { name: string; icons: { purpose?: string }[] };
      expect(parsed.name).toContain('Attila');
      expect(parsed.icons.some((i) => i.purpose === 'maskable')).toBe(true);
      // Chromium asks for the same things before it offers "Install app": the answer has no objection.
      await expect
        .poll(
          async () =>
            ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] })
              .installabilityErrors,
          { timeout: 15_000 },
        )
        .toEqual([]);
      for (const icon of ['icons/icon-192.png', 'icons/icon-512.png', 'icons/icon-maskable-512.png']) {
        const res = await page.request.get(`${server.url}/${icon}`);
        expect(res.headers()['content-type']).toBe('image/png');
      }
      // The worker runs under the server's Content-Security-Policy without a complaint.
      expect(violations).toEqual([]);
    } finally {
      await context.close();
      await server.stop();
    }
  });

  it('plays Knights (also against a bot) and Tribes hotseat with the server gone, after one visit (phone size)', async () => {
    const served = join(work, 'served-offline');
    deploy(first, served);
    const server = await startServer({ webDist: served });
    const { context, page } = await newPage(browser, PHONE_SIZE);
    try {
      await page.goto(server.url);
      await serviceWorkerActive(page);
      const url = server.url;
      // No network and no server: only what the service worker keeps.
      await context.setOffline(true);
      await server.stop();
      await page.reload();
      await page.waitForSelector('[data-testid="knights-card"]');
      await page.goto(`${url}/#/knights/hotseat`);
      await page.click('[data-testid="preset-cross"]');
      await page.click('[data-testid="start"]');
      for (let ply = 0; ply < 6; ply++) await playKnightsTurn(page);
      expect(await page.locator('[data-testid="movelist"] li').count()).toBe(6);
      await shot(page, 'pwa-offline-knights');
      // Against a bot: the bot runs in a worker of this page, from the cache too.
      page.on('dialog', (d) => void d.accept());
      await page.click('[data-testid="new-game"]');
      await page.click('[data-testid="preset-cross"]');
      await page.selectOption('[data-testid="hotseat-bot-1"]', 'easy');
      await page.click('[data-testid="start"]');
      for (let mine = 1; mine <= 4; mine++) {
        await playKnightsTurn(page);
        // The bot answers each move by itself.
        await expect.poll(() => page.locator('[data-testid="movelist"] li').count()).toBe(2 * mine);
      }
      await shot(page, 'pwa-offline-knights-vs-bot');
      await startTribesHotseat(page, url, ['Ada', 'Bo', 'Cy']);
      // The map's coastline is a chunk of its own, loaded lazily: it must come from the cache too.
      let decided = 0;
      while (decided < 4) {
        await page.waitForSelector('[data-testid="pass-device"], [data-testid^="decision-"]');
        if (await page.locator('[data-testid="pass-device"]').count()) {
          await page.click('[data-testid="ready"]');
          continue;
        }
        await page.waitForSelector('.tribes-map path.land', { state: 'attached' });
        if (decided === 3) await shot(page, 'pwa-offline-tribes');
        await playTribesDecision(page);
        decided++;
      }
      // Ada against a Tribes bot: the bot plays its turns by itself, and the device never changes hands.
      // The three players' game is set aside (it would come back), and a new one is set up.
      await page.evaluate(() => localStorage.removeItem('attila.hotseat.tribes'));
      await page.goto(`${url}/#/`);
      await page.goto(`${url}/#/tribes/hotseat`);
      await page.selectOption('[data-testid="players"]', '2');
      await page.fill('[data-testid="player-name-0"]', 'Ada');
      await page.selectOption('[data-testid="tribes-bot-1"]', 'greedy');
      await page.click('[data-testid="start"]');
      let passes = 0;
      for (let decided = 0; decided < 12;) {
        await page.waitForSelector(
          '[data-testid="pass-device"], [data-testid^="decision-"], [data-testid="close-reveal"], [data-testid="close-scoring"]',
        );
        if (await page.locator('[data-testid="pass-device"]').count()) {
          passes++;
          await page.click('[data-testid="ready"]');
        } else if (
          await page.locator('[data-testid="close-reveal"], [data-testid="close-scoring"]').count()
        ) {
          await page.locator('[data-testid="close-reveal"], [data-testid="close-scoring"]').first().click();
        } else {
          await playTribesDecision(page);
          decided++;
        }
      }
      // Only at the start does the screen ask for Ada (the bot's turns need no hand-over).
      expect(passes).toBeLessThanOrEqual(1);
      const botMoves = await movesBySeat(page, 1);
      expect(botMoves).toBeGreaterThan(0);
      await shot(page, 'pwa-offline-tribes-vs-bot');
    } finally {
      await context.close();
      await server.stop();
    }
  });

  it(
    'offers a newly deployed version with "reload", and runs it once taken',
    { timeout: 180_000 },
    async () => {
      const next = await second;
      const served = join(work, 'served-update');
      deploy(first, served);
      const server = await startServer({ webDist: served });
      let restarted: ServerProcess | null = null;
      const { context, page } = await newPage(browser);
      try {
        await page.goto(server.url);
        await serviceWorkerActive(page);
        const firstVersion = await page.innerText('[data-testid="app-version"]');
        expect(firstVersion).not.toContain('e2e-second');
        // A deployment: the server stops, the new build is put in place, the server starts again (same address:
        // the installed app's origin).
        await server.stop();
        deploy(next, served);
        restarted = await startServer({ webDist: served, port: Number(new URL(server.url).port) });
        // The browser looks for a new worker whenever the app is opened again.
        await page.reload();
        await page.waitForSelector('[data-testid="update-prompt"]', { timeout: 30_000 });
        expect(await page.innerText('[data-testid="update-prompt"]')).toContain('A new version is ready');
        // Until the player takes it, the page keeps running the version it was opened with.
        expect(await page.innerText('[data-testid="app-version"]')).toBe(firstVersion);
        await shot(page, 'pwa-update-prompt');
        await page.click('[data-testid="update-reload"]');
        await expect
          .poll(() => page.innerText('[data-testid="app-version"]').catch(() => ''), { timeout: 30_000 })
          .toContain('e2e-second');
        expect(await page.locator('[data-testid="update-prompt"]').count()).toBe(0);
      } finally {
        await context.close();
        await server.stop();
        await restarted?.stop();
      }
    },
  );
});
