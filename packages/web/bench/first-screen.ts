/**
 * How soon the first screen is painted (issue 31: under a second), in Chromium against the real server: the
 * app's own `attila:first-screen` mark, from the browser's navigation start. Each visit is a fresh browser
 * context (no page cache, as a new visitor) after one warm-up visit (the server's file cache, as a returning
 * visitor's server would have it); phone and desktop sizes alternate. Needs the built web app
 * (`npm run build:web`). Wall-clock time on a possibly shared machine: report the load beside the numbers.
 *
 *   npx tsx packages/web/bench/first-screen.ts [--count 20]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { launchBrowser, newPage, startServer } from '../e2e/harness.js';

const { values: args } = parseArgs({ options: { count: { type: 'string', default: '20' } } });
const COUNT = Number(args.count);

const server = await startServer();
const browser = await launchBrowser();
const times: number[] = [];
try {
  const warm = await newPage(browser);
  await warm.page.goto(`${server.url}/`);
  await warm.context.close();
  for (let i = 0; i < COUNT; i++) {
    const size = i % 2 === 0 ? {} : { width: 390, height: 844, mobile: true };
    const { page, context } = await newPage(browser, size);
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => performance.getEntriesByName('attila:first-screen').length > 0);
    times.push(await page.evaluate(() => performance.getEntriesByName('attila:first-screen')[0].startTime));
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(
  `first screen over ${times.length} fresh visits: median ${median.toFixed(0)} ms, ` +
    `max ${times[times.length - 1].toFixed(0)} ms, min ${times[0].toFixed(0)} ms (load ${loadavg()[0].toFixed(1)})`,
);
