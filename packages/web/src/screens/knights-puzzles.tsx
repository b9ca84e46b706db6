/**
 * `#/knights/puzzles`: Knights puzzles. The player plays the winning side; the site answers each right move
 * with the defence of the puzzle's line (the strongest-delaying one) and follows the line through any
 * symmetry the player's moves take (PuzzleRun). A wrong move ends the attempt: the solver's line from the
 * position it leaves shows why it fails. The server judges the moves again and rates an account's first
 * attempt (Glicko-2 between player and puzzle); a guest solves without a rating.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { PuzzleRun } from '@attila/bots/knights-puzzles';
import { moveToString, SIDE_LETTERS } from '@attila/knights';
import type { PuzzleAttemptResponse, PuzzleResponse } from '@attila/protocol';
import { errorText } from '../ui/error-text.js';
import { useT } from '../i18n/i18n.js';
import { useAnalysis } from '../knights/analysis.js';
import { KnightsBoard } from '../knights/board.js';
import { fetchPuzzle, sendAttempt, type PuzzleWhich } from '../knights/puzzle-api.js';
import { useOwnAddress } from '../own-address.js';
import { href } from '../router.js';

type Phase =
  | { readonly kind: 'playing' }
  | { readonly kind: 'solved' }
  /** `position`: the board after the wrong move, whose best line (the opponent's win) is the refutation. */
  | { readonly kind: 'failed'; readonly move: string; readonly position: string };

interface Attempt {
  readonly run: PuzzleRun;
  readonly board: string;
  readonly lastMove: string | null;
  /** The player's moves, as the server is sent them. */
  readonly moves: readonly string[];
  readonly phase: Phase;
}

const start = (r: PuzzleResponse): Attempt => {
  const run = new PuzzleRun({ ...r.puzzle, plies: r.puzzle.plies as 3, source: '' });
  return { run, board: run.position.toString(), lastMove: null, moves: [], phase: { kind: 'playing' } };
};

