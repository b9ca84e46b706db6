/**
 * Learn to play (issue 22): every Knights lesson from the home screen, completed by following its hints (the
 * test reads the hint's squares and clicks them), a wrong move in each answered with the rule it breaks,
 * progress kept over a reload, and the "?" of a decision leading to its lesson. Desktop in English, then
 * 390×844 in German.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  newPage,
  a11yViolations,
  shot,
  type ServerProcess,
  withServerAndBrowser,
  PHONE_SIZE,
} from './harness.js';
import {
  clickTribesMove,
  finishLesson,
  followHint,
  followTribesHint,
  playTribesBotGame,
  playTribesBotMoves,
  tryWrongMove,
  waitForLessonTurn,
} from './lessons-play.js';
import { TRIBES_LESSONS } from '../src/lessons/tribes-lessons.js';
import { KNIGHTS_LESSONS } from '../src/lessons/knights-lessons.js';
import { REFUSAL_TEXT } from '../src/lessons/refusals.js';
import de from '../src/i18n/locales/de.json';
import en from '../src/i18n/locales/en.json';

let server: ServerProcess;
let browser: Browser;

withServerAndBrowser((s, b) => ([server, browser] = [s, b]));

type Locale = typeof en;

/** A text of the locale by its dotted key. */
function text(locale: Locale, key: string): string {
  const found = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], locale);
  if (typeof found !== 'string') throw new Error(`no text ${key}`);
  return found;
}

/** What the feedback says for a lesson's first wrong move the engine refuses. */
function refusalShown(locale: Locale, code: string): string {
  return text(locale, 'lessons.refused').replace('{{rule}}', text(locale, REFUSAL_TEXT[code]!));
}

/** Each lesson: a wrong move first (the rule it breaks is shown), then the hints to the end. */
async function playLesson(page: Page, locale: Locale, id: string, size: string): Promise<void> {
  const lesson = KNIGHTS_LESSONS.find((l) => l.id === id)!;
  await page.waitForSelector(`[data-testid="lesson"][data-lesson="${id}"]`);
  const wrong = lesson.wrong.find((w) => w.refusal !== 'missed')!;
  const shown = await tryWrongMove(page, wrong.move);
  expect(shown.code).toBe(wrong.refusal);
  expect(shown.text).toBe(refusalShown(locale, wrong.refusal));
  const missed = lesson.wrong.find((w) => w.refusal === 'missed');
  if (missed) {
    const said = await tryWrongMove(page, missed.move);
    expect(said.code).toBeNull();
    expect(said.text).toBe(text(locale, lesson.tasks[0].missed!));
  }
  await shot(page, `lesson-${size}-${id}-wrong`);
  await finishLesson(page);
  await shot(page, `lesson-${size}-${id}-done`);
}

