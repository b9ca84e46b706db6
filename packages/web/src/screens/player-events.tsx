/**
 * The events a player entered, on their profile: each with their place in its standings and their points
 * (or "withdrawn"), linked to the event's page. The server lists private events on one's own profile only.
 */
import type { PlayerProfile } from '@attila/protocol';
import { useT } from '../i18n/i18n.js';

export function PlayerEvents({ profile }: { profile: PlayerProfile }) {
  const t = useT();
  if (profile.events.length === 0) return null;
  return (
    <section class="card" data-testid="profile-events">
      <h2>{t('tournaments.title')}</h2>
      <ul>
        {profile.events.map((e) => (
          <li key={e.id} data-testid="profile-event" data-status={e.status}>
            <a href={`#/events/${encodeURIComponent(e.id)}`}>{e.name}</a>{' '}
            <span class="muted small">
              {t(`tournaments.format.${e.format}`)} · {t(`tournaments.status.${e.status}`)} ·{' '}
              {new Date(e.startsAt).toLocaleDateString()}
            </span>{' '}
            <span data-testid="profile-event-place">
              {e.rank !== null && t('tournaments.place', { rank: e.rank, total: e.entrants })}
              {e.rank !== null && ' · '}
              {t('tournaments.points', { count: e.score })}
              {e.withdrawn && ` · ${t('tournaments.withdrawnShort')}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
