/** Driving a Tribes hotseat game like the people at the table: pass the device, decide, close the dialogs. */
import type { Page } from 'playwright-core';
import { shot } from './harness.js';
import { playTribesDecision } from './tribes.js';

export const HOTSEAT_ANY =
  '[data-testid="pass-device"], [data-testid="reveal"], [data-testid="scoring"], [data-testid="winner"], ' +
  '[data-testid^="decision-"]';

export interface HotseatSeen {
  conflicts: number;
  scorings: number;
  passes: number;
  over: boolean;
  /** Headings of the dialogs seen (their text is asserted in the tests' language). */
  headings: string[];
}

/** What the screen shows, the first of: the pass-the-device cover, a reveal, a scoring, the standings; else a decision. */
type Showing = 'pass' | 'hand-behind-cover' | 'reveal' | 'scoring' | 'winner' | 'decision';

/** One look at the page (not one round trip per thing looked for: a game has hundreds of steps). */
function showing(page: Page): Promise<Showing> {
  return page.evaluate(() => {
    const has = (testid: string) => document.querySelector(`[data-testid="${testid}"]`) !== null;
    if (has('pass-device')) return has('hand') ? 'hand-behind-cover' : 'pass';
    if (has('reveal')) return 'reveal';
    if (has('scoring')) return 'scoring';
    if (has('winner')) return 'winner';
    return 'decision';
  });
}

/** Sets up a hotseat Tribes game of `players` named players, then starts it. */
export async function startTribesHotseat(page: Page, url: string, names: readonly string[]): Promise<void> {
  await page.goto(`${url}/#/tribes/hotseat`);
  await page.selectOption('[data-testid="players"]', String(names.length));
  for (const [i, name] of names.entries()) await page.fill(`[data-testid="player-name-${i}"]`, name);
  await page.click('[data-testid="start"]');
}

/**
 * Plays until the game is over (or `until` says stop), as the players would: the one named on the
 * pass-the-device screen takes it, every reveal and scoring dialog is read and closed. `until` is asked when a
 * decision is on screen, with no dialog left to show: what was seen so far is all there was.
 */
export async function playTribesHotseat(
  page: Page,
  name: string,
  until: (seen: HotseatSeen) => boolean = () => false,
): Promise<HotseatSeen> {
  const seen: HotseatSeen = { conflicts: 0, scorings: 0, passes: 0, over: false, headings: [] };
  for (let step = 0; step < 3000; step++) {
    await page.waitForSelector(HOTSEAT_ANY, { timeout: 30_000 });
    const now = await showing(page);
    // Nobody's hand is on screen while the device changes hands.
    if (now === 'hand-behind-cover') throw new Error('a hand is visible behind the cover');
    if (now === 'pass') {
      seen.passes++;
      await page.click('[data-testid="ready"]');
      continue;
    }
    if (now === 'reveal') {
      if (seen.conflicts++ === 0) await shot(page, `${name}-reveal`);
      seen.headings.push(await page.innerText('[data-testid="reveal"] h2'));
      await page.click('[data-testid="close-reveal"]');
      continue;
    }
    if (now === 'scoring') {
      if (seen.scorings++ === 0) await shot(page, `${name}-scoring`);
      seen.headings.push(await page.innerText('[data-testid="scoring"] h2'));
      await page.click('[data-testid="close-scoring"]');
      continue;
    }
    if (now === 'winner') {
      seen.over = true;
      await shot(page, `${name}-winner`);
      break;
    }
    if (until(seen)) break;
    await playTribesDecision(page);
  }
  return seen;
}
