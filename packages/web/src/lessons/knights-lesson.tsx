/**
 * A Knights lesson on the real board: the task, a hint on request, and after each try the engine's verdict
 * in the player's words (the rule a refused move breaks, why an allowed move misses the task, or the
 * opponent's answer). Where the player is survives a reload (progress.ts).
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { knightsGame, readMove, type KnightsState } from '@attila/knights';
import { useT, type T } from '../i18n/i18n.js';
import { KnightsBoard } from '../knights/board.js';
import { KnightsHint, KnightsStatus, SideChip } from '../knights/panel.js';
import { stageHint, type Stage } from '../knights/selection.js';
import { everySquareMoves } from './every-square.js';
import type { KnightsLesson } from './knights-lessons.js';
import { nextLesson } from './catalogue.js';
import {
  currentTask,
  hintMove,
  playLessonMove,
  seatOf,
  startLesson,
  winnerOf,
  type LessonGame,
} from './knights-lesson-play.js';
import { refusalText } from './refusals.js';
import { currentMe } from '../net/me.js';
import { syncLessonProgress } from './account-progress.js';
import { forgetPlace, loadProgress, markDone, savePlace } from './progress.js';
import { LessonDone } from './lesson-done.js';

/** How long the player's own move stays on the board before the answer is shown. */
const ANSWER_DELAY_MS = 700;

type Feedback =
  | { readonly kind: 'refused'; readonly code: string }
  | { readonly kind: 'missed'; readonly text: string }
  | { readonly kind: 'answer'; readonly move: string }
  | { readonly kind: 'good' };

/** A move as a sentence ("The Huns moved a knight from e4 to c3 and scorched e3."). */
export function moveSentence(t: T, side: 'R' | 'H', move: string): string {
  const m = readMove(move);
  if (!m) return move;
  const who = t(`sides.${side}`);
  return m.kind === 'place'
    ? t('knights.announce.placed', { side: who, to: m.to })
    : t('knights.announce.moved', { side: who, from: m.from, to: m.to, scorch: m.scorch });
}

/** What the hint tells the player to do, in squares the e2e test (and a person) can follow. */
function hintSentence(t: T, move: string): string {
  const m = readMove(move);
  if (!m) return move;
  return m.kind === 'place'
    ? t('lessons.hintPlace', { square: m.to })
    : t('lessons.hintTurn', { from: m.from, to: m.to, scorch: m.scorch });
}

/** The lesson game stored for this lesson, replayed through the engine (null if there is none or it fails). */
function resumed(lesson: KnightsLesson): LessonGame | null {
  const place = loadProgress().places[lesson.id];
  if (!place) return null;
  const start = startLesson(lesson);
  let state: KnightsState = start.state;
  for (const move of place.moves) {
    const played = knightsGame.play(state, state.position.side, move);
    if (!played.ok) return null;
    state = played.value.state;
  }
  if (place.task > lesson.tasks.length) return null;
  return { ...start, state, task: place.task, moves: place.moves };
}

