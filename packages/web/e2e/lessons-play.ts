/** Driving a lesson in the browser as a player does: read the hint, click its squares, try a wrong move. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Clicks the squares a move names, in order (a placement's square; a turn's knight, landing and scorch). */
export async function clickMove(page: Page, squares: readonly string[]): Promise<void> {
  for (const sq of squares) await page.locator(`.knights-board [data-square="${sq}"]`).click({ delay: 60 });
}

/** The squares of a move in notation (`d4`, `b2-c4,e2`). */
export function squaresOf(move: string): string[] {
  return move.split(/[-,]/);
}

/** Waits until the lesson takes the next move (the answer has come) or is over. */
export async function waitForLessonTurn(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="show-hint"]:not([disabled]), [data-testid="lesson-done"]', {
    timeout: 30_000,
  });
}

/** Shows the hint, reads its squares from the text (in whatever language) and plays them. */
export async function followHint(page: Page): Promise<string[]> {
  await page.locator('[data-testid="show-hint"]').click();
  const text = await page.locator('[data-testid="lesson-hint"]').innerText();
  const squares = [...text.matchAll(/\b[a-e][1-4]\b/g)].map((m) => m[0]);
  expect([1, 3], `the hint "${text}" names a placement or a turn`).toContain(squares.length);
  await clickMove(page, squares);
  await waitForLessonTurn(page);
  return squares;
}

/** Follows hints until the lesson is done; the number of moves it took. */
export async function finishLesson(page: Page): Promise<number> {
  let moves = 0;
  while ((await page.locator('[data-testid="lesson-done"]').count()) === 0) {
    expect(moves, 'a lesson ends within 30 moves').toBeLessThan(30);
    await followHint(page);
    moves++;
  }
  expect(await page.getAttribute('[data-testid="lesson-done"]', 'data-won')).toBe('true');
  return moves;
}

/** Plays a wrong move; the feedback's text and the refusal code it shows. */
export async function tryWrongMove(page: Page, move: string): Promise<{ text: string; code: string | null }> {
  const before = await page.getAttribute('.knights-board', 'data-position');
  const feedback = page.locator('[data-testid="lesson-feedback"]');
  const said = await feedback.innerText();
  await clickMove(page, squaresOf(move));
  // Wrong moves follow each other: wait for this one's answer, not the last one's.
  await page.waitForFunction((old) => {
    const el = document.querySelector<HTMLElement>('[data-testid="lesson-feedback"]');
    return !!el && /^(refused|missed)$/.test(el.dataset.kind ?? '') && el.innerText !== old;
  }, said);
  // A wrong move changes nothing on the board.
  expect(await page.getAttribute('.knights-board', 'data-position')).toBe(before);
  return { text: await feedback.innerText(), code: await feedback.getAttribute('data-code') };
}

/** Makes a Tribes move on the game screen as a player does: a card then a province, influence, a second marker. */
export async function clickTribesMove(page: Page, move: string): Promise<void> {
  const [kind, a, b] = move.split(' ');
  const province = (id: string) => page.locator(`[data-testid="tribes-map"] [data-province="${id}"]`).click();
  if (kind === 'play') {
    await page.locator(`[data-testid="card-${a.toLowerCase()}"]:not([disabled])`).first().click();
    await province(b);
  } else if (kind === 'second') {
    await page.locator('[data-testid="second-marker"]').click();
    await province(a);
  } else if (kind === 'influence') await page.locator('[data-testid="take-influence"]').click();
  else if (kind === 'tile' && a === 'influence') {
    await page.locator('[data-testid="tile-influence"]').click();
    await page.locator(`[data-testid="two-influence-${b}"]`).click();
  } else if (kind === 'tile' && a === 'trade') {
    await page.locator('[data-testid="tile-trade"]').click();
    for (const tribe of b.split(','))
      await page.locator(`[data-testid="trade"] [data-testid="more-${tribe.toLowerCase()}"]`).click();
    await page.locator('[data-testid="trade-confirm"]').click();
  } else if (kind === 'tile' && a === 'double') await page.locator('[data-testid="tile-double"]').click();
  else if (kind === 'discard') await page.locator(`[data-testid="discard-${a.toLowerCase()}"]`).click();
  else if (kind === 'commit') {
    // `commit -` lays nothing: no counter is raised.
    for (const tribe of a === '-' ? [] : a.split(','))
      await page.locator(`[data-testid="more-${tribe.toLowerCase()}"]`).click();
    await page.locator('[data-testid="commit"]').click();
  } else throw new Error(`the lesson test does not make ${move}`);
}

/** Shows the Tribes hint, reads the move it names (data-move) and makes it on the screen. */
export async function followTribesHint(page: Page): Promise<string> {
  const task = await page.getAttribute('[data-testid="lesson"]', 'data-task');
  await page.locator('[data-testid="show-hint"]').click();
  const move = (await page.getAttribute('[data-testid="lesson-hint"]', 'data-move'))!;
  await clickTribesMove(page, move);
  await page.waitForFunction((before) => {
    const el = document.querySelector('[data-testid="lesson"]');
    return (
      el?.getAttribute('data-task') !== before || !!document.querySelector('[data-testid="lesson-done"]')
    );
  }, task);
  return move;
}

/** Closes the dialogs a Tribes game shows (a conflict's reveal, a scoring, the final standings), as a player does. */
async function closeTribesDialogs(page: Page): Promise<number> {
  let closed = 0;
  for (;;) {
    const open = page.locator(
      '[data-testid="close-reveal"], [data-testid="close-scoring"], [data-testid="close-winner"]',
    );
    if ((await open.count()) === 0) return closed;
    await open.first().click();
    closed++;
  }
}

/**
 * A whole game against the bot in a lesson, by the screen alone: close each dialog, wait while the bot thinks,
 * ask for the hint and make the move it names, until the lesson says it is done. The player's moves.
 */
export async function playTribesBotGame(
  page: Page,
  stopAfter = Infinity,
): Promise<{ moves: number; dialogs: number }> {
  let moves = 0;
  let dialogs = 0;
  for (;;) {
    await page.waitForSelector(
      [
        '[data-testid="close-reveal"]',
        '[data-testid="close-scoring"]',
        '[data-testid="close-winner"]',
        '[data-testid="show-hint"]:not([disabled])',
        '[data-testid="lesson-done"]',
      ].join(', '),
      { timeout: 60_000 },
    );
    dialogs += await closeTribesDialogs(page);
    if ((await page.locator('[data-testid="lesson-done"]').count()) > 0) {
      dialogs += await closeTribesDialogs(page);
      return { moves, dialogs };
    }
    if ((await page.locator('[data-testid="show-hint"]:not([disabled])').count()) === 0) continue;
    if (moves === stopAfter) return { moves, dialogs };
    expect(moves++, "the short game ends within 100 of the player's moves").toBeLessThan(100);
    const seq = await page.getAttribute('.tribes-play', 'data-seq');
    await page.locator('[data-testid="show-hint"]').click();
    const hint = page.locator('[data-testid="lesson-hint"]');
    await hint.waitFor({ timeout: 60_000 });
    await clickTribesMove(page, (await hint.getAttribute('data-move'))!);
    await page.waitForFunction(
      (before) => document.querySelector('.tribes-play')?.getAttribute('data-seq') !== before,
      seq,
    );
  }
}

/** The first `n` of the player's moves in a game against the bot (see playTribesBotGame). */
export async function playTribesBotMoves(page: Page, n: number): Promise<number> {
  return (await playTribesBotGame(page, n)).moves;
}
