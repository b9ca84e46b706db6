/** On another player's profile: follow or unfollow, block or unblock, report. Accounts only. */
import type { CommunityState } from '@attila/protocol/community';
import { useEffect, useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';
import { communityApi } from '../net/community.js';
import { ReportForm } from './report-form.js';

export function PlayerActions({ name }: { name: string }) {
  const t = useT();
  const [state, setState] = useState<CommunityState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reporting, setReporting] = useState(false);
  useEffect(() => {
    void communityApi.state().then((r) => (r.ok ? setState(r.value) : setError(r.error.message)));
  }, [name]);
  if (!state) return error ? <p class="error">{error}</p> : null;
  const key = name.toLowerCase();
  const following = state.following.some((f) => f.name.toLowerCase() === key);
  const blocked = state.blocked.some((b) => b.toLowerCase() === key);
  const change = async (act: () => ReturnType<typeof communityApi.state>) => {
    const r = await act();
    if (r.ok) {
      setState(r.value);
      setError(null);
    } else setError(r.error.message);
  };
  return (
    <div class="player-actions" data-testid="player-actions">
      {!blocked && (
        <button
          type="button"
          class="secondary"
          aria-pressed={following}
          onClick={() => change(() => communityApi.follow(name, !following))}
          data-testid="follow-player"
        >
          {following ? t('community.unfollow') : t('community.follow')}
        </button>
      )}
      <button
        type="button"
        class="secondary"
        aria-pressed={blocked}
        onClick={() => change(() => communityApi.block(name, !blocked))}
        data-testid="block-player"
      >
        {blocked ? t('community.unblock') : t('community.block')}
      </button>
      <button type="button" class="secondary" onClick={() => setReporting(true)} data-testid="report-player">
        {t('community.report')}
      </button>
      {blocked && <p class="muted">{t('community.blockedNote', { name })}</p>}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {reporting && <ReportForm name={name} from="profile" />}
    </div>
  );
}