export function KnightsLessonView({ lesson }: { lesson: KnightsLesson }) {
  const t = useT();
  const [game, setGame] = useState<LessonGame>(() => resumed(lesson) ?? startLesson(lesson));
  // While the answer is pending: the position after the player's own move.
  const [shownState, setShownState] = useState<KnightsState | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [hintShown, setHintShown] = useState(false);
  const [stage, setStage] = useState<Stage>('idle');
  const state = shownState ?? game.state;
  const view = useMemo(() => knightsGame.view(state, 'spectator'), [state]);
  const task = currentTask(lesson, game);
  const winner = winnerOf(game.state);
  const finished = task === null;
  const won = finished && (winner === null || winner === game.player);
  const next = nextLesson(lesson.id);

  useEffect(() => {
    if (finished && won) {
      markDone(lesson.id);
      void syncLessonProgress(currentMe());
    } else savePlace(lesson.id, { task: game.task, moves: game.moves });
  }, [game]);

  const hint = useMemo(
    () => (hintShown && !finished ? hintMove(lesson, game) : null),
    [hintShown, game, finished],
  );
  const offered = shownState || finished ? [] : everySquareMoves(view.position, view.phase);

  const onMove = (move: string) => {
    const out = playLessonMove(lesson, game, move);
    if (out.kind === 'refused') return setFeedback({ kind: 'refused', code: out.code });
    if (out.kind === 'missed') return setFeedback({ kind: 'missed', text: task?.missed ?? 'lessons.missed' });
    setHintShown(false);
    if (out.answer === null) {
      setFeedback({ kind: 'good' });
      return setGame(out.game);
    }
    const mine = knightsGame.play(game.state, seatOf(game.player), move);
    if (mine.ok) setShownState(mine.value.state);
    setFeedback({ kind: 'good' });
    const answer = out.answer;
    setTimeout(() => {
      setShownState(null);
      setGame(out.game);
      setFeedback({ kind: 'answer', move: answer });
    }, ANSWER_DELAY_MS);
  };

  const restart = () => {
    forgetPlace(lesson.id);
    setGame(startLesson(lesson));
    setFeedback(null);
    setHintShown(false);
  };

  const opponent = game.player === 'R' ? 'H' : 'R';
  return (
    <div class="play lesson" data-testid="lesson" data-lesson={lesson.id} data-task={game.task}>
      <div class="card board-card">
        <KnightsBoard
          position={view.position}
          legalMoves={offered}
          lastMove={view.lastMove}
          tiles={view.layout.tiles}
          onStage={setStage}
          onMove={onMove}
        />
      </div>
      <aside class="side-panel">
        <div class="card lesson-card">
          <p class="row">
            {t('knights.youPlay')} <SideChip side={game.player} />
          </p>
          {task && (
            <>
              <h2 class="lesson-step" data-testid="lesson-step">
                {task.untilOver
                  ? t('lessons.taskLast')
                  : t('lessons.task', { n: game.task + 1, total: lesson.tasks.length })}
              </h2>
              <p data-testid="lesson-task">{t(task.text)}</p>
              {shownState ? (
                <p class="muted">{t('lessons.waiting', { side: t(`sides.${opponent}`) })}</p>
              ) : (
                <KnightsHint hint={view.phase === 'placement' ? 'knights.hint.place' : stageHint(stage)} />
              )}
              {hint ? (
                <p class="lesson-hint" data-testid="lesson-hint">
                  {hintSentence(t, hint)}
                </p>
              ) : (
                <button
                  class="secondary small"
                  data-testid="show-hint"
                  disabled={shownState !== null}
                  onClick={() => setHintShown(true)}
                >
                  {t('lessons.showHint')}
                </button>
              )}
            </>
          )}
          <FeedbackLine feedback={feedback} opponent={opponent} />
          {finished && !won && <KnightsStatus winner={winner} toMove={view.sideToMove} />}
          {finished && (
            <LessonDone won={won} game="knights" next={next ? next.id : null} onRestart={restart} />
          )}
          {!finished && (
            <button class="secondary small" data-testid="lesson-restart" onClick={restart}>
              {t('lessons.restart')}
            </button>
          )}
        </div>
      </aside>
    </div>
  );
}

function FeedbackLine({ feedback, opponent }: { feedback: Feedback | null; opponent: 'R' | 'H' }) {
  const t = useT();
  const text =
    feedback === null
      ? ''
      : feedback.kind === 'refused'
        ? t('lessons.refused', { rule: t(refusalText(feedback.code)) })
        : feedback.kind === 'missed'
          ? t(feedback.text)
          : feedback.kind === 'good'
            ? t('lessons.good')
            : moveSentence(t, opponent, feedback.move);
  return (
    <p
      class={`lesson-feedback ${feedback?.kind ?? ''}`}
      role="status"
      data-testid="lesson-feedback"
      data-kind={feedback?.kind ?? ''}
      data-code={feedback?.kind === 'refused' ? feedback.code : undefined}
    >
      {text}
    </p>
  );
}
