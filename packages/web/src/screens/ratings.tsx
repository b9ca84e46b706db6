/**
 * A player's ratings: one line per game and speed class (a provisional one shown as `1623?`), and each
 * rating's history as a small SVG graph with the same points as a table (for screen readers and exact
 * numbers).
 */
import type { PlayerProfile, PlayerRating, RatingHistory } from '@attila/protocol';
import { useEffect, useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';
import { accountApi } from '../net/me.js';

/** `1623`, or `1623?` while provisional. */
export function ratingText(r: { rating: number; provisional: boolean }): string {
  return r.provisional ? `${r.rating}?` : String(r.rating);
}

const W = 320;
const H = 120;
const PAD = 24;

/** The graph's polyline points: time across, rating up; one game alone sits in the middle. */
export function graphPoints(history: RatingHistory): { x: number; y: number }[] {
  const ratings = history.points.flatMap((p) => [p.before, p.after]);
  const low = Math.min(...ratings) - 20;
  const high = Math.max(...ratings) + 20;
  const values = [history.points[0]?.before ?? 1500, ...history.points.map((p) => p.after)];
  const step = values.length > 1 ? (W - 2 * PAD) / (values.length - 1) : 0;
  return values.map((v, i) => ({
    x: Math.round(PAD + i * step),
    y: Math.round(H - PAD - ((v - low) / (high - low)) * (H - 2 * PAD)),
  }));
}

function HistoryGraph({ history }: { history: RatingHistory }) {
  const t = useT();
  const points = graphPoints(history);
  const label = t('ratings.graphLabel', {
    game: t(`games.${history.game}.name`),
    speed: t(`ratings.speed.${history.speed}`),
    count: history.points.length,
  });
  return (
    <figure class="rating-history" data-testid={`rating-history-${history.game}-${history.speed}`}>
      <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={label}>
        <line x1={PAD} y1={H - PAD} x2={W - PAD} y2={H - PAD} stroke="currentColor" stroke-opacity="0.3" />
        <polyline
          points={points.map((p) => `${p.x},${p.y}`).join(' ')}
          fill="none"
          stroke="#8b2e16"
          stroke-width="2"
        />
        {points.map((p, i) => (
          <circle key={i} cx={p.x} cy={p.y} r="3" fill="#8b2e16" />
        ))}
      </svg>
      <details>
        <summary>{t('ratings.asTable')}</summary>
        <table class="rating-table">
          <caption class="sr-only">{label}</caption>
          <thead>
            <tr>
              <th scope="col">{t('ratings.date')}</th>
              <th scope="col">{t('ratings.before')}</th>
              <th scope="col">{t('ratings.after')}</th>
            </tr>
          </thead>
          <tbody>
            {history.points.map((p) => (
              <tr key={p.table} data-testid="rating-point">
                <td>
                  <a href={`#/replay/${encodeURIComponent(p.table)}`}>{new Date(p.at).toLocaleString()}</a>
                </td>
                <td>{p.before}</td>
                <td>{p.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function RatingLine({ r }: { r: PlayerRating }) {
  const t = useT();
  return (
    <li data-testid={`rating-${r.game}-${r.speed}`}>
      <strong>{t(`games.${r.game}.name`)}</strong> · {t(`ratings.speed.${r.speed}`)}:{' '}
      <span class="rating" data-testid="rating-value">
        {ratingText(r)}
      </span>{' '}
      <span class="muted small">
        {t('ratings.detail', { deviation: r.deviation, count: r.games })}
        {r.provisional && ` · ${t('ratings.provisional')}`}
      </span>
    </li>
  );
}

export function RatingsCard({ name, profile }: { name: string; profile: PlayerProfile }) {
  const t = useT();
  const [histories, setHistories] = useState<RatingHistory[]>([]);
  const ratings = profile.stats.flatMap((s) => s.ratings ?? []);
  useEffect(() => {
    void accountApi.ratingHistory(name).then((r) => r.ok && setHistories(r.value.histories));
  }, [name, ratings.map((r) => `${r.game}${r.speed}${r.games}`).join()]);
  return (
    <section class="card" data-testid="ratings">
      <h2>{t('ratings.title')}</h2>
      {ratings.length === 0 ? (
        <p class="muted">{t('ratings.none')}</p>
      ) : (
        <ul class="stats">
          {ratings.map((r) => (
            <RatingLine key={`${r.game}-${r.speed}`} r={r} />
          ))}
        </ul>
      )}
      {histories
        .filter((h) => h.points.length > 0)
        .map((h) => (
          <HistoryGraph key={`${h.game}-${h.speed}`} history={h} />
        ))}
    </section>
  );
}
