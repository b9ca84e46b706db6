/**
 * The player's challenges on every screen, under the header: one made to them (accept or decline), one
 * they made (waiting for whom; cancel), one that started (open its table) or was called off (dismiss).
 * Challenges arrive over the player's socket (net/challenges.ts) the moment they are made or answered.
 */
import type { ChallengeView } from '@attila/protocol/challenges';
import { useEffect, useState } from 'preact/hooks';
import { useT, type T } from '../i18n/i18n.js';
import { answer, endedHere, openTable, useChallenges, wasOpened } from '../net/challenges.js';
import { clockChoiceOf } from './clock-choices.js';

export function challengeSummary(t: T, c: Pick<ChallengeView, 'game' | 'clock' | 'rated'>): string {
  const clock = clockChoiceOf(c.clock);
  return t('challenges.summary', {
    game: t(`games.${c.game}.name`),
    clock: clock ? t(`lobby.clocks.${clock}`) : '',
    kind: t(c.rated ? 'challenges.rated' : 'challenges.casual'),
  });
}

const namesOf = (c: ChallengeView, which: (s: ChallengeView['seats'][number]) => boolean) =>
  c.seats
    .filter(which)
    .map((s) => s.name)
    .join(', ');

function Challenge({ c, onDismiss }: { c: ChallengeView; onDismiss: () => void }) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mine = c.seats.find((s) => s.seat === c.seat);
  const isChallenger = mine?.challenger === true;
  const act = async (what: 'accept' | 'decline' | 'cancel') => {
    setBusy(true);
    const r = await answer(c.id, what);
    setBusy(false);
    setError(r.ok ? null : r.error.message);
  };
  const others = namesOf(c, (s) => s.seat !== c.seat);
  return (
    <li class="challenge card" data-testid="challenge" data-status={c.status} data-challenge={c.id}>
      <p>
        <strong data-testid="challenge-text">
          {c.status === 'pending' &&
            !isChallenger &&
            mine?.answer === 'pending' &&
            t('challenges.from', { name: c.from })}
          {c.status === 'pending' &&
            !isChallenger &&
            mine?.answer === 'accepted' &&
            t('challenges.youAccepted', { names: namesOf(c, (s) => s.answer === 'pending') })}
          {c.status === 'pending' &&
            isChallenger &&
            t('challenges.waitingFor', {
              names: namesOf(c, (s) => s.answer === 'pending'),
            })}
          {c.status === 'accepted' && t('challenges.accepted')}
          {c.status === 'declined' &&
            t('challenges.declined', { names: namesOf(c, (s) => s.answer === 'declined') })}
          {c.status === 'cancelled' && t('challenges.cancelled', { name: c.from })}
          {c.status === 'expired' && t('challenges.expired')}
        </strong>{' '}
        <span class="muted">{challengeSummary(t, c)}</span>
      </p>
      <p class="muted small">{t('challenges.players', { names: others })}</p>
      {c.status === 'pending' && (
        <p class="muted small">{t('challenges.expires', { time: new Date(c.expiresAt).toLocaleString() })}</p>
      )}
      {error && <p class="error">{error}</p>}
      <div class="row">
        {c.status === 'pending' && !isChallenger && mine?.answer === 'pending' && (
          <>
            <button disabled={busy} onClick={() => void act('accept')} data-testid="challenge-accept">
              {t('challenges.accept')}
            </button>
            <button
              class="secondary"
              disabled={busy}
              onClick={() => void act('decline')}
              data-testid="challenge-decline"
            >
              {t('challenges.decline')}
            </button>
          </>
        )}
        {c.status === 'pending' && isChallenger && (
          <button
            class="secondary"
            disabled={busy}
            onClick={() => void act('cancel')}
            data-testid="challenge-cancel"
          >
            {t('challenges.cancel')}
          </button>
        )}
        {c.status === 'accepted' && c.table && (
          <button onClick={() => openTable({ ...c })} data-testid="challenge-open">
            {t('challenges.open')}
          </button>
        )}
        {c.status !== 'pending' && (
          <button class="secondary small" onClick={onDismiss} data-testid="challenge-dismiss">
            {t('challenges.dismiss')}
          </button>
        )}
      </div>
    </li>
  );
}

/** Challenges worth showing: waiting ones, started ones not opened yet, and those called off while this page watched. */
export function ChallengesBar() {
  const t = useT();
  const list = useChallenges();
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const [, tick] = useState(0);
  // Expiry is a matter of time: the list is looked at again every 30 s.
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 30_000);
    return () => clearInterval(timer);
  }, []);
  const now = Date.now();
  const shown = list.filter((c) => {
    if (dismissed.has(c.id)) return false;
    if (c.status === 'pending') return now < c.expiresAt;
    // Started and not opened on this browser yet: offered while it is recent (before its answer was due).
    if (c.status === 'accepted') return !wasOpened(c) && (endedHere(c) || now < c.expiresAt);
    // Declined, cancelled, expired: news only to a page that saw it waiting (until dismissed).
    return endedHere(c);
  });
  if (shown.length === 0) return null;
  return (
    <aside class="challenges" aria-label={t('challenges.title')} aria-live="polite" data-testid="challenges">
      <ul class="challenge-list">
        {shown.map((c) => (
          <Challenge key={c.id} c={c} onDismiss={() => setDismissed(new Set([...dismissed, c.id]))} />
        ))}
      </ul>
    </aside>
  );
}
