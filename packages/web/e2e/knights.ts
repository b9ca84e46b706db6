/** Driving the Knights board in the browser like a player: click the offered squares. */
import type { Page } from 'playwright-core';

/** Plays one whole turn (a placement, or knight → landing → scorch) by clicking the first offered squares. */
export async function playKnightsTurn(page: Page): Promise<void> {
  for (let click = 0; click < 3; click++) {
    const target = page.locator('.knights-board [data-target="true"]').first();
    if ((await target.count()) === 0) return;
    await target.click();
  }
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
