/**
 * End-to-end harness: the real server (the `attila serve` command on a fresh SQLite file, serving the
 * built web app) and Debian's Chromium driven by playwright-core — no downloaded browser.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

const ROOT = new URL('../../../', import.meta.url).pathname;
export const SCREENSHOTS = new URL('../screenshots/', import.meta.url).pathname;

export interface ServerProcess {
  readonly url: string;
  stop(): Promise<void>;
  /** Kills the process at once (SIGKILL): a crash, nothing tidied up. */
  crash(): Promise<void>;
}

/**
 * The real server on a fresh database; `webDist`: serve that build of the web app instead of the usual one;
 * `port`: listen there (a server restarted at the same address), else on any free port.
 */
export async function startServer(
  opts: {
    webDist?: string;
    port?: number;
    db?: string;
    args?: readonly string[];
    /** Added to the server's environment (e.g. `NODE_EXTRA_CA_CERTS` for a test's own HTTPS service). */
    env?: Readonly<Record<string, string>>;
  } = {},
): Promise<ServerProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'attila-e2e-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [
      join(ROOT, 'packages/cli/bin/attila.js'),
      'serve',
      '--port',
      String(opts.port ?? 0),
      '--db',
      opts.db ?? join(dir, 'e2e.db'),
      '--log-level',
      'warn',
      '--bot-delay',
      '50',
      // A bot's padded think time (it hides what a Tribes bot holds) only slows tests; a test of it passes its own.
      '--bot-min-think',
      '0',
      '--ladder',
      'off',
      // Nor does a test build the knights tablebase (minutes of CPU) unless it asks.
      '--tablebase',
      'off',
      ...(opts.webDist ? ['--web-dist', opts.webDist] : []),
      ...(opts.args ?? []),
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...opts.env } },
  );
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += String(d)));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    // A sanity bound, not a timing one: at load 20 on the shared 2 cores a start took over 30 s (2026-12-02).
    const timer = setTimeout(() => reject(new Error(`server did not start in 90 s: ${stderr}`)), 90_000);
    child.stdout!.on('data', (d) => {
      out += String(d);
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
    crash: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/**
 * Starts the real server and Chromium before a file's tests (handing both to `ready`) and stops both after,
 * the same for every browser test; `args`: the server's options beyond the usual ones.
 */
export function withServerAndBrowser(
  ready: (server: ServerProcess, browser: Browser) => void,
  args: readonly string[] = [],
): void {
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ args }), launchBrowser()]);
    ready(server, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A phone's screen (the size the browser tests call "phone"). */
export const PHONE_SIZE = { width: 390, height: 844, mobile: true } as const;

export async function newPage(
  browser: Browser,
  opts: { width?: number; height?: number; lang?: string; mobile?: boolean; bypassCSP?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 860 },
    locale: opts.lang ?? 'en-GB',
    isMobile: opts.mobile ?? false,
    hasTouch: opts.mobile ?? false,
    deviceScaleFactor: 1,
    // Injected test scripts (axe-core) are inline scripts, which the app's Content-Security-Policy forbids.
    bypassCSP: opts.bypassCSP ?? false,
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  return { context, page };
}

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Where the web README's screenshots live (`docs/screens/<size>-<screen>.jpg`). */
export const DOC_SCREENS = new URL('../docs/screens/', import.meta.url).pathname;

/**
 * A screen as the README shows it: always into the git-ignored screenshots folder, and into the README's
 * folder when `ATTILA_DOC_SCREENS=1` (a person then looks at them before committing: pixels differ from run
 * to run, so ordinary runs leave the committed pictures alone).
 */
export async function documentScreen(page: Page, size: string, name: string): Promise<void> {
  await shot(page, `screen-${size}-${name}`);
  if (process.env.ATTILA_DOC_SCREENS !== '1') return;
  mkdirSync(DOC_SCREENS, { recursive: true });
  await page.screenshot({ path: join(DOC_SCREENS, `${size}-${name}.jpg`), type: 'jpeg', quality: 70 });
}

/** How far the page itself scrolls sideways (0 when it fits the viewport; inner scrollers don't count). */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly string[];
}

