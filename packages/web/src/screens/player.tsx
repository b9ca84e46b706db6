/**
 * Another player's profile: ratings with their history, games played and won per game, the events they
 * entered with their places, their listed finished games.
 */
import type { PlayerProfile } from '@attila/protocol';
import { useEffect, useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';
import { accountApi, useMe } from '../net/me.js';
import { href } from '../router.js';
import { filterQuery, PlayerGames, type GamesFilter } from './games-list.js';
import { PlayerEvents } from './player-events.js';
import { RatingsCard } from './ratings.js';
import { BotMark } from '../ui/seat-mark.js';
import { PlayerActions } from '../community/player-actions.js';

export function PlayerScreen({ name }: { name: string }) {
  const t = useT();
  const [profile, setProfile] = useState<PlayerProfile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState<GamesFilter>({ game: '', result: '' });
  const me = useMe();
  useEffect(() => {
    void accountApi.profile(name, filterQuery(filter)).then((r) => {
      if (r.ok) setProfile(r.value.profile);
      else setError(r.error.message);
    });
  }, [name, filter.game, filter.result]);
  return (
    <main class="page" data-testid="profile">
      <h1>
        {profile?.name ?? name}
        <BotMark holder={profile?.bot ? 'bot-account' : null} />
      </h1>
      {error && <p class="error">{error}</p>}
      {profile && (
        <>
          <p class="muted">{t('account.since', { date: new Date(profile.since).toLocaleDateString() })}</p>
          {me && me.name !== profile.name && (
            <a
              class="button"
              href={href({ name: 'challenge', player: profile.name })}
              data-testid="challenge-player"
            >
              {t('challenge.button', { name: profile.name })}
            </a>
          )}
          {me?.kind === 'account' && me.name !== profile.name && !profile.bot && (
            <PlayerActions name={profile.name} />
          )}
          <RatingsCard name={profile.name} profile={profile} />
          <PlayerEvents profile={profile} />
          <PlayerGames profile={profile} filter={filter} onFilter={setFilter} />
        </>
      )}
    </main>
  );
}
