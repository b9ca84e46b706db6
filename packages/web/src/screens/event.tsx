/**
 * One event's page: its rules in the player's language, join and withdraw, the standings updating live,
 * the games (each watchable), a podium once it is over, and the player's own game: when the event seats
 * them at a new table, the page sits them there with the seat token the server derived for them and opens
 * the table by itself (once per table), calling them with a chime and a notice (ui/event-call.tsx).
 */
import type { EventView } from '@attila/protocol/events';
import { useEffect, useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';
import { holdSeat } from '../net/api.js';
import { eventApi } from '../net/events.js';
import { navigate } from '../router.js';
import { callToGame } from '../ui/event-call.js';
import { clockText } from './events.js';

/** The page looks again this often (the standings and the player's next game). */
const REFRESH_MS = 2_000;
const openedKey = (table: string) => `attila.event-table-opened.${table}`;

export function EventScreen({ id, code }: { id: string; code: string | null }) {
  const t = useT();
  const [view, setView] = useState<EventView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [joinCode, setJoinCode] = useState(code ?? '');
  useEffect(() => {
    let live = true;
    const load = () =>
      void eventApi.get(id, code).then((r) => {
        if (!live) return;
        if (!r.ok) return setError(r.error.message);
        setView(r.value.event);
        const event = r.value.event;
        const you = event.you;
        // A new game of the player's: sit and go there, once per table, and call them to it.
        if (you?.table && you.token && you.seat !== null && !localStorage.getItem(openedKey(you.table))) {
          localStorage.setItem(openedKey(you.table), '1');
          holdSeat(you.table, { seat: you.seat, token: you.token });
          const game = event.games.find((g) => g.table === you.table);
          callToGame(
            {
              event: event.id,
              eventName: event.name,
              table: you.table,
              round: event.rounds === null ? null : (game?.round ?? event.round),
              opponents: (game?.names ?? []).filter((_, seat) => seat !== you.seat),
            },
            t,
          );
          navigate({ name: 'table', id: you.table });
        }
      });
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [id, code]);
  const act = async (what: 'join' | 'withdraw') => {
    const r = what === 'join' ? await eventApi.join(id, joinCode || null) : await eventApi.withdraw(id);
    if (!r.ok) return setError(r.error.message);
    setError(null);
    setView(r.value.event);
  };
  if (!view)
    return (
      <main class="page" data-testid="event">
        {error ? <p class="error">{error}</p> : <p class="muted">{t('tournaments.loading')}</p>}
      </main>
    );
  const you = view.you;
  const podium = view.status === 'finished' ? view.standings.filter((s) => !s.withdrawn).slice(0, 3) : [];
  return (
    <main class="page" data-testid="event" data-status={view.status}>
      <h1 data-testid="event-title">{view.name}</h1>
      <p class="muted">
        {t(`tournaments.format.${view.format}`)} · {clockText(t, view.clock)} ·{' '}
        {view.rated ? t('tournaments.rated') : t('tournaments.casual')} ·{' '}
        <span data-testid="event-status">{t(`tournaments.status.${view.status}`)}</span>
        {view.rounds !== null && view.status !== 'upcoming' && (
          <> · {t('tournaments.roundOf', { round: view.round, rounds: view.rounds })}</>
        )}
        {view.roundEndsAt !== null && view.status === 'running' && (
          <>
            {' · '}
            <span data-testid="event-round-closes">
              {t('tournaments.roundCloses', { date: new Date(view.roundEndsAt).toLocaleString() })}
            </span>
          </>
        )}
        {' · '}
        {new Date(view.startsAt).toLocaleString()}
      </p>
      <p>{t(`tournaments.rules.${view.format}`)}</p>
      {view.roundDays !== null && (
        <p data-testid="event-round-rule">
          {t('tournaments.rules.roundDeadline', { count: view.roundDays })}
        </p>
      )}
      <p data-testid="event-withdrawal-rule">
        {t('tournaments.rules.withdrawal', { clock: clockText(t, view.clock) })}
      </p>
      <p data-testid="event-every-game-counts">{t('tournaments.rules.everyGameCounts')}</p>
      {view.code && (
        <p data-testid="event-code">
          {t('tournaments.invite')}{' '}
          <code>{`${location.origin}${location.pathname}#/events/${view.id}/${view.code}`}</code>
        </p>
      )}
      {error && (
        <p class="error" role="alert" data-testid="event-error">
          {error}
        </p>
      )}
      {view.status !== 'finished' && (!you || !you.entered) && (
        <p>
          {view.private && !code && (
            <input
              data-testid="event-join-code"
              aria-label={t('tournaments.code')}
              placeholder={t('tournaments.code')}
              value={joinCode}
              onInput={(e) => setJoinCode(e.currentTarget.value)}
            />
          )}{' '}
          <button data-testid="event-join" onClick={() => void act('join')}>
            {t('tournaments.join')}
          </button>
        </p>
      )}
      {you?.entered && !you.withdrawn && view.status !== 'finished' && (
        <p data-testid="event-entered">
          {you.table ? (
            <a class="button" href={`#/table/${encodeURIComponent(you.table)}`} data-testid="event-your-game">
              {t('tournaments.yourGame')}
            </a>
          ) : (
            <span class="muted">{t('tournaments.waiting')}</span>
          )}{' '}
          <button class="secondary" data-testid="event-withdraw" onClick={() => void act('withdraw')}>
            {t('tournaments.withdraw')}
          </button>
        </p>
      )}
      {you?.withdrawn && <p class="muted">{t('tournaments.withdrawn')}</p>}
      {podium.length > 0 && (
        <section class="card" data-testid="event-podium">
          <h2>{t('tournaments.podium')}</h2>
          <ol>
            {podium.map((s) => (
              <li key={s.player}>
                {s.name} — {t('tournaments.points', { count: s.score })}
              </li>
            ))}
          </ol>
        </section>
      )}
      <section class="card">
        <h2>{t('tournaments.standings')}</h2>
        <table class="rating-table" data-testid="event-standings">
          <thead>
            <tr>
              <th scope="col">{t('ratings.rank')}</th>
              <th scope="col">{t('ratings.player')}</th>
              <th scope="col">{t('tournaments.score')}</th>
              <th scope="col">{t('tournaments.tieBreaks')}</th>
            </tr>
          </thead>
          <tbody>
            {view.standings.map((s) => (
              <tr key={s.player} data-testid="event-standing" data-player={s.name}>
                <td>{s.rank}</td>
                <td>
                  {s.name}
                  {s.onFire ? ' 🔥' : ''}
                  {s.withdrawn ? ` (${t('tournaments.withdrawnShort')})` : ''}
                </td>
                <td data-testid="event-score">{s.score}</td>
                <td class="muted small">
                  {Object.entries(s.tieBreaks)
                    .map(([k, v]) => `${t(`tournaments.tie.${k}`)} ${v ?? '–'}`)
                    .join(' · ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section class="card">
        <h2>{t('tournaments.games')}</h2>
        <ul data-testid="event-games">
          {view.games.map((g) => (
            <li key={g.ordinal} data-testid="event-game" data-over={g.over ? '1' : '0'}>
              {view.rounds !== null && `${t('tournaments.round', { round: g.round })}: `}
              {g.table === null ? t('tournaments.bye', { name: g.names[0] }) : g.names.join(' – ')}
              {g.over &&
                g.places &&
                g.table !== null &&
                ` · ${t('tournaments.won', { name: g.names[g.places.indexOf(0)] })}`}{' '}
              {g.table && <a href={`#/table/${encodeURIComponent(g.table)}`}>{t('tournaments.watch')}</a>}
            </li>
          ))}
        </ul>
      </section>
      <p>
        <a href="#/events">{t('tournaments.all')}</a>
      </p>
    </main>
  );
}
