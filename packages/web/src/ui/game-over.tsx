/**
 * What every live game-over dialog says besides the board's own story: what the game did to the players'
 * ratings (a rated game: "Your rating: 1524 (+24)") and what to do next (rematch, replay, a new game). The
 * rating changes are read once the table is finished (`GET /api/tables/:id/rating-changes`, written in the
 * transaction of the result); a casual game says it changed no rating.
 */
import type { TableInfo, TableRatingChanges } from '@attila/protocol';
import { useEffect, useState } from 'preact/hooks';
import { useT, type T } from '../i18n/i18n.js';
import { call } from '../net/api.js';
import { botName } from './names.js';

/** Every seat's name as the table shows it: the player's, a bot's in the page's language, or "Player 2". */
export function seatNames(t: T, table: TableInfo): string[] {
  return table.seats.map((s) =>
    s.name
      ? s.kind === 'bot'
        ? botName(t, s.bot ?? s.name)
        : s.name
      : t('common.player', { n: s.seat + 1 }),
  );
}

/** The rating changes of a finished rated table (null until they are read, or for a casual table). */
export function useRatingChanges(table: TableInfo): TableRatingChanges | null {
  const [changes, setChanges] = useState<TableRatingChanges | null>(null);
  const finished = table.status === 'finished' && table.rated;
  useEffect(() => {
    if (!finished) return;
    let live = true;
    void call<{ changes: TableRatingChanges }>(
      'GET',
      `/api/tables/${encodeURIComponent(table.id)}/rating-changes`,
    ).then((r) => {
      if (live && r.ok) setChanges(r.value.changes);
    });
    return () => {
      live = false;
    };
  }, [table.id, finished]);
  return changes;
}

/** "+24", "−7", "±0": a rating's change as rating sites write it. */
export function signedChange(delta: number): string {
  return delta > 0 ? `+${delta}` : delta < 0 ? `−${-delta}` : '±0';
}

/** The rating lines of the game-over dialog: the viewer's own first, then everyone else's. */
export function RatingChangeLines(props: {
  table: TableInfo;
  seat: number | null;
  names: readonly string[];
}) {
  const t = useT();
  const changes = useRatingChanges(props.table);
  const left = props.table.result?.left ?? [];
  // A table that lost a player to leaving says so (a take-over bot played their seat to the end).
  const leftLine = left.length > 0 && (
    <p data-testid="game-over-left">
      {t('gameOver.left', { seats: left.map((s) => props.names[s]).join(', ') })}
    </p>
  );
  if (leftLine)
    return (
      <>
        {leftLine}
        {ratingLines()}
      </>
    );
  return ratingLines();
  function ratingLines() {
    if (!props.table.rated) {
      return (
        <p class="muted" data-testid="game-over-casual">
          {t('gameOver.casual')}
        </p>
      );
    }
    if (!changes) return null;
    if (changes.seats.length === 0) {
      return <p data-testid="game-over-rating">{t('gameOver.ratedNoChange')}</p>;
    }
    const ordered = [...changes.seats].sort(
      (a, b) => Number(b.seat === props.seat) - Number(a.seat === props.seat),
    );
    return (
      <ul class="rating-changes" data-testid="game-over-rating">
        {ordered.map((c) => {
          const values = { rating: c.after, change: signedChange(c.after - c.before) };
          return (
            <li key={c.seat} data-testid={`rating-change-${c.seat}`}>
              {c.seat === props.seat
                ? t('gameOver.yourRating', values)
                : t('gameOver.theirRating', { ...values, name: props.names[c.seat] })}
              {changes.speed && ` (${t(`ratings.speed.${changes.speed}`)})`}
            </li>
          );
        })}
      </ul>
    );
  }
}

/** The table's mark that its game is rated (beside the seats), or casual. */
export function RatedMark({ table }: { table: TableInfo }) {
  const t = useT();
  return (
    <span class={`rated-mark ${table.rated ? 'rated' : 'casual'}`} data-testid="table-rated-mark">
      {table.rated ? t('gameOver.ratedMark') : t('gameOver.casualMark')}
    </span>
  );
}

/** What to do next: a rematch (when the caller can ask one), the replay, a new game in the lobby. */
export function NextSteps(props: {
  table: TableInfo;
  onRematch?: () => void;
  children?: preact.ComponentChildren;
}) {
  const t = useT();
  return (
    <>
      {props.onRematch && (
        <button data-testid="end-rematch" onClick={props.onRematch}>
          {t('live.rematch')}
        </button>
      )}
      {props.children}
      <a class="button secondary" href={`#/replay/${props.table.id}`} data-testid="end-replay">
        {t('common.replay')}
      </a>
      <a class="button secondary" href={`#/lobby/${props.table.game}`} data-testid="end-new-game">
        {t('gameOver.newGame')}
      </a>
    </>
  );
}
