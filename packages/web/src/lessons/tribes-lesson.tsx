/**
 * A Tribes lesson on the real game screen (`TribesPlay`: the map, the hand, the decision with its "?"), with
 * the task, a hint on request and the verdict on each try above it. The map offers only the provinces the
 * engine allows; the task's text says why the others are not offered. Where the player is survives a reload.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { DEFAULT_MAP, readMove, tribesGame } from '@attila/tribes';
import { useT, type T } from '../i18n/i18n.js';
import { TribesPlay } from '../tribes/play.js';
import { nextLesson } from './catalogue.js';
import { everyTribesMove } from './every-province.js';
import { refusalText } from './refusals.js';
import { LessonDone } from './lesson-done.js';
import { forgetPlace, loadProgress, markDone, savePlace } from './progress.js';
import type { TribesLesson } from './tribes-lessons.js';
import {
  currentTribesTask,
  PLAYER,
  playTribesLessonMove,
  replayTribesLesson,
  startTribesLesson,
  tribesHintMove,
  type TribesLessonGame,
} from './tribes-lesson-play.js';

type Feedback =
  | { readonly kind: 'refused'; readonly code: string }
  | { readonly kind: 'missed'; readonly text: string }
  | { readonly kind: 'good' };

const PROVINCE_NAMES = new Map(DEFAULT_MAP.json.provinces.map((p) => [p.id, p.name]));
const PROVINCE_IDS = DEFAULT_MAP.json.provinces.map((p) => p.id);

function hintSentence(t: T, move: string): string {
  const read = readMove(move);
  if (!read.ok) return move;
  const m = read.value;
  const province = (id: string) => PROVINCE_NAMES.get(id) ?? id;
  if (m.kind === 'play')
    return t('lessons.hintPlay', {
      tribe: t(`tribes.tribe.${m.tribe.toLowerCase()}`),
      province: province(m.province),
    });
  if (m.kind === 'second') return t('lessons.hintSecond', { province: province(m.province) });
  if (m.kind === 'influence') return t('lessons.hintInfluence');
  return move;
}

/** Stored moves are `seat:move`, as in a game record. */
function resumed(lesson: TribesLesson): TribesLessonGame | null {
  const place = loadProgress().places[lesson.id];
  if (!place) return null;
  const moves = place.moves.map((text) => {
    const colon = text.indexOf(':');
    return { seat: Number(text.slice(0, colon)), move: text.slice(colon + 1) };
  });
  if (moves.some((m) => !Number.isInteger(m.seat))) return null;
  return replayTribesLesson(lesson, place.task, moves);
}

export function TribesLessonView({ lesson }: { lesson: TribesLesson }) {
  const t = useT();
  const [game, setGame] = useState<TribesLessonGame>(() => resumed(lesson) ?? startTribesLesson(lesson));
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [hintShown, setHintShown] = useState(false);
  const task = currentTribesTask(lesson, game);
  const finished = task === null;
  const next = nextLesson(lesson.id);
  useEffect(() => {
    if (finished) markDone(lesson.id);
    else savePlace(lesson.id, { task: game.task, moves: game.moves.map((m) => `${m.seat}:${m.move}`) });
  }, [game]);

  const view = useMemo(() => tribesGame.view(game.state, { seat: PLAYER }), [game.state]);
  const legal = finished ? [] : tribesGame.legalMoves(game.state, PLAYER);
  const tryable = useMemo(() => (finished ? [] : everyTribesMove(view, PROVINCE_IDS)), [view, finished]);
  const log = useMemo(() => game.events.map((events, i) => ({ seat: game.moves[i].seat, events })), [game]);
  const hint = hintShown && !finished ? tribesHintMove(lesson, game) : null;

  const onMove = (move: string) => {
    const out = playTribesLessonMove(lesson, game, move);
    if (out.kind === 'refused') return setFeedback({ kind: 'refused', code: out.code });
    if (out.kind === 'missed') return setFeedback({ kind: 'missed', text: task?.missed ?? 'lessons.missed' });
    setHintShown(false);
    setFeedback({ kind: 'good' });
    setGame(out.game);
  };
  const restart = () => {
    forgetPlace(lesson.id);
    setGame(startTribesLesson(lesson));
    setFeedback(null);
    setHintShown(false);
  };

  const feedbackText =
    feedback === null
      ? ''
      : feedback.kind === 'refused'
        ? t('lessons.refused', { rule: t(refusalText(feedback.code)) })
        : feedback.kind === 'missed'
          ? t(feedback.text)
          : t('lessons.good');
  return (
    <div class="lesson tribes-lesson" data-testid="lesson" data-lesson={lesson.id} data-task={game.task}>
      <div class="card lesson-card">
        {task && (
          <>
            <h2 class="lesson-step" data-testid="lesson-step">
              {t('lessons.task', { n: game.task + 1, total: lesson.tasks.length })}
            </h2>
            <p data-testid="lesson-task">{t(task.text)}</p>
            {hint ? (
              <p class="lesson-hint" data-testid="lesson-hint" data-move={hint}>
                {hintSentence(t, hint)}
              </p>
            ) : (
              <button class="secondary small" data-testid="show-hint" onClick={() => setHintShown(true)}>
                {t('lessons.showHint')}
              </button>
            )}
          </>
        )}
        <p
          class={`lesson-feedback ${feedback?.kind ?? ''}`}
          role="status"
          data-testid="lesson-feedback"
          data-kind={feedback?.kind ?? ''}
          data-code={feedback?.kind === 'refused' ? feedback.code : undefined}
        >
          {feedbackText}
        </p>
        {finished ? (
          <LessonDone won={true} game="tribes" next={next ? next.id : null} onRestart={restart} />
        ) : (
          <button class="secondary small" data-testid="lesson-restart" onClick={restart}>
            {t('lessons.restart')}
          </button>
        )}
      </div>
      <TribesPlay
        view={view}
        legal={legal}
        tryable={tryable}
        onMove={onMove}
        names={[t('lessons.you'), t('lessons.scripted')]}
        log={log}
        seq={game.moves.length}
      />
    </div>
  );
}
