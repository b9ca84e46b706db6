/** Another player's profile: ratings with their history, games played and won per game, their listed finished games. */
import type { PlayerProfile } from '@attila/protocol';
import { useEffect, useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';
import { accountApi } from '../net/me.js';
import { filterQuery, PlayerGames, type GamesFilter } from './games-list.js';
import { RatingsCard } from './ratings.js';

export function PlayerScreen({ name }: { name: string }) {
  const t = useT();
  const [profile, setProfile] = useState<PlayerProfile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState<GamesFilter>({ game: '', result: '' });
  useEffect(() => {
    void accountApi.profile(name, filterQuery(filter)).then((r) => {
      if (r.ok) setProfile(r.value.profile);
      else setError(r.error.message);
    });
  }, [name, filter.game, filter.result]);
  return (
    <main class="page" data-testid="profile">
      <h1>{profile?.name ?? name}</h1>
      {error && <p class="error">{error}</p>}
      {profile && (
        <>
          <p class="muted">{t('account.since', { date: new Date(profile.since).toLocaleDateString() })}</p>
          <RatingsCard name={profile.name} profile={profile} />
          <PlayerGames profile={profile} filter={filter} onFilter={setFilter} />
        </>
      )}
    </main>
  );
}
