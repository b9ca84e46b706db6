/** `#/learn/:id`: one lesson, by its game. */
import { useT } from '../i18n/i18n.js';
import { href } from '../router.js';
import { lessonKey } from './catalogue.js';
import { KnightsLessonView } from './knights-lesson.js';
import { knightsLesson } from './knights-lessons.js';
import { TribesLessonView } from './tribes-lesson.js';
import { tribesLesson } from './tribes-lessons.js';

export function LessonScreen({ id }: { id: string }) {
  const t = useT();
  const knights = knightsLesson(id);
  const tribes = tribesLesson(id);
  const game = knights ? 'knights' : 'tribes';
  if (!knights && !tribes) {
    return (
      <main class="page">
        <h1>{t('lessons.unknown')}</h1>
        <a class="button" href={href({ name: 'lessons' })}>
          {t('lessons.all')}
        </a>
      </main>
    );
  }
  return (
    <main class={tribes ? 'page wide' : 'page'}>
      <p class="muted">
        <a href={href({ name: 'lessons' })}>{t('lessons.title')}</a> · {t(`games.${game}.name`)}
      </p>
      <h1 data-testid="lesson-title">{t(lessonKey(id, 'title'))}</h1>
      <p class="lesson-intro">{t(lessonKey(id, 'intro'))}</p>
      {knights && <KnightsLessonView lesson={knights} />}
      {tribes && <TribesLessonView lesson={tribes} />}
    </main>
  );
}
