/**
 * Events (tournaments): the list of upcoming, running and finished events, and the form an account fills
 * in to create one. The formats' rules are told on each event's page (event.tsx).
 */
import type { ClockSettings } from '@attila/protocol';
import { EVENT_LIMITS, type CreateEvent, type EventFormat, type EventSummary } from '@attila/protocol/events';
import { useEffect, useState } from 'preact/hooks';
import { useT, type T } from '../i18n/i18n.js';
import { eventApi } from '../net/events.js';
import { useMe } from '../net/me.js';
import { navigate } from '../router.js';

const REFRESH_MS = 5_000;

/** The clocks offered: minutes per player (live) or days per move (correspondence). */
export const EVENT_CLOCKS: Record<string, ClockSettings> = {
  '3': { mode: 'game', initialMs: 3 * 60_000, incrementMs: 0 },
  '5': { mode: 'game', initialMs: 5 * 60_000, incrementMs: 0 },
  '10': { mode: 'game', initialMs: 10 * 60_000, incrementMs: 0 },
  '1d': { mode: 'days', days: 1 },
  '3d': { mode: 'days', days: 3 },
};

export function clockText(t: T, clock: ClockSettings): string {
  if (clock.mode === 'days') return t('tournaments.clockDays', { count: clock.days });
  if (clock.mode === 'game')
    return t('tournaments.clockMinutes', { count: Math.round(clock.initialMs / 60_000) });
  if (clock.mode === 'move') return t('tournaments.clockMove', { count: Math.round(clock.moveMs / 1000) });
  return t('tournaments.clockMinutes', { count: Math.round(clock.initialMs / 60_000) });
}

function Row({ e }: { e: EventSummary }) {
  const t = useT();
  return (
    <li data-testid="event-item" data-status={e.status}>
      <a href={`#/events/${encodeURIComponent(e.id)}`}>{e.name}</a>{' '}
      <span class="muted small">
        {t(`tournaments.format.${e.format}`)} · {clockText(t, e.clock)} ·{' '}
        {e.rated ? t('tournaments.rated') : t('tournaments.casual')} ·{' '}
        {t('tournaments.entrants', { count: e.entrants })} · {new Date(e.startsAt).toLocaleString()}
        {e.private ? ` · ${t('tournaments.private')}` : ''}
      </span>
    </li>
  );
}

