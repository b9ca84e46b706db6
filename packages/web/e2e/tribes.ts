/** Driving the Tribes screen in the browser like a (simple-minded) player. */
import type { Page } from 'playwright-core';
import { shot } from './harness.js';

const DECISIONS = ['decision-play', 'decision-influence', 'decision-commit', 'decision-discard'];
const ANY =
  DECISIONS.map((d) => `[data-testid="${d}"]`).join(', ') +
  ', [data-testid="reveal"], [data-testid="scoring"], .tribes-play[data-phase="over"]';

async function visible(page: Page, testid: string): Promise<boolean> {
  return (await page.locator(`[data-testid="${testid}"]`).count()) > 0;
}

/** Makes the decision on screen: a card then a province, influence or a second marker, a commitment, a discard. */
export async function playTribesDecision(page: Page): Promise<void> {
  const before = await page.getAttribute('.tribes-play', 'data-seq');
  await decide(page);
  // The move is made when the screen shows the next sequence number.
  await page.waitForFunction(
    (seq) => document.querySelector('.tribes-play')?.getAttribute('data-seq') !== seq,
    before,
    { timeout: 15_000 },
  );
}

async function decide(page: Page): Promise<void> {
  if (await visible(page, 'decision-play')) {
    await page
      .locator('[data-testid="decision-play"] [data-testid^="card-"]:not([disabled])')
      .first()
      .click();
    await page.locator('[data-testid="tribes-map"] [data-selectable="true"]').first().click();
  } else if (await visible(page, 'decision-influence')) {
    // A second marker fills provinces faster: more conflicts, peace and scorings.
    if (await visible(page, 'second-marker')) {
      await page.click('[data-testid="second-marker"]');
      await page.locator('[data-testid="tribes-map"] [data-selectable="true"]').first().click();
    } else await page.click('[data-testid="take-influence"]');
  } else if (await visible(page, 'decision-commit')) {
    const more = page.locator('[data-testid="decision-commit"] [data-testid^="more-"]:not([disabled])');
    if ((await more.count()) > 0) await more.first().click();
    await page.click('[data-testid="commit"]');
  } else if (await visible(page, 'decision-discard')) {
    await page.locator('[data-testid="decision-discard"] button').first().click();
  }
}

/** Plays until the game is over, closing (and counting) conflict reveals and century scorings. */
export async function playTribesUntilOver(
  page: Page,
  name: string,
): Promise<{ conflicts: number; scorings: number }> {
  let conflicts = 0;
  let scorings = 0;
  for (let step = 0; step < 2000; step++) {
    await page.waitForSelector(ANY, { timeout: 60_000 });
    if (await visible(page, 'reveal')) {
      if (conflicts++ === 0) await shot(page, `${name}-conflict-reveal`);
      await page.click('[data-testid="close-reveal"]');
      continue;
    }
    if (await visible(page, 'scoring')) {
      if (scorings++ === 0) await shot(page, `${name}-century-scoring`);
      await page.click('[data-testid="close-scoring"]');
      continue;
    }
    if ((await page.locator('.tribes-play[data-phase="over"]').count()) > 0) {
      // The last reveal and the final scoring may still be on screen before the standings.
      await page.waitForSelector('[data-testid="winner"], [data-testid="reveal"], [data-testid="scoring"]');
      if (!(await visible(page, 'winner'))) continue;
      await shot(page, `${name}-winner`);
      await page.click('[data-testid="close-winner"]');
      break;
    }
    if (step === 6) await shot(page, `${name}-playing`);
    if (conflicts === 0 && (await visible(page, 'decision-commit'))) await shot(page, `${name}-commit`);
    if (step % 50 === 0) console.log(`${name}: step ${step}, ${conflicts} conflicts, ${scorings} scorings`);
    await playTribesDecision(page);
  }
  return { conflicts, scorings };
}
