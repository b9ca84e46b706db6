import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';
import { Position } from '@attila/knights';
import { standardOpeningTable } from '@attila/bots';
const pos = '...../H..../.H.../..RRR H';
const p = Position.parse(pos); if (!p.ok) throw 1;
const t = standardOpeningTable()!;
console.log('legal', p.value.legalMoves(), 'table', t.placementValues(p.value));
const child = spawn(process.execPath, ['packages/cli/bin/attila.js', 'serve', '--port', '0', '--db', '/tmp/dbg-explorer.db', '--log-level', 'warn'], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise<string>((r) => child.stdout.on('data', (d) => { const m = /listening on (http:\/\/\S+)/.exec(String(d)); if (m) r(m[1]); }));
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await b.newPage();
page.on('console', (m) => console.log('console', m.text()));
page.on('requestfailed', (r) => console.log('failed', r.url()));
await page.goto(`${url}/#/knights/analysis/${encodeURIComponent(pos)}`);
for (let i = 0; i < 6; i++) {
  await page.waitForTimeout(1000);
  console.log(await page.getAttribute('[data-testid="analysis-panel"]', 'data-status'), await page.locator('[data-testid="verdict-list"] li').allInnerTexts());
}
await b.close(); child.kill();
