/**
 * Quick pairing on the home screen: choose a game, a speed and (Tribes) the number of players and whether
 * bots fill the table after a while, and join the pool; while waiting, the time waited and a cancel button.
 * When the server makes the table, the seat is kept like any other and the table opens.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  POOL_BOT_WAITS,
  POOL_SPEEDS,
  type JoinPoolRequest,
  type PoolGame,
  type PoolJoined,
  type PoolSpeed,
} from '@attila/protocol';
import { useT } from '../i18n/i18n.js';
import { holdSeat } from '../net/api.js';
import { useMe } from '../net/me.js';
import { followEntry, poolApi, savedWaiting, saveWaiting } from '../net/pools.js';
import { navigate } from '../router.js';

type BotWait = (typeof POOL_BOT_WAITS)[number];

function elapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function QuickPairing() {
  const t = useT();
  const me = useMe();
  const [game, setGame] = useState<PoolGame>('knights');
  const [speed, setSpeed] = useState<PoolSpeed>('fast');
  const [seats, setSeats] = useState(3);
  const [rated, setRated] = useState(false);
  const [bots, setBots] = useState<BotWait | null>(null);
  const [waiting, setWaiting] = useState<PoolJoined | null>(() => savedWaiting());
  const [count, setCount] = useState<number | null>(null);
  const [now, setNow] = useState(Date.now());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const isAccount = me?.kind === 'account';
  const tribes = game === 'tribes';
  const withBots = tribes && bots !== null;

  useEffect(() => {
    if (!waiting) return;
    // A keyboard player who joined can cancel at once.
    cancelButton.current?.focus();
    const timer = setInterval(() => setNow(Date.now()), 1000);
    const stop = followEntry(waiting.entry, (e) => {
      if (e.type === 'waiting') return setCount(e.waiting);
      saveWaiting(null);
      setWaiting(null);
      if (e.type === 'paired') {
        holdSeat(e.table, { seat: e.seat, token: waiting.token });
        navigate({ name: 'table', id: e.table });
      } else setError(t('pools.gone'));
    });
    return () => {
      clearInterval(timer);
      stop();
    };
  }, [waiting?.entry]);

  const join = async (e: Event) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    const request: JoinPoolRequest = {
      game,
      speed,
      seats: tribes ? seats : 2,
      rated: rated && isAccount && !withBots,
      botsAfterSeconds: withBots ? bots : null,
    };
    const r = await poolApi.join(request);
    setBusy(false);
    if (!r.ok) return setError(r.error.message);
    saveWaiting(r.value);
    setCount(null);
    setNow(Date.now());
    setWaiting(r.value);
  };

  const cancel = async () => {
    if (!waiting) return;
    const w = waiting;
    saveWaiting(null);
    setWaiting(null);
    await poolApi.leave(w.entry, w.token);
  };

  if (waiting) {
    return (
      <section class="card quick-pairing" data-testid="quick-pairing">
        <h2>{t('pools.title')}</h2>
        {/* Announced once; the time waited ticks beside it, outside the live region. */}
        <p data-testid="pool-waiting">
          <span role="status">{t('pools.waiting')}</span>{' '}
          <strong class="clock" data-testid="pool-elapsed">
            {elapsed(now - waiting.joinedAt)}
          </strong>
        </p>
        {count !== null && <p class="muted small">{t('pools.inPool', { count })}</p>}
        <button
          type="button"
          class="secondary"
          data-testid="pool-cancel"
          ref={cancelButton}
          onClick={() => void cancel()}
        >
          {t('pools.cancel')}
        </button>
      </section>
    );
  }

  return (
    <section class="card quick-pairing" data-testid="quick-pairing" aria-labelledby="quick-pairing-title">
      <h2 id="quick-pairing-title">{t('pools.title')}</h2>
      <form class="pool-form" onSubmit={(e) => void join(e)}>
        <label class="field">
          <span>{t('pools.game')}</span>
          <select
            data-testid="pool-game"
            value={game}
            onChange={(e) => setGame(e.currentTarget.value === 'tribes' ? 'tribes' : 'knights')}
          >
            <option value="knights">{t('games.knights.name')}</option>
            <option value="tribes">{t('games.tribes.name')}</option>
          </select>
        </label>
        <label class="field">
          <span>{t('pools.speed')}</span>
          <select
            data-testid="pool-speed"
            value={speed}
            onChange={(e) => setSpeed(POOL_SPEEDS.find((s) => s === e.currentTarget.value) ?? 'fast')}
          >
            {POOL_SPEEDS.map((s) => (
              <option key={s} value={s}>
                {t(`pools.speeds.${s}`)}
              </option>
            ))}
          </select>
        </label>
        {tribes && (
          <label class="field">
            <span>{t('pools.seats')}</span>
            <select
              data-testid="pool-seats"
              value={String(seats)}
              onChange={(e) => setSeats(Number(e.currentTarget.value))}
            >
              {[2, 3, 4, 5].map((n) => (
                <option key={n} value={String(n)}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        )}
        {tribes && (
          <label class="field">
            <span>{t('pools.bots')}</span>
            <select
              data-testid="pool-bots"
              value={bots === null ? 'never' : String(bots)}
              onChange={(e) => {
                const v = Number(e.currentTarget.value);
                setBots(POOL_BOT_WAITS.find((w) => w === v) ?? null);
              }}
            >
              <option value="never">{t('pools.botsNever')}</option>
              {POOL_BOT_WAITS.map((w) => (
                <option key={w} value={String(w)}>
                  {t('pools.botsAfter', { count: w })}
                </option>
              ))}
            </select>
          </label>
        )}
        <label class="field check">
          <span>
            <input
              type="checkbox"
              data-testid="pool-rated"
              checked={rated && isAccount && !withBots}
              disabled={!isAccount || withBots}
              aria-describedby="pool-rated-hint"
              onChange={(e) => setRated(e.currentTarget.checked)}
            />{' '}
            {t('pools.rated')}
          </span>
          <span id="pool-rated-hint" class="muted small">
            {!isAccount ? t('pools.ratedAccountsOnly') : withBots ? t('pools.botsCasual') : ''}
          </span>
        </label>
        <button type="submit" data-testid="pool-join" disabled={busy || !me}>
          {t('pools.join')}
        </button>
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
