/**
 * A whole Tribes hotseat game with the keyboard alone (issue 18, defect 4): Tab reaches the cards, the
 * provinces where a marker may go, the buttons of every decision and the dialogs; Enter presses them. No
 * mouse click is made after the setup screen.
 *
 * The game is a whole one of the shortest kind the rules allow: the setup screen's option "top of the
 * influence tracks" at 4 (docs/rules/tribes.md), and the players take influence every other time they are
 * asked (a second marker the other times), so it ends when a track's top is reached: some 45 moves rather
 * than 80, with conflicts, scorings and every kind of decision on the way.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, shot, type ServerProcess, withServerAndBrowser } from './harness.js';
import { HOTSEAT_ANY } from './hotseat.js';
import { focusArrives, pressOn, tabTo } from './keyboard.js';
import en from '../src/i18n/locales/en.json';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

/** The least top of the influence tracks the rules allow: the shortest whole game. */
const SHORT_TRACK_TOP = 4;

const has = async (page: Page, selector: string) => (await page.locator(selector).count()) > 0;
const seq = (page: Page) => page.getAttribute('.tribes-play', 'data-seq');

type Decision = 'play' | 'second' | 'influence' | 'commit' | 'discard';

/**
 * One decision by keyboard (asked for influence or a second marker: influence every other time); resolves
 * when the engine has taken the move, with what it was.
 */
async function decideByKeyboard(
  page: Page,
  presses: number[],
  asked: { influence: number },
): Promise<Decision> {
  const before = await seq(page);
  let made: Decision;
  if (await has(page, '[data-testid="decision-play"]')) {
    presses.push(await pressOn(page, '[data-testid="decision-play"] [data-testid^="card-"]:not([disabled])'));
    await page.waitForSelector('[data-testid="tribes-map"] [data-selectable="true"]');
    presses.push(await tabTo(page, '[data-testid="tribes-map"] [data-selectable="true"]'));
    if (presses.length < 8) await shot(page, 'tribes-keyboard-province-focused');
    await page.keyboard.press('Enter');
    made = 'play';
  } else if (await has(page, '[data-testid="decision-influence"]')) {
    if ((await has(page, '[data-testid="second-marker"]')) && asked.influence++ % 2 === 1) {
      presses.push(await pressOn(page, '[data-testid="second-marker"]'));
      await page.waitForSelector('[data-testid="tribes-map"] [data-selectable="true"]');
      presses.push(await pressOn(page, '[data-testid="tribes-map"] [data-selectable="true"]'));
      made = 'second';
    } else {
      presses.push(await pressOn(page, '[data-testid="take-influence"]'));
      made = 'influence';
    }
  } else if (await has(page, '[data-testid="decision-commit"]')) {
    const more = '[data-testid="decision-commit"] [data-testid^="more-"]:not([disabled])';
    if (await has(page, more)) presses.push(await pressOn(page, more));
    presses.push(await pressOn(page, '[data-testid="commit"]:not([disabled])'));
    made = 'commit';
  } else {
    presses.push(await pressOn(page, '[data-testid="decision-discard"] button'));
    made = 'discard';
  }
  await page.waitForFunction(
    (s) => document.querySelector('.tribes-play')?.getAttribute('data-seq') !== s,
    before,
    { timeout: 15_000 },
  );
  return made;
}

describe('Tribes by keyboard', () => {
  it('plays a whole three-player hotseat game with Tab and Enter only', { timeout: 600_000 }, async () => {
    const { page, context } = await newPage(browser, { width: 1280, height: 900 });
    await page.goto(`${server.url}/#/tribes/hotseat`);
    await page.selectOption('[data-testid="players"]', '3');
    await page.fill('[data-testid="player-name-0"]', 'Honoria');
    await page.fill('[data-testid="player-name-1"]', 'Valentinian');
    await page.fill('[data-testid="player-name-2"]', 'Aetius');
    await page.getByLabel('Top of the influence tracks').fill(String(SHORT_TRACK_TOP));
    await page.focus('[data-testid="start"]');
    await page.keyboard.press('Enter');
    const presses: number[] = [];
    const asked = { influence: 0 };
    const made: Record<Decision, number> = { play: 0, second: 0, influence: 0, commit: 0, discard: 0 };
    let moves = 0;
    let dialogs = 0;
    for (let step = 0; step < 3000; step++) {
      await page.waitForSelector(HOTSEAT_ANY, { timeout: 30_000 });
      if (await has(page, '[data-testid="pass-device"]')) {
        // The button that shows the next hand has the focus: Enter alone.
        expect(await focusArrives(page, '[data-testid="ready"]')).toBe(true);
        expect(await pressOn(page, '[data-testid="ready"]')).toBe(0);
        continue;
      }
      if (await has(page, '[data-testid="reveal"], [data-testid="scoring"]')) {
        if (dialogs++ === 0) await shot(page, 'tribes-keyboard-dialog');
        // A dialog takes the focus when it opens: Enter closes it.
        const close = '[data-testid="close-reveal"], [data-testid="close-scoring"]';
        expect(await focusArrives(page, close)).toBe(true);
        expect(await pressOn(page, close)).toBe(0);
        continue;
      }
      if (await has(page, '[data-testid="winner"]')) break;
      const before = presses.length;
      made[await decideByKeyboard(page, presses, asked)]++;
      if (moves++ === 3) await shot(page, 'tribes-keyboard');
      expect(presses.length).toBeGreaterThan(before);
    }
    expect(await has(page, '[data-testid="winner"]')).toBe(true);
    expect(await focusArrives(page, '[data-testid="close-winner"]')).toBe(true);
    await shot(page, 'tribes-keyboard-winner');
    presses.sort((a, b) => a - b);
    console.log(
      `keyboard game: ${moves} moves (${JSON.stringify(made)}), ${dialogs} dialogs, ` +
        `Tab presses per action median ${presses[presses.length >> 1]}, max ${presses[presses.length - 1]}`,
    );
    expect(made.play).toBeGreaterThan(10);
    expect(made.influence).toBeGreaterThan(0);
    expect(made.second).toBeGreaterThan(0);
    expect(made.commit).toBeGreaterThan(0);
    expect(dialogs).toBeGreaterThan(0);
    // The game ended the short way: a track's top reached, as the standings say.
    expect(await page.innerText('[data-testid="end-reason"]')).toBe(en.tribes.end.trackTop);
    await context.close();
  });
});
