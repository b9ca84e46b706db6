/** A player's finished games with their result, each opening its replay; filtered by game and result. */
import { OFFERED_GAMES } from '../games/offered.js';
import { BotMark } from '../ui/seat-mark.js';
import type { PlayerProfile, PlayerResult } from '@attila/protocol';
import { ratingText } from './ratings.js';
import { useT } from '../i18n/i18n.js';

export interface GamesFilter {
  readonly game: string;
  readonly result: string;
}

/** The filter as the profile API's query. */
export function filterQuery(f: GamesFilter): string {
  const q = new URLSearchParams();
  if (f.game) q.set('game', f.game);
  if (f.result) q.set('result', f.result);
  const s = q.toString();
  return s ? `?${s}` : '';
}

const RESULTS: readonly PlayerResult[] = ['won', 'lost', 'drawn'];

export function PlayerGames(props: {
  profile: PlayerProfile;
  filter: GamesFilter;
  onFilter: (f: GamesFilter) => void;
}) {
  const t = useT();
  const { profile, filter } = props;
  return (
    <section class="card" data-testid="player-games">
      <h2>{t('account.games')}</h2>
      <ul class="stats">
        {profile.stats.length === 0 && <li class="muted">{t('account.noGames')}</li>}
        {profile.stats.map((s) => (
          <li key={s.game} data-testid={`stats-${s.game}`}>
            <strong>{t(`games.${s.game}.name`)}</strong>{' '}
            {t('account.playedWon', { played: s.played, won: s.won })}
            {s.rating && (
              <span class="muted" data-testid={`stats-rating-${s.game}`}>
                {' · '}
                {ratingText(s.rating)}
              </span>
            )}
          </li>
        ))}
      </ul>
      <div class="row">
        <label class="field">
          <span>{t('account.filterGame')}</span>
          <select
            value={filter.game}
            data-testid="filter-game"
            onChange={(e) => props.onFilter({ ...filter, game: e.currentTarget.value })}
          >
            <option value="">{t('account.all')}</option>
            {OFFERED_GAMES.map((g) => (
              <option key={g} value={g}>
                {t(`games.${g}.name`)}
              </option>
            ))}
          </select>
        </label>
        <label class="field">
          <span>{t('account.filterResult')}</span>
          <select
            value={filter.result}
            data-testid="filter-result"
            onChange={(e) => props.onFilter({ ...filter, result: e.currentTarget.value })}
          >
            <option value="">{t('account.all')}</option>
            {RESULTS.map((r) => (
              <option key={r} value={r}>
                {t(`account.result.${r}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ul class="table-list">
        {profile.games.map((g) => (
          <li key={g.table.id} class="card table-item" data-testid="my-game">
            <div>
              <strong>{t(`games.${g.table.game}.name`)}</strong>{' '}
              <span class="muted">{t(`account.result.${g.result}`)}</span>
            </div>
            <div class="muted small">
              {g.table.seats.map((s, i) => (
                <span key={s.seat}>
                  {i > 0 && ' · '}
                  {s.name ?? '—'}
                  <BotMark holder={s.holder} />
                </span>
              ))}
            </div>
            <a class="button small" href={`#/replay/${encodeURIComponent(g.table.id)}`}>
              {t('common.replay')}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
