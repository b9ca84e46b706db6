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
    { timeout: 30_000 },
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
  /** Asked with the game-over dialog open, before it is closed. */
  atEnd: (page: Page) => Promise<void> = async () => {},
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
      await expectScoringExplained(page);
      if (scorings++ === 0) await shot(page, `${name}-century-scoring`);
      await page.click('[data-testid="close-scoring"]');
      continue;
    }
    if ((await page.locator('.tribes-play[data-phase="over"]').count()) > 0) {
      // The last reveal and the final scoring may still be on screen before the standings.
      await page.waitForSelector('[data-testid="winner"], [data-testid="reveal"], [data-testid="scoring"]');
      if (!(await visible(page, 'winner'))) continue;
      await shot(page, `${name}-winner`);
      await atEnd(page);
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

/**
 * The scoring dialog explains its own points (issue 18, defect 2): every tribe's row carries the markers,
 * provinces and each seat's influence and place of the scoring's moment, and they agree with the points.
 */
export async function expectScoringExplained(page: Page): Promise<void> {
  const problems = await page.evaluate(() => {
    const out: string[] = [];
    const num = (el: Element, name: string) => Number(el.getAttribute(name));
    const rows = [...document.querySelectorAll('[data-testid="scoring"] tr[data-tribe]')];
    if (rows.length !== 6) out.push(`${rows.length} tribe rows, not 6`);
    const totals = [...document.querySelectorAll('[data-testid="century-points"] td')].map((td) =>
      num(td, 'data-points'),
    );
    const sums = totals.map(() => 0);
    for (const row of rows) {
      const tribe = row.getAttribute('data-tribe');
      const markers = num(row, 'data-markers');
      const provinces = num(row, 'data-provinces');
      [...row.querySelectorAll('td[data-place]')].forEach((cell, seat) => {
        const points = num(cell, 'data-points');
        const influence = num(cell, 'data-influence');
        const place = cell.getAttribute('data-place');
        sums[seat] += points;
        const wrong =
          (influence === 0 && (points !== 0 || place !== 'no-influence')) ||
          (place === 'first' && points !== markers) ||
          (place === 'alone' && points !== markers + provinces) ||
          ((place === 'behind' || place === 'second-out-of-reach') && points !== 0) ||
          points > markers + provinces;
        if (wrong)
          out.push(
            `${tribe}, seat ${seat}: ${place}, influence ${influence}, ${points} points (markers ${markers}, provinces ${provinces})`,
          );
      });
    }
    totals.forEach((total, seat) => {
      if (sums[seat] !== total)
        out.push(`seat ${seat}: the tribes give ${sums[seat]}, the total says ${total}`);
    });
    return out;
  });
  if (problems.length > 0)
    throw new Error(`the scoring dialog contradicts its points: ${problems.join('; ')}`);
}
