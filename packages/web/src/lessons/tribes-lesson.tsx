/**
 * A Tribes lesson on the real game screen (`TribesPlay`: the map, the hand, the decision with its "?"), with
 * the task, a hint on request and the verdict on each try above it. The map offers only the provinces the
 * engine allows; the task's text says why the others are not offered. Where the player is survives a reload.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { DEFAULT_MAP, readMove, tribesGame } from '@attila/tribes';
import { useT, type T } from '../i18n/i18n.js';
import { useTribesBotMove } from '../tribes/hotseat-bots.js';
import { TribesPlay } from '../tribes/play.js';
import { nextLesson } from './catalogue.js';
import { everyTribesMove } from './every-province.js';
import { refusalText } from './refusals.js';
import { LessonDone } from './lesson-done.js';
import { currentMe } from '../net/me.js';
import { syncLessonProgress } from './account-progress.js';
import { forgetPlace, loadProgress, markDone, savePlace } from './progress.js';
import type { TribesLesson } from './tribes-lessons.js';
import {
  currentTribesTask,
  opponentToAct,
  PLAYER,
  playOpponentMove,
  TRIBES_LESSON_SEED,
  tribesLessonSettings,
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
  if (m.kind === 'commit' && m.cards.length === 0) return t('lessons.hintCommitNone');
  if (m.kind === 'commit')
    return t('lessons.hintCommit', {
      cards: m.cards.map((c) => t(`tribes.tribe.${c.toLowerCase()}`)).join(', '),
    });
  return t('lessons.hintMove', { move });
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
    if (finished) {
      markDone(lesson.id);
      void syncLessonProgress(currentMe());
    } else savePlace(lesson.id, { task: game.task, moves: game.moves.map((m) => `${m.seat}:${m.move}`) });
  }, [game]);

  const view = useMemo(() => tribesGame.view(game.state, { seat: PLAYER }), [game.state]);
  const legal = finished ? [] : tribesGame.legalMoves(game.state, PLAYER);
  const tryable = useMemo(
    () => (finished ? [] : everyTribesMove(view, PROVINCE_IDS, legal)),
    [view, finished],
  );
  const log = useMemo(() => game.events.map((events, i) => ({ seat: game.moves[i].seat, events })), [game]);
  const againstBot = lesson.opponent === 'easy-bot';
  const settings = useMemo(() => tribesLessonSettings(lesson), [lesson]);
  const plays = game.moves.map((m) => [m.seat, m.move] as const);
  // Against the bot: its answers, and the hint (the greedy bot's choice for the player), from the worker.
  const botSeat = finished ? null : opponentToAct(lesson, game);
  const ask = (bot: string, seat: number) => ({ bot, settings, seed: TRIBES_LESSON_SEED, plays, seat });
  const botMove = useTribesBotMove(botSeat === null ? null : ask('easy', botSeat), (seat, move) => {
    const next = playOpponentMove(lesson, game, seat, move);
    if (next) setGame(next);
  });
  const [botHint, setBotHint] = useState<{ at: number; move: string } | null>(null);
  const askHint = againstBot && hintShown && !finished && botSeat === null;
  useTribesBotMove(askHint ? ask('greedy', PLAYER) : null, (_, move) =>
    setBotHint({ at: game.moves.length, move }),
  );
  const hint =
    !hintShown || finished
      ? null
      : againstBot
        ? botHint?.at === game.moves.length
          ? botHint.move
          : null
        : tribesHintMove(lesson, game);

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
              {task.untilOver
                ? t('lessons.taskLast')
                : t('lessons.task', { n: game.task + 1, total: lesson.tasks.length })}
            </h2>
            <p data-testid="lesson-task">{t(task.text)}</p>
            {botSeat !== null && (
              <p class="muted" data-testid="bot-thinking">
                {botMove.error ?? t('lessons.botThinking')}
              </p>
            )}
            {hint ? (
              <p class="lesson-hint" data-testid="lesson-hint" data-move={hint}>
                {hintSentence(t, hint)}
              </p>
            ) : hintShown && botSeat === null ? (
              <p class="muted">{t('lessons.hintThinking')}</p>
            ) : (
              <button
                class="secondary small"
                data-testid="show-hint"
                disabled={botSeat !== null}
                onClick={() => setHintShown(true)}
              >
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
        names={[t('lessons.you'), againstBot ? t('lessons.botName') : t('lessons.scripted')]}
        log={log}
        seq={game.moves.length}
      />
    </div>
  );
}
