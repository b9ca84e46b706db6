/**
 * Renders the app icons (public/icons/*.svg) to the PNGs the web app manifest lists, with Debian's Chromium
 * through playwright-core (already the browser tests' driver: no image library needed). The PNGs are
 * committed; run this after changing an SVG:  npx tsx packages/web/scripts/make-icons.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const ICONS = new URL('../public/icons/', import.meta.url).pathname;

/** Source SVG, output PNG, size in pixels. */
const RENDERS: readonly (readonly [string, string, number])[] = [
  ['icon.svg', 'icon-192.png', 192],
  ['icon.svg', 'icon-512.png', 512],
  ['icon-maskable.svg', 'icon-maskable-512.png', 512],
  ['icon.svg', 'apple-touch-icon-180.png', 180],
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const [source, target, size] of RENDERS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const svg = readFileSync(join(ICONS, source), 'utf8');
    await page.setContent(
      `<html><body style="margin:0;background:transparent">` +
        `<img style="display:block;width:${size}px;height:${size}px" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}">` +
        `</body></html>`,
    );
    await page.waitForFunction(() => document.images[0]?.complete);
    await page.screenshot({ path: join(ICONS, target), omitBackground: true });
    await page.close();
    console.log(`${target}: ${size}×${size} from ${source}`);
  }
} finally {
  await browser.close();
}
