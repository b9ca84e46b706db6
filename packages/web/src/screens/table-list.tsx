/** A list of tables: the game, its status and seats, and the way in (join, watch or replay). */
import type { TableInfo } from '@attila/protocol';
import { seatNames } from '../ui/game-over.js';
import { useT } from '../i18n/i18n.js';
import { clockSettingsText } from '../ui/clock-text.js';
import { botName } from '../ui/names.js';
import { BotMark } from '../ui/seat-mark.js';

export function TableList({
  tables,
  filter,
  empty,
}: {
  tables: TableInfo[];
  filter: (t: TableInfo) => boolean;
  /** What to say when no table is shown (default: no open tables). */
  empty?: string;
}) {
  const t = useT();
  const shown = tables.filter(filter);
  if (shown.length === 0)
    return (
      <p class="muted" data-testid="tables-none">
        {empty ?? t('lobby.none')}
      </p>
    );
  return (
    <ul class="table-list">
      {shown.map((tb) => (
        <li key={tb.id} class="card table-item" data-testid="table-item">
          <div>
            <strong>{t(`games.${tb.game}.name`)}</strong>{' '}
            <span class="muted">{t(`lobby.status.${tb.status}`)}</span>
            <span class="muted" data-testid="table-rated">
              {' · '}
              {tb.rated ? t('lobby.ratedTable') : t('lobby.casualTable')}
            </span>
            {tb.clock && (
              <span class="muted" data-testid="table-clock">
                {' · '}
                {clockSettingsText(t, tb.clock)}
              </span>
            )}
          </div>
          <div class="muted small">
            {tb.seats.map((s, i) => (
              <span key={s.seat} data-testid={`listed-seat-${s.seat}`}>
                {i > 0 && ' · '}
                {s.name ? (s.kind === 'bot' ? botName(t, s.bot ?? s.name) : s.name) : t('lobby.freeSeat')}
                <BotMark holder={s.holder} />
              </span>
            ))}
            {tb.result && tb.result.winners.length > 0 && (
              <>
                {' — '}
                {t('replay.winner', {
                  count: tb.result.winners.length,
                  // By name ("Alaric won"), the seat's label only for a seat nobody sat at.
                  names: tb.result.winners.map((w) => seatNames(t, tb)[w]).join(', '),
                })}
              </>
            )}
          </div>
          <div class="row">
            {tb.status === 'finished' ? (
              <a class="button small" href={`#/replay/${tb.id}`}>
                {t('common.replay')}
              </a>
            ) : (
              <a class="button small" href={`#/table/${tb.id}`}>
                {tb.status === 'open' ? t('lobby.join') : t('lobby.watch')}
              </a>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