/** Runs axe-core (injected from node_modules) on the page; every violation, whatever its impact. */
export async function a11yViolations(page: Page): Promise<AxeViolation[]> {
  const { createRequire } = await import('node:module');
  const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  // Evaluated through the devtools protocol: the app's Content-Security-Policy (no inline script) would block
  // a script tag of its text.
  const { readFileSync } = await import('node:fs');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(axePath, 'utf8'));
  // The screen as it settles: a card still fading in (opacity below 1) reads to axe as text of too little
  // contrast, though nobody sees it so for more than a moment.
  // (An endless animation, a spinner, cannot be finished: it is left as it is.)
  await page.evaluate(() =>
    document.getAnimations().forEach((a) => {
      if (a.effect?.getComputedTiming().endTime !== Infinity) a.finish();
    }),
  );
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeRaw[] }> } }).axe;
    interface AxeRaw {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: string[]; failureSummary?: string }[];
    }
    const result = await axe.run();
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`),
    }));
  });
}

// ---------------------------------------------------------------- set-ups several test files share

/** A game of two bots (`bots`, by level) made through the API, waited for to its end: its table id. */
export async function finishedBotsGame(
  server: ServerProcess,
  bots: readonly [string, string],
): Promise<string> {
  const res = await fetch(`${server.url}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'knights', seats: bots.map((bot) => ({ type: 'bot', bot })) }),
  });
  const id = ((await res.json()) as { table: { id: string } }).table.id;
  for (let i = 0; i < 600; i++) {
    const r = (await (await fetch(`${server.url}/api/tables/${id}`)).json()) as { table: { status: string } };
    if (r.table.status === 'finished') return id;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the bots did not finish');
}

/**
 * A live table made in the lobby by `creator` (named `names[0]`) with people at every seat, joined from the
 * invite by `joiners` (seats 1, 2, …, named after the creator's name); resolves once every page shows the
 * board; its invite. Tribes: as many seats as pages.
 */
export async function liveTable(
  server: ServerProcess,
  game: 'knights' | 'tribes',
  creator: Page,
  joiners: readonly Page[],
  names: readonly string[],
): Promise<string> {
  await creator.goto(`${server.url}/#/lobby`);
  await creator.fill('[data-testid="name"]', names[0]);
  await creator.click(`[data-testid="game-${game}"]`);
  if (game === 'tribes') await creator.selectOption('[data-testid="players"]', String(joiners.length + 1));
  for (let seat = 1; seat <= joiners.length; seat++) {
    await creator.selectOption(`[data-testid="seat-kind-${seat}"]`, 'human');
  }
  await creator.click('[data-testid="create"]');
  await creator.waitForSelector('[data-testid="invite"]');
  const invite = await creator.inputValue('[data-testid="invite"]');
  for (const [i, p] of joiners.entries()) {
    await p.goto(invite);
    await p.fill('[data-testid="join-name"]', names[i + 1]);
    await p.click(`[data-testid="sit-${i + 1}"]`);
  }
  const board = game === 'knights' ? '.knights-board' : '[data-testid="tribes-map"] .land';
  for (const p of [creator, ...joiners]) await p.waitForSelector(board);
  return invite;
}

/** Makes the page's player an account of `name` through the account screen, as a person does. */
export async function claimAccount(page: Page, url: string, name: string): Promise<void> {
  await page.goto(`${url}/#/account`);
  await page.waitForSelector('[data-testid="claim"]');
  await page.fill('[data-testid="claim-name"]', name);
  await page.fill('[data-testid="claim-password"]', 'a good long password');
  await page.click('[data-testid="claim-submit"]');
  await expect.poll(() => page.innerText('[data-testid="me-name"]')).toBe(name);
}

/** Claims an account for the page's guest by the request the account screen sends (the page's session). */
export async function claimAccountByRequest(page: Page, name: string): Promise<void> {
  const status = await page.evaluate(
    async (n) =>
      (
        await fetch('/api/account/claim', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-attila-csrf': '1' },
          body: JSON.stringify({ name: n, password: 'a good long password' }),
        })
      ).status,
    name,
  );
  expect(status).toBe(200);
}

/** The operator makes `name` a moderator (`attila admin grant`, on the server's database file): its output. */
export async function grantModerator(db: string, name: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    join(ROOT, 'packages/cli/bin/attila.js'),
    'admin',
    'grant',
    name,
    'moderator',
    '--db',
    db,
  ]);
  return stdout;
}
