/**
 * The home screen's community card (accounts): the players one follows, "playing now" marks with their
 * games under way (to watch) and their latest results (to replay), and what moderators told the player.
 */
import type { CommunityState, FollowedGame } from '@attila/protocol/community';
import { useEffect, useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';
import { onModerationNotice } from '../net/challenges.js';
import { communityApi } from '../net/community.js';
import { useMe } from '../net/me.js';
import { href } from '../router.js';

function outcome(g: FollowedGame): 'won' | 'lost' | 'other' {
  if (!g.result || g.result.aborted) return 'other';
  return g.result.winners.includes(g.seat) ? 'won' : 'lost';
}

export function FollowingCard() {
  const t = useT();
  const me = useMe();
  const [state, setState] = useState<CommunityState | null>(null);
  useEffect(() => {
    if (me?.kind !== 'account') return setState(null);
    const load = () => void communityApi.state().then((r) => r.ok && setState(r.value));
    load();
    // A moderator's notice given while this screen is open shows at once (the player's socket says so).
    return onModerationNotice(load);
  }, [me?.id, me?.kind]);
  if (!state || (state.following.length === 0 && state.notices.length === 0)) return null;
  return (
    <section class="card following" data-testid="following">
      {state.notices.length > 0 && (
        <div data-testid="moderation-notices">
          <h2>{t('community.notices')}</h2>
          <ul>
            {state.notices.map((n) => (
              <li key={n.id} data-testid="moderation-notice">
                <strong>{t(`moderation.actions.${n.action}`)}</strong>{' '}
                {t('community.noticeBy', { by: n.by, date: new Date(n.at).toLocaleString() })}: {n.reason}
                {n.until !== null && (
                  <> ({t('community.until', { date: new Date(n.until).toLocaleString() })})</>
                )}
                {n.table !== null && (
                  <>
                    {' '}
                    <a href={href({ name: 'replay', id: n.table })} data-testid="notice-game">
                      {t('community.noticeGame')}
                    </a>
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {state.following.length > 0 && (
        <>
          <h2>{t('community.following')}</h2>
          <ul>
            {state.following.map((f) => (
              <li key={f.name} data-testid="followed">
                <a href={href({ name: 'player', player: f.name })}>{f.name}</a>
                {f.playing && (
                  <span class="badge live" data-testid="playing-now">
                    {t('community.playingNow')}
                  </span>
                )}
                <ul class="followed-games">
                  {f.games.map((g) => (
                    <li key={g.table}>
                      {g.status === 'playing' ? (
                        <a href={href({ name: 'table', id: g.table })} data-testid="followed-live">
                          {t('community.watch', { game: t(`games.${g.game}.name`) })}
                        </a>
                      ) : (
                        <a href={href({ name: 'replay', id: g.table })}>
                          {t(`community.result.${outcome(g)}`, { game: t(`games.${g.game}.name`) })}
                        </a>
                      )}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
