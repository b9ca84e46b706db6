/**
 * The key moments of a finished Tribes game, in words, for its game-over dialog (as Knights' dialog lists
 * its mistakes): the turns that swung a player's chance to win the most, from the game review
 * (packages/bots) run in its worker with fewer playouts than the replay's full review, so that it answers in
 * a few seconds. Only a finished game is reviewed: the record's seed tells the deck, which must not reach a
 * player while the game is on.
 */
import type { GameRecord } from '@attila/core';
import { parseRecord } from '@attila/core';
import type { GameReview } from '@attila/bots/tribes-review';
import { useEffect, useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';
import { api } from '../net/api.js';
import { distinctNames } from '../ui/names.js';
import type { ReviewQuestion, ReviewReply } from './review-worker.js';

/** What the review needs of a game. */
export interface ReviewedGame {
  readonly settings: GameRecord['settings'];
  readonly seed: string;
  readonly moves: readonly string[];
}

/** 150 playouts a turn start: a chance within about ±4 points; the replay's review runs 600. */
export const KEY_MOMENT_PLAYOUTS = 150;
/** The swings the dialog names (the replay's review lists more). */
export const KEY_MOMENTS = 3;

const signed = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : '±'}${Math.abs(Math.round(100 * x))}`;

let nextId = 0;

type Status =
  | { readonly kind: 'working' }
  | { readonly kind: 'ready'; readonly review: GameReview }
  | { readonly kind: 'failed'; readonly message: string };

/** The game's review, started when the game is known and stopped when the dialog goes. */
function useKeyMoments(game: ReviewedGame | null): Status {
  const [status, setStatus] = useState<Status>({ kind: 'working' });
  useEffect(() => {
    if (!game) return;
    const w = new Worker(new URL('./review-worker.ts', import.meta.url), { type: 'module' });
    const id = ++nextId;
    w.onmessage = (e: MessageEvent<ReviewReply>) => {
      if (e.data.id !== id) return;
      if ('review' in e.data) setStatus({ kind: 'ready', review: e.data.review });
      else if ('error' in e.data) setStatus({ kind: 'failed', message: e.data.error });
    };
    w.postMessage({
      id,
      settings: game.settings,
      seed: game.seed,
      moves: game.moves,
      seat: null,
      playouts: KEY_MOMENT_PLAYOUTS,
    } satisfies ReviewQuestion);
    return () => w.terminate();
  }, [game]);
  return status;
}

export function KeyMoments(props: { game: ReviewedGame | null; names: readonly string[] }) {
  const t = useT();
  const status = useKeyMoments(props.game);
  // As the rest of the screen names them: two bots of one level as "Greedy 1" and "Greedy 2".
  const names = distinctNames(props.names);
  return (
    <section class="key-moments" data-testid="key-moments" aria-labelledby="key-moments-title">
      <h3 id="key-moments-title">{t('gameOver.keyMoments')}</h3>
      {status.kind === 'working' && (
        <p class="muted small" role="status" data-testid="key-moments-working">
          {t('gameOver.keyMomentsWorking')}
        </p>
      )}
      {status.kind === 'failed' && <p class="error small">{status.message}</p>}
      {status.kind === 'ready' &&
        (status.review.swings.length === 0 ? (
          <p class="muted small">{t('gameOver.noKeyMoments')}</p>
        ) : (
          <ol data-testid="key-moments-list">
            {status.review.swings.slice(0, KEY_MOMENTS).map((s) => {
              const turn = status.review.turns[s.turn];
              return (
                <li key={s.turn}>
                  {t('review.swing', {
                    turn: turn.turn,
                    player: names[turn.seat],
                    who: names[s.seat],
                    change: signed(s.delta),
                  })}
                </li>
              );
            })}
          </ol>
        ))}
    </section>
  );
}

/** A server table's key moments: its record is read once the game is over. */
export function TableKeyMoments(props: { tableId: string; names: readonly string[] }) {
  const [game, setGame] = useState<ReviewedGame | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void api.record(props.tableId).then((text) => {
      if (!live) return;
      const record = text.ok ? parseRecord(text.value) : text;
      if (record.ok) setGame(record.value);
      else setProblem(record.error.message);
    });
    return () => {
      live = false;
    };
  }, [props.tableId]);
  if (problem) return <p class="error small">{problem}</p>;
  return <KeyMoments game={game} names={props.names} />;
}
