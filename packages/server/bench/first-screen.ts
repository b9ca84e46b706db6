/**
 * First-screen load of the built web app from a real `attila serve`, in Chromium: the bytes that crossed
 * the wire, and the app's own first-screen mark, for a first visit and a return visit (warm browser cache),
 * on loopback and on a throttled link (CDP: 10 Mbit/s down, 40 ms round trip).
 * Also reports the CSP violations the page raised (there should be none).
 *
 *   npx vite build packages/web && npx tsx packages/server/bench/first-screen.ts [--runs 5]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';

const ROOT = new URL('../../../', import.meta.url).pathname;
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;

async function serve(): Promise<{ url: string; stop(): void }> {
  const db = join(mkdtempSync(join(tmpdir(), 'attila-fs-')), 'fs.db');
  const child = spawn(
    process.execPath,
    [join(ROOT, 'packages/cli/bin/attila.js'), 'serve', '--port', '0', '--db', db, '--log-level', 'warn'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

async function measure(page: Page, url: string): Promise<{ ms: number; bytes: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => (bytes += e.encodedDataLength));
  await page.goto(url);
  await page.waitForSelector('[data-testid="knights-card"]');
  await page.waitForFunction(() => performance.getEntriesByName('attila:first-screen').length > 0);
  const ms = await page.evaluate(() => performance.getEntriesByName('attila:first-screen')[0].startTime);
  await cdp.detach();
  return { ms, bytes };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await serve();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  for (const link of ['loopback', 'throttled'] as const) {
    const first: { ms: number; bytes: number }[] = [];
    const again: { ms: number; bytes: number }[] = [];
    let violations = 0;
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript({
        content:
          "document.addEventListener('securitypolicyviolation', (e) => " +
          'console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`));',
      });
      page.on('console', (m) => {
        if (m.text().startsWith('CSP violation')) {
          violations++;
          console.error(m.text());
        }
      });
      if (link === 'throttled') {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 40,
          downloadThroughput: 10e6 / 8,
          uploadThroughput: 5e6 / 8,
        });
      }
      first.push(await measure(page, `${server.url}/`));
      again.push(await measure(page, `${server.url}/`));
      await context.close();
    }
    const fmt = (xs: { ms: number; bytes: number }[]) =>
      `${median(xs.map((x) => x.ms)).toFixed(0)} ms (runs ${xs.map((x) => x.ms.toFixed(0)).join(', ')}), ` +
      `${(median(xs.map((x) => x.bytes)) / 1024).toFixed(1)} KiB on the wire`;
    console.log(
      `${link}: first visit ${fmt(first)}; return visit ${fmt(again)}; CSP violations ${violations}`,
    );
  }
} finally {
  await browser.close();
  server.stop();
}