function CreateForm() {
  const t = useT();
  const me = useMe();
  const [name, setName] = useState('');
  const [format, setFormat] = useState<EventFormat>('swiss');
  const [rounds, setRounds] = useState(3);
  const [minutes, setMinutes] = useState(30);
  const [clock, setClock] = useState('5');
  const [roundDays, setRoundDays] = useState<number>(EVENT_LIMITS.defaultRoundDays);
  const [startIn, setStartIn] = useState(5);
  const [rated, setRated] = useState(false);
  const [priv, setPriv] = useState(false);
  const [bots, setBots] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!me || me.kind === 'guest') return <p class="muted">{t('tournaments.createNeedsAccount')}</p>;
  // Correspondence rounds stay open a number of days (the server decides the games still played then).
  const daysRounds = format !== 'arena' && EVENT_CLOCKS[clock]?.mode === 'days';
  const submit = async (ev: Event) => {
    ev.preventDefault();
    const body: CreateEvent = {
      name,
      format,
      startsAt: Date.now() + startIn * 60_000,
      clock: EVENT_CLOCKS[clock],
      rated,
      private: priv,
      ...(format === 'arena' ? { minutes } : { rounds }),
      ...(daysRounds ? { roundDays } : {}),
      ...(format === 'tribes-rounds' ? { bots } : {}),
    };
    const r = await eventApi.create(body);
    if (!r.ok) return setError(r.error.message);
    navigate({ name: 'event', id: r.value.event.id, code: null });
  };
  return (
    <form class="card" data-testid="event-form" onSubmit={(e) => void submit(e)}>
      <h2>{t('tournaments.create')}</h2>
      <label>
        {t('tournaments.name')}{' '}
        <input
          data-testid="event-name"
          value={name}
          required
          minLength={3}
          maxLength={60}
          onInput={(e) => setName(e.currentTarget.value)}
        />
      </label>
      <label>
        {t('tournaments.formatLabel')}{' '}
        <select
          data-testid="event-format"
          value={format}
          onChange={(e) => setFormat(e.currentTarget.value as EventFormat)}
        >
          {(['arena', 'swiss', 'tribes-rounds'] as const).map((f) => (
            <option key={f} value={f}>
              {t(`tournaments.format.${f}`)}
            </option>
          ))}
        </select>
      </label>
      {format === 'arena' ? (
        <label>
          {t('tournaments.minutes')}{' '}
          <input
            data-testid="event-minutes"
            type="number"
            min={5}
            max={1440}
            value={minutes}
            onInput={(e) => setMinutes(Number(e.currentTarget.value))}
          />
        </label>
      ) : (
        <label>
          {t('tournaments.rounds')}{' '}
          <input
            data-testid="event-rounds"
            type="number"
            min={1}
            max={15}
            value={rounds}
            onInput={(e) => setRounds(Number(e.currentTarget.value))}
          />
        </label>
      )}
      <label>
        {t('tournaments.clock')}{' '}
        <select data-testid="event-clock" value={clock} onChange={(e) => setClock(e.currentTarget.value)}>
          {Object.entries(EVENT_CLOCKS)
            .filter(([, c]) => format !== 'arena' || c.mode !== 'days')
            .map(([k, c]) => (
              <option key={k} value={k}>
                {clockText(t, c)}
              </option>
            ))}
        </select>
      </label>
      {daysRounds && (
        <label>
          {t('tournaments.roundDays')}{' '}
          <input
            data-testid="event-round-days"
            type="number"
            min={1}
            max={EVENT_LIMITS.maxRoundDays}
            value={roundDays}
            onInput={(e) => setRoundDays(Number(e.currentTarget.value))}
          />
        </label>
      )}
      <label>
        {t('tournaments.startIn')}{' '}
        <select
          data-testid="event-start"
          value={String(startIn)}
          onChange={(e) => setStartIn(Number(e.currentTarget.value))}
        >
          {[0, 1, 5, 15, 60, 24 * 60].map((m) => (
            <option key={m} value={String(m)}>
              {m === 0 ? t('tournaments.now') : t('tournaments.inMinutes', { count: m })}
            </option>
          ))}
        </select>
      </label>
      <label>
        <input
          type="checkbox"
          data-testid="event-rated"
          checked={rated}
          onChange={(e) => setRated(e.currentTarget.checked)}
        />{' '}
        {t('tournaments.rated')}
      </label>
      <label>
        <input
          type="checkbox"
          data-testid="event-private"
          checked={priv}
          onChange={(e) => setPriv(e.currentTarget.checked)}
        />{' '}
        {t('tournaments.privateHint')}
      </label>
      {format === 'tribes-rounds' && (
        <label>
          <input
            type="checkbox"
            data-testid="event-bots"
            checked={bots}
            onChange={(e) => setBots(e.currentTarget.checked)}
          />{' '}
          {t('tournaments.botsFill')}
        </label>
      )}
      {error && (
        <p class="error" role="alert" data-testid="event-error">
          {error}
        </p>
      )}
      <button type="submit" data-testid="event-create">
        {t('tournaments.create')}
      </button>
    </form>
  );
}

export function EventsScreen() {
  const t = useT();
  const [events, setEvents] = useState<EventSummary[] | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      void eventApi.list().then((r) => {
        if (live && r.ok) setEvents(r.value.events);
      });
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  const of = (status: EventSummary['status']) => (events ?? []).filter((e) => e.status === status);
  return (
    <main class="page" data-testid="events">
      <h1>{t('tournaments.title')}</h1>
      <p>{t('tournaments.intro')}</p>
      {(['running', 'upcoming', 'finished'] as const).map((status) => (
        <section class="card" key={status} data-testid={`events-${status}`}>
          <h2>{t(`tournaments.status.${status}`)}</h2>
          {of(status).length === 0 ? (
            <p class="muted">{t('tournaments.none')}</p>
          ) : (
            <ul>
              {of(status).map((e) => (
                <Row key={e.id} e={e} />
              ))}
            </ul>
          )}
        </section>
      ))}
      <CreateForm />
    </main>
  );
}
