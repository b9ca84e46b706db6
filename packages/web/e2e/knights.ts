/** Driving the Knights board in the browser like a player: click the offered squares. */
import type { Page } from 'playwright-core';

/**
 * Plays one whole turn (a placement, or knight → landing → scorch) by clicking the first offered squares.
 * After each click it waits for the board to take it (the stage or the position moves on, or the board locks
 * while the move is pending): reading the targets before that raced the move outbox's lock and the server's ack.
 */
export async function playKnightsTurn(page: Page): Promise<void> {
  const before = await page.getAttribute('.knights-board', 'data-position');
  for (let click = 0; click < 3; click++) {
    const target = page.locator('.knights-board [data-target="true"]').first();
    if ((await target.count()) === 0) return;
    const stage = await page.getAttribute('.knights-board', 'data-stage');
    // Held for a moment, as a person clicks (the board must not mistake it for a drag).
    await target.click({ delay: 80 });
    await page.waitForFunction(
      ([position, stageBefore]) => {
        const board = document.querySelector('.knights-board');
        if (!board) return true;
        return (
          board.getAttribute('data-position') !== position ||
          board.getAttribute('data-stage') !== stageBefore ||
          !board.querySelector('[data-target="true"]')
        );
      },
      [before, stage],
    );
    // A placement or a scorch ends the turn (the stage is back to idle); on one device the next player's
    // targets then appear at once: one turn only.
    if ((await page.getAttribute('.knights-board', 'data-stage')) === 'idle') return;
  }
}

/** Enters a turn by dragging a knight to its landing square, then clicking the square to scorch. */
export async function dragKnightsTurn(page: Page): Promise<void> {
  const knight = page.locator('.knights-board [data-target="true"]').first();
  const from = await knight.getAttribute('data-square');
  await knight.click({ delay: 80 });
  const landing = await page
    .locator('.knights-board [data-target="true"]')
    .first()
    .getAttribute('data-square');
  await page.locator(`[data-square="${from}"]`).click({ delay: 80 }); // put it back down
  const a = (await page.locator(`[data-square="${from}"] rect`).first().boundingBox())!;
  const b = (await page.locator(`[data-square="${landing}"] rect`).first().boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
  await page.waitForSelector('.knights-board .scorch-dot');
  await page.locator('.knights-board [data-target="true"]').first().click({ delay: 80 });
}

/** Waits until it is this page's turn (targets offered) or the game is over; true when it is over. */
export async function waitForTurnOrEnd(page: Page, timeoutMs = 30_000): Promise<boolean> {
  await page.waitForSelector('.knights-board [data-target="true"], [data-testid="winner"]', {
    timeout: timeoutMs,
  });
  return (await page.locator('[data-testid="winner"]').count()) > 0;
}

/** The time from the click that completes a move until the board shows the server's new position. */
export async function timedFinalClick(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const card = document.querySelector('.board-card[data-seq]') as HTMLElement;
        const before = card.dataset.seq;
        const target = document.querySelector('.knights-board [data-target="true"]') as SVGGElement;
        const t0 = performance.now();
        const obs = new MutationObserver(() => {
          if (card.dataset.seq !== before) {
            obs.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - t0));
          }
        });
        obs.observe(card, { attributes: true });
        target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      }),
  );
}