describe('Learn to play', () => {
  it('home → every lesson by its hints → a game against a bot; a reload keeps the progress', async () => {
    const { context, page } = await newPage(browser, { bypassCSP: true });
    const t0 = Date.now();
    await page.goto(`${server.url}/#/`);
    await page.locator('[data-testid="knights-learn"]').click();
    await page.waitForSelector('[data-testid="lessons-knights"]');
    expect(
      await page.locator('[data-testid="lessons-knights"] [data-testid="lessons-count"]').innerText(),
    ).toBe(en.lessons.count.replace('{{done}}', '0').replace('{{total}}', String(KNIGHTS_LESSONS.length)));
    await shot(page, 'lesson-desktop-list-empty');
    await page.locator(`[data-testid="lesson-${KNIGHTS_LESSONS[0].id}"] a`).click();

    // Halfway through the first lesson, a reload brings the player back to the same task and position.
    await page.waitForSelector('[data-testid="lesson"][data-lesson="knights-move"]');
    await followHint(page);
    expect(await page.getAttribute('[data-testid="lesson"]', 'data-task')).toBe('1');
    const position = await page.getAttribute('.knights-board', 'data-position');
    await page.reload();
    await page.waitForSelector('[data-testid="lesson"][data-task="1"]');
    expect(await page.getAttribute('.knights-board', 'data-position')).toBe(position);
    expect(await page.locator('[data-testid="lesson-task"]').innerText()).toBe(en.lessons.knights.move.task2);
    await page.locator('[data-testid="lesson-restart"]').click();
    await page.waitForSelector('[data-testid="lesson"][data-task="0"]');

    for (const [i, lesson] of KNIGHTS_LESSONS.entries()) {
      await playLesson(page, en, lesson.id, 'desktop');
      if (i + 1 < KNIGHTS_LESSONS.length) await page.locator('[data-testid="next-lesson"]').click();
    }
    expect(await a11yViolations(page)).toEqual([]);
    // The last lesson leads to a real game against a bot.
    await page.locator('[data-testid="play-bot"]').click();
    await page.waitForURL(/#\/lobby\/knights$/);
    const pathMs = Date.now() - t0;
    console.log(`home → ${KNIGHTS_LESSONS.length} lessons → the lobby for a game against bots: ${pathMs} ms`);

    // Done lessons stay done over a reload.
    await page.goto(`${server.url}/#/learn`);
    await page.reload();
    await page.waitForSelector('[data-testid="lessons-knights"]');
    for (const lesson of KNIGHTS_LESSONS) {
      expect(await page.getAttribute(`[data-testid="lesson-${lesson.id}"]`, 'data-done')).toBe('true');
    }
    expect(
      await page.locator('[data-testid="lessons-knights"] [data-testid="lessons-count"]').innerText(),
    ).toBe(en.lessons.count.replace('{{done}}', '6').replace('{{total}}', '6'));
    await shot(page, 'lesson-desktop-list-done');
    await context.close();
  });

  it('the rules page and the "?" of a decision lead to a lesson', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/#/rules/knights`);
    await page.locator('[data-testid="rules-lessons"]').click();
    await page.waitForSelector('[data-testid="lessons-knights"]');
    await page.goto(`${server.url}/#/knights/hotseat`);
    await page.locator('[data-testid="start"]').click();
    const help = page.locator('[data-testid="help-knights.place"]');
    await help.locator('[data-testid="help-toggle"]').click();
    expect(await help.locator('[data-testid="help-lesson"]').innerText()).toBe(en.lessons.learnLink);
    page.once('dialog', (d) => void d.accept()); // leaving a game in progress asks first
    await help.locator('[data-testid="help-lesson"]').click();
    await page.waitForSelector('[data-testid="lesson"][data-lesson="knights-place"]');
    expect(await page.locator('[data-testid="lesson-title"]').innerText()).toBe(
      en.lessons.knights.place.title,
    );
    await context.close();
  });

  it('on a German phone (390×844): two lessons, the rule a wrong move breaks, progress over a reload', async () => {
    const { context, page } = await newPage(browser, {
      ...PHONE_SIZE,
      lang: 'de-DE',
    });
    await page.goto(`${server.url}/#/`);
    await page.locator('[data-testid="knights-learn"]').click();
    await page.waitForSelector('[data-testid="lessons-knights"]');
    expect(await page.locator('h1').innerText()).toBe(de.lessons.title);
    await page.locator('[data-testid="lesson-knights-move"] a').click();
    await playLesson(page, de, 'knights-move', 'phone-de');
    await page.locator('[data-testid="next-lesson"]').click();
    await page.waitForSelector('[data-testid="lesson"][data-lesson="knights-place"]');
    // The task and the board are both on the phone's screen, the page does not scroll sideways.
    const board = (await page.locator('.knights-board').boundingBox())!;
    expect(board.x).toBeGreaterThanOrEqual(0);
    expect(board.x + board.width).toBeLessThanOrEqual(391);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(
      0,
    );
    await playLesson(page, de, 'knights-place', 'phone-de');
    await page.reload();
    await waitForLessonTurn(page);
    await page.goto(`${server.url}/#/learn`);
    await page.waitForSelector('[data-testid="lessons-knights"]');
    expect(await page.getAttribute('[data-testid="lesson-knights-move"]', 'data-done')).toBe('true');
    expect(await page.getAttribute('[data-testid="lesson-knights-place"]', 'data-done')).toBe('true');
    expect(await page.getAttribute('[data-testid="lesson-knights-trap"]', 'data-done')).toBe('false');
    await shot(page, 'lesson-phone-de-list');
    await context.close();
  });

  describe('Tribes lessons', () => {
    /** A Tribes lesson by its hints; at the task of its wrong move, that move first (it is taken back). */
    async function playTribesLesson(page: Page, locale: Locale, id: string, size: string): Promise<void> {
      const lesson = TRIBES_LESSONS.find((l) => l.id === id)!;
      await page.waitForSelector(`[data-testid="lesson"][data-lesson="${id}"]`);
      for (let task = 0; task < lesson.tasks.length; task++) {
        for (const wrong of lesson.wrong.filter((w) => w.task === task)) {
          const seq = await page.getAttribute('.tribes-play', 'data-seq');
          const said = await page.locator('[data-testid="lesson-feedback"]').innerText();
          await clickTribesMove(page, wrong.move);
          const kind = wrong.refusal === 'missed' ? 'missed' : 'refused';
          await page.waitForFunction(
            ([k, old]) => {
              const el = document.querySelector<HTMLElement>('[data-testid="lesson-feedback"]');
              return el?.dataset.kind === k && el.innerText !== old;
            },
            [kind, said],
          );
          const feedback = page.locator('[data-testid="lesson-feedback"]');
          if (wrong.refusal === 'missed') {
            expect(await feedback.innerText()).toBe(text(locale, lesson.tasks[task].missed!));
          } else {
            // The rule the engine names, in the player's language.
            expect(await feedback.getAttribute('data-code')).toBe(wrong.refusal);
            expect(await feedback.innerText()).toBe(refusalShown(locale, wrong.refusal));
          }
          // Taken back: nothing was played.
          expect(await page.getAttribute('.tribes-play', 'data-seq')).toBe(seq);
          await shot(page, `lesson-${size}-${id}-wrong-${kind}`);
        }
        expect(await page.locator('[data-testid="lesson-task"]').innerText()).toBe(
          text(locale, lesson.tasks[task].text),
        );
        await followTribesHint(page);
      }
      await page.waitForSelector('[data-testid="lesson-done"]');
      if (id === 'tribes-conflict' || id === 'tribes-tie') {
        // The other player lays nothing: the reveal, then the 4th century's scoring, each in its dialog.
        await page.waitForSelector('[data-testid="reveal"]');
        await shot(page, `lesson-${size}-${id}-reveal`);
        await page.click('[data-testid="close-reveal"]');
        await page.waitForSelector('[data-testid="scoring"]');
        await shot(page, `lesson-${size}-${id}-scoring`);
        await page.click('[data-testid="close-scoring"]');
      }
      if (id === 'tribes-end') {
        // The final scoring, then the standings: the game is over, won.
        await page.waitForSelector('[data-testid="scoring"]');
        await page.click('[data-testid="close-scoring"]');
        await page.waitForSelector('[data-testid="winner"]');
        await shot(page, `lesson-${size}-${id}-winner`);
        await page.click('[data-testid="close-winner"]');
      }
      await shot(page, `lesson-${size}-${id}-done`);
    }

    it('home → every Tribes lesson by the screen alone → a finished game against the easy bot (desktop, English); progress over a reload', async () => {
      const { context, page } = await newPage(browser, { bypassCSP: true });
      const t0 = Date.now();
      await page.goto(`${server.url}/#/`);
      await page.locator('[data-testid="tribes-learn"]').click();
      await page.locator(`[data-testid="lesson-${TRIBES_LESSONS[0].id}"] a`).click();
      await playTribesLesson(page, en, TRIBES_LESSONS[0].id, 'desktop');
      expect(await a11yViolations(page)).toEqual([]);
      await page.locator('[data-testid="next-lesson"]').click();
      // Halfway through, a reload comes back to the same task.
      await page.waitForSelector(`[data-testid="lesson"][data-lesson="${TRIBES_LESSONS[1].id}"]`);
      await followTribesHint(page);
      await page.reload();
      await page.waitForSelector('[data-testid="lesson"][data-task="1"]');
      await page.locator('[data-testid="lesson-restart"]').click();
      for (const lesson of TRIBES_LESSONS.slice(1)) {
        if (lesson.opponent === 'easy-bot') break;
        await playTribesLesson(page, en, lesson.id, 'desktop');
        await page.locator('[data-testid="next-lesson"]').click();
      }
      const lessonsMs = Date.now() - t0;
      // The last lesson: a whole short game against the real easy bot (in a worker), by the hints.
      const botLesson = TRIBES_LESSONS[TRIBES_LESSONS.length - 1];
      expect(botLesson.opponent).toBe('easy-bot');
      await page.waitForSelector(`[data-testid="lesson"][data-lesson="${botLesson.id}"]`);
      expect(await page.locator('[data-testid="lesson-task"]').innerText()).toBe(en.lessons.tribes.bot.task1);
      const wrong = botLesson.wrong[0];
      await clickTribesMove(page, wrong.move);
      await page.waitForSelector(`[data-testid="lesson-feedback"][data-code="${wrong.refusal}"]`);
      expect(await page.locator('[data-testid="lesson-feedback"]').innerText()).toBe(
        refusalShown(en, wrong.refusal),
      );
      // Halfway through the game a reload goes on from the same position.
      const first = await playTribesBotMoves(page, 3);
      const seq = await page.getAttribute('.tribes-play', 'data-seq');
      await page.reload();
      await page.waitForSelector(`.tribes-play[data-seq="${seq}"]`);
      const game = await playTribesBotGame(page);
      const pathMs = Date.now() - t0;
      console.log(
        `home → ${TRIBES_LESSONS.length - 1} Tribes lessons: ${lessonsMs} ms; → a finished game against the easy bot ` +
          `(${first + game.moves} moves of the player, ${game.dialogs} dialogs closed): ${pathMs} ms in all`,
      );
      await shot(page, 'lesson-desktop-tribes-bot-done');
      expect(await page.getAttribute('[data-testid="lesson-done"]', 'data-won')).toBe('true');
      // The last lesson leads to a real game.
      await page.locator('[data-testid="play-bot"]').click();
      await page.waitForURL(/#\/lobby\/tribes$/);
      await page.goto(`${server.url}/#/learn`);
      await page.reload();
      await page.waitForSelector('[data-testid="lessons-tribes"]');
      for (const l of TRIBES_LESSONS)
        expect(await page.getAttribute(`[data-testid="lesson-${l.id}"]`, 'data-done')).toBe('true');
      await context.close();
    });

    it('the first Tribes lesson and the peace tiles on a German phone (390×844)', async () => {
      const { context, page } = await newPage(browser, {
        ...PHONE_SIZE,
        lang: 'de-DE',
      });
      await page.goto(`${server.url}/#/learn/${TRIBES_LESSONS[0].id}`);
      await playTribesLesson(page, de, TRIBES_LESSONS[0].id, 'phone-de');
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
      ).toBeLessThanOrEqual(0);
      // A peaceful province refuses a marker, said in German; progress survives a reload.
      await page.goto(`${server.url}/#/learn/tribes-peace`);
      await playTribesLesson(page, de, 'tribes-peace', 'phone-de');
      await page.reload();
      await page.goto(`${server.url}/#/learn`);
      await page.waitForSelector('[data-testid="lessons-tribes"]');
      expect(await page.getAttribute('[data-testid="lesson-tribes-peace"]', 'data-done')).toBe('true');
      expect(await page.getAttribute('[data-testid="lesson-tribes-card"]', 'data-done')).toBe('true');
      await context.close();
    });
  });
});
