/**
 * The call to a player's next event game: when their event page sees that the event seated them at a new
 * table (event.tsx), it sits them there and opens it, and this says so — a chime and a notice under the
 * header that stays on every screen (the table included) until dismissed or replaced by the next call, and
 * a browser notification when the tab is hidden and the player turned those on (turn-signals.tsx). The
 * chime plays whether or not turn sounds are on: entering an event is asking to be called to its games.
 */
import { useEffect, useState } from 'preact/hooks';
import { useT, type T } from '../i18n/i18n.js';
import { eventCallSound, turnSignals } from './turn-signals.js';

export interface EventCall {
  readonly event: string;
  readonly eventName: string;
  readonly table: string;
  /** The round (Swiss, Tribes), null in an arena. */
  readonly round: number | null;
  readonly opponents: readonly string[];
}

let current: EventCall | null = null;
const listeners = new Set<(c: EventCall | null) => void>();

function show(call: EventCall | null): void {
  current = call;
  for (const l of listeners) l(call);
}

/** Calls the player to their new game: the chime, the notice, a notification if the tab is hidden. */
export function callToGame(call: EventCall, t: T): void {
  show(call);
  eventCallSound();
  if (turnSignals().notify && document.hidden && globalThis.Notification?.permission === 'granted') {
    const n = new Notification(t('push.notice.eventGameTitle'), {
      body: eventCallText(t, call),
      tag: `table-${call.table}`,
    });
    n.onclick = () => {
      window.focus();
      n.close();
    };
  }
}

export function EventCallNotice() {
  const t = useT();
  const [call, setCall] = useState<EventCall | null>(current);
  useEffect(() => {
    listeners.add(setCall);
    return () => void listeners.delete(setCall);
  }, []);
  if (!call) return null;
  return (
    <div class="app-notice" role="alert" data-testid="event-call" data-table={call.table}>
      <span data-testid="event-call-text">{eventCallText(t, call)}</span>
      <a class="button" href={`#/table/${encodeURIComponent(call.table)}`}>
        {t('tournaments.callOpen')}
      </a>
      <button type="button" class="secondary" data-testid="event-call-dismiss" onClick={() => show(null)}>
        {t('tournaments.callDismiss')}
      </button>
    </div>
  );
}

export function eventCallText(t: T, call: EventCall): string {
  const names = call.opponents.join(', ');
  return call.round === null
    ? t('tournaments.call', { event: call.eventName, names })
    : t('tournaments.callRound', { event: call.eventName, names, round: call.round });
}