export function KnightsPuzzlesScreen(props: { puzzle: PuzzleWhich }) {
  const t = useT();
  const [loaded, setLoaded] = useState<PuzzleResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [verdict, setVerdict] = useState<PuzzleAttemptResponse | null>(null);
  const [after, setAfter] = useState<string | null>(null);

  const rewriteAddress = useOwnAddress();
  const load = (which: PuzzleWhich, previous: string | null) => {
    setError(null);
    setVerdict(null);
    void fetchPuzzle(which, previous).then((r) => {
      if (!r.ok) return setError(errorText(t, r.error));
      setLoaded(r.value);
      setAttempt(start(r.value));
      // The address names what is shown, so a reload shows it again (without a new screen).
      if (which === 'next') {
        rewriteAddress({ name: 'knightsPuzzles', puzzle: { id: r.value.puzzle.id } });
      }
    });
  };
  useEffect(() => load(props.puzzle, null), []);

  const failedAt = attempt?.phase.kind === 'failed' ? attempt.phase.position : null;
  const refutation = useAnalysis(failedAt, true);
  const legalMoves = useMemo(
    () => (attempt && attempt.phase.kind === 'playing' ? attempt.run.position.legalMoves() : []),
    [attempt],
  );

  const finish = (a: Attempt) => {
    setAttempt(a);
    if (loaded) void sendAttempt(loaded.puzzle.id, a.moves).then((r) => r.ok && setVerdict(r.value));
  };
  const onMove = (text: string) => {
    if (!attempt || attempt.phase.kind !== 'playing') return;
    const { run } = attempt;
    const code = run.position.parseMove(text);
    if (!code.ok) return;
    const moves = [...attempt.moves, text];
    const before = run.position;
    const step = run.play(code.value);
    if (step.kind === 'wrong') {
      const position = before.playCode(code.value).toString();
      finish({
        ...attempt,
        board: position,
        lastMove: text,
        moves,
        phase: { kind: 'failed', move: text, position },
      });
    } else if (step.reply === null) {
      finish({
        ...attempt,
        board: run.position.toString(),
        lastMove: text,
        moves,
        phase: { kind: 'solved' },
      });
    } else {
      const reply = moveToString(run.position.layout, step.reply);
      setAttempt({ ...attempt, board: run.position.toString(), lastMove: reply, moves });
    }
  };

  if (error) {
    return (
      <main class="page">
        <h1>{t('puzzles.title')}</h1>
        <p class="error" role="alert" data-testid="puzzle-error">
          {t('puzzles.loadError', { message: error })}
        </p>
        <button data-testid="puzzle-retry" onClick={() => load(props.puzzle, null)}>
          {t('common.tryAgain')}
        </button>
      </main>
    );
  }
  if (!loaded || !attempt) {
    return (
      <main class="page">
        <h1>{t('puzzles.title')}</h1>
        <p aria-live="polite">{t('puzzles.loading')}</p>
      </main>
    );
  }
  const { puzzle, player, daily } = loaded;
  const side = t(`sides.${SIDE_LETTERS[attempt.run.position.side]}`);
  const phase = attempt.phase;
  const next = () => {
    setAfter(puzzle.id);
    load('next', puzzle.id);
  };
  const rating = verdict?.player ?? player;
  return (
    <main class="page puzzles" data-testid="puzzle" data-puzzle={puzzle.id} data-after={after ?? ''}>
      <h1>{daily ? t('puzzles.dailyOn', { date: daily }) : t('puzzles.title')}</h1>
      <div class="play">
        <div class="card board-card" data-testid="puzzle-board" data-position={attempt.board}>
          <KnightsBoard
            position={attempt.board}
            legalMoves={legalMoves}
            lastMove={attempt.lastMove}
            onMove={onMove}
          />
        </div>
        <aside class="side-panel">
          <div class="card">
            <p class="small muted" data-testid="puzzle-id">
              {t('puzzles.id', { id: puzzle.id })} · {t('puzzles.theme', { plies: puzzle.plies })} ·{' '}
              {t('puzzles.puzzleRating', { rating: puzzle.rating })}
            </p>
            <p data-testid="player-rating" data-rating={rating ? String(rating.rating) : ''}>
              {!loaded.account
                ? t('puzzles.guest')
                : rating
                  ? t('puzzles.yourRating', { rating: rating.rating })
                  : t('puzzles.noRatingYet')}
            </p>
            <div aria-live="polite" data-testid="puzzle-status" data-phase={phase.kind}>
              {phase.kind === 'playing' && (
                <p>
                  {attempt.moves.length === 0
                    ? t('puzzles.find', { side })
                    : t('puzzles.good', { move: attempt.lastMove ?? '' })}
                </p>
              )}
              {phase.kind === 'solved' && <p class="success">{t('puzzles.solved')}</p>}
              {phase.kind === 'failed' && (
                <>
                  <p class="error">{t('puzzles.wrong', { move: phase.move })}</p>
                  <p>
                    {t('puzzles.refutation')}{' '}
                    <code data-testid="refutation">
                      {refutation.position === phase.position && refutation.line
                        ? refutation.line.join(' ')
                        : t('puzzles.thinking')}
                    </code>
                  </p>
                </>
              )}
              {verdict && (
                <p data-testid="puzzle-verdict" data-change={String(verdict.change)}>
                  {verdict.rated && verdict.player
                    ? t('puzzles.change', {
                        rating: verdict.player.rating,
                        change: verdict.change > 0 ? `+${verdict.change}` : String(verdict.change),
                      })
                    : verdict.player
                      ? t('puzzles.notRatedAgain')
                      : t('puzzles.notRated')}
                </p>
              )}
            </div>
            {phase.kind !== 'playing' && (
              <div class="row">
                <button data-testid="puzzle-next" onClick={next}>
                  {t('puzzles.next')}
                </button>
                <a
                  class="button secondary"
                  data-testid="puzzle-analysis"
                  href={href({ name: 'knightsAnalysis', position: puzzle.position })}
                >
                  {t('puzzles.openAnalysis')}
                </a>
              </div>
            )}
          </div>
          <div class="card row">
            <button
              class="small secondary"
              data-testid="puzzle-daily"
              onClick={() => {
                rewriteAddress({ name: 'knightsPuzzles', puzzle: 'daily' });
                load('daily', null);
              }}
            >
              {t('puzzles.daily')}
            </button>
            <a class="button small secondary" href={href({ name: 'lessons' })}>
              {t('home.learn')}
            </a>
          </div>
        </aside>
      </div>
    </main>
  );
}
