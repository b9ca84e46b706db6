/**
 * Signals that it has become your turn for a player looking elsewhere, on top of the tab's title
 * (turn-title.ts): an optional short sound, and a browser notification while the tab is hidden. Both are off
 * until the player turns them on (saved in this browser); the browser asks for permission to notify only
 * when the player turns notifications on.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';

const SOUND_KEY = 'attila.turnSound';
const NOTIFY_KEY = 'attila.turnNotify';

export interface TurnSignals {
  readonly sound: boolean;
  readonly notify: boolean;
}

export function turnSignals(): TurnSignals {
  return {
    sound: globalThis.localStorage?.getItem(SOUND_KEY) === 'on',
    notify: globalThis.localStorage?.getItem(NOTIFY_KEY) === 'on',
  };
}

function save(key: string, on: boolean): void {
  if (on) localStorage.setItem(key, 'on');
  else localStorage.removeItem(key);
}

/** A short two-note chime made on the spot (no sound file to load). */
function chime(notes: readonly number[] = [660, 880]): void {
  const Ctx = globalThis.AudioContext;
  if (!Ctx) return;
  const audio = new Ctx();
  const start = audio.currentTime;
  notes.forEach((hz, i) => {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.15, start + i * 0.15);
    gain.gain.exponentialRampToValueAtTime(0.001, start + i * 0.15 + 0.14);
    osc.connect(gain).connect(audio.destination);
    osc.start(start + i * 0.15);
    osc.stop(start + i * 0.15 + 0.15);
  });
  setTimeout(() => void audio.close(), 600);
}

/** A rising three-note call to a new event game (event-call.tsx), whether or not turn sounds are on. */
export function eventCallSound(): void {
  chime([523, 659, 784]);
}

/** Three low beeps when the player's own clock runs low, if the player turned sounds on. */
export function lowTimeSound(): void {
  if (turnSignals().sound) chime([440, 440, 440]);
}

/** Plays the chime and notifies (tab hidden) each time `myTurn` becomes true, as the player chose. */
export function useTurnSignals(myTurn: boolean, what: string): void {
  const t = useT();
  const before = useRef(myTurn);
  useEffect(() => {
    const started = myTurn && !before.current;
    before.current = myTurn;
    if (!started) return;
    const chosen = turnSignals();
    if (chosen.sound) chime();
    if (chosen.notify && document.hidden && globalThis.Notification?.permission === 'granted') {
      const n = new Notification(t('signals.notifyTitle'), { body: what, tag: 'attila-turn' });
      n.onclick = () => {
        window.focus();
        n.close();
      };
    }
  }, [myTurn]);
}

/** The two switches, shown to seated players of a live game. */
export function TurnSignalSettings() {
  const t = useT();
  const [chosen, setChosen] = useState(turnSignals);
  const [denied, setDenied] = useState(false);
  const canNotify = typeof globalThis.Notification === 'function';
  const setSound = (on: boolean) => {
    save(SOUND_KEY, on);
    setChosen((c) => ({ ...c, sound: on }));
    if (on) chime();
  };
  const setNotify = async (on: boolean) => {
    setDenied(false);
    if (on && Notification.permission !== 'granted') {
      const answer = await Notification.requestPermission();
      if (answer !== 'granted') {
        setDenied(true);
        return;
      }
    }
    save(NOTIFY_KEY, on);
    setChosen((c) => ({ ...c, notify: on }));
  };
  return (
    <details class="card turn-signals" data-testid="turn-signals">
      <summary>{t('signals.title')}</summary>
      <label class="check">
        <input
          type="checkbox"
          checked={chosen.sound}
          data-testid="signal-sound"
          onChange={(e) => setSound(e.currentTarget.checked)}
        />
        {t('signals.sound')}
      </label>
      {canNotify && (
        <label class="check">
          <input
            type="checkbox"
            checked={chosen.notify}
            data-testid="signal-notify"
            onChange={(e) => void setNotify(e.currentTarget.checked)}
          />
          {t('signals.notify')}
        </label>
      )}
      {denied && (
        <p class="muted" role="status">
          {t('signals.denied')}
        </p>
      )}
    </details>
  );
}
