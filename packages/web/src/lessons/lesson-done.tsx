/** The end of a lesson: done (with the next lesson), or lost (start again). */
import type { GameKind } from '@attila/core';
import { useT } from '../i18n/i18n.js';
import { href } from '../router.js';
import { lessonKey } from './catalogue.js';

export function LessonDone(props: {
  won: boolean;
  game: GameKind;
  next: string | null;
  onRestart: () => void;
}) {
  const t = useT();
  return (
    <div class="lesson-done" data-testid="lesson-done" data-won={props.won ? 'true' : 'false'}>
      <p class="lesson-done-title">{props.won ? t('lessons.complete') : t('lessons.lost')}</p>
      <div class="row">
        {props.won && props.next && (
          <a class="button" data-testid="next-lesson" href={href({ name: 'lesson', id: props.next })}>
            {t('lessons.next', { title: t(lessonKey(props.next, 'title')) })}
          </a>
        )}
        {props.won && !props.next && (
          <a class="button" data-testid="play-bot" href={href({ name: 'lobby', game: props.game })}>
            {t('lessons.playBot')}
          </a>
        )}
        <button class={props.won ? 'secondary' : ''} data-testid="lesson-again" onClick={props.onRestart}>
          {t('lessons.again')}
        </button>
        <a class="button secondary" href={href({ name: 'lessons' })} data-testid="all-lessons">
          {t('lessons.all')}
        </a>
      </div>
    </div>
  );
}
