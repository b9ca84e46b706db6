/** `#/learn`: every lesson by game, with what the player has done (kept in the browser). */
import type { GameKind } from '@attila/core';
import { useT } from '../i18n/i18n.js';
import { href } from '../router.js';
import { LESSONS, lessonKey } from './catalogue.js';
import { useEffect, useState } from 'preact/hooks';
import { PROGRESS_SYNCED } from './account-progress.js';
import { loadProgress } from './progress.js';

const GAMES: readonly GameKind[] = ['knights', 'tribes'];

export function LessonsScreen() {
  const t = useT();
  // Read again when the account's progress has been merged in (signing in while the list is open). The
  // effect runs after the first render, so a merge that landed in between is caught by reading once more.
  const [, setSynced] = useState(0);
  useEffect(() => {
    const again = () => setSynced((n) => n + 1);
    addEventListener(PROGRESS_SYNCED, again);
    again();
    return () => removeEventListener(PROGRESS_SYNCED, again);
  }, []);
  const progress = loadProgress();
  return (
    <main class="page">
      <h1>{t('lessons.title')}</h1>
      <p class="muted">{t('lessons.intro')}</p>
      {GAMES.map((game) => {
        const lessons = LESSONS.filter((l) => l.game === game);
        if (lessons.length === 0) return null;
        const done = lessons.filter((l) => progress.done.includes(l.id)).length;
        return (
          <section key={game} class="card lesson-list" data-testid={`lessons-${game}`}>
            <h2>{t(`games.${game}.name`)}</h2>
            <p class="muted" data-testid="lessons-count">
              {t('lessons.count', { done, total: lessons.length })}
            </p>
            <ol>
              {lessons.map((l) => {
                const isDone = progress.done.includes(l.id);
                const begun = !isDone && l.id in progress.places;
                return (
                  <li key={l.id} data-testid={`lesson-${l.id}`} data-done={isDone ? 'true' : 'false'}>
                    <a href={href({ name: 'lesson', id: l.id })}>{t(lessonKey(l.id, 'title'))}</a>
                    {isDone && <span class="chip lesson-chip done">{t('lessons.done')}</span>}
                    {begun && <span class="chip lesson-chip">{t('lessons.begun')}</span>}
                    <span class="muted lesson-summary">{t(lessonKey(l.id, 'summary'))}</span>
                  </li>
                );
              })}
            </ol>
            {game === 'knights' && (
              <p>
                <a
                  class="button secondary"
                  href={href({ name: 'knightsPuzzles', puzzle: 'next' })}
                  data-testid="lessons-puzzles"
                >
                  {t('home.puzzles')}
                </a>
              </p>
            )}
          </section>
        );
      })}
    </main>
  );
}
