/**
 * The account's notifications (Web Push): on or off for this device, and which kinds — your turn in a
 * correspondence game, a challenge, your clock running low. The browser asks for permission only when the
 * player turns notices on here. Off stops them on this device at once (the browser's subscription ends and
 * the server forgets it).
 */
import type { PushChoices, PushKind, PushSettings } from '@attila/protocol';
import { useEffect, useState } from 'preact/hooks';
import { i18n, useT } from '../i18n/i18n.js';
import {
  browserSubscription,
  leaveTextsForWorker,
  PUSH_CHOICE_KINDS,
  pushApi,
  pushSupported,
  turnOff,
  turnOn,
} from '../net/push.js';

const KIND_LABEL: Record<PushKind, string> = {
  turn: 'push.kind.turn',
  challenge: 'push.kind.challenge',
  'low-time': 'push.kind.lowTime',
};

export function NotificationSettings() {
  const t = useT();
  const [settings, setSettings] = useState<PushSettings | null>(null);
  const [onHere, setOnHere] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  /** On for this device: the browser has a subscription and this session gave it to the server. */
  const show = async (s: PushSettings) => {
    setSettings(s);
    const mine = await browserSubscription();
    setOnHere(mine !== null && s.endpoints.includes(mine.endpoint));
  };
  useEffect(() => {
    void pushApi.settings().then((r) => (r.ok ? show(r.value) : setMessage(r.error.message)));
  }, []);
  // The texts the service worker shows follow the page's language.
  useEffect(() => {
    if (onHere) void leaveTextsForWorker();
  }, [onHere, i18n.language]);

  const act = async (
    work: () => Promise<{ ok: true; value: PushSettings } | { ok: false; error: { message: string } }>,
  ) => {
    setBusy(true);
    setMessage(null);
    const r = await work();
    if (r.ok) await show(r.value);
    else setMessage(r.error.message);
    setBusy(false);
  };
  const choose = (kind: PushKind, on: boolean) =>
    act(() => pushApi.choose({ [kind]: on } as Partial<PushChoices>));

  return (
    <section class="card" data-testid="notifications">
      <h2>{t('push.title')}</h2>
      {!pushSupported() ? (
        <p class="muted">{t('push.unsupported')}</p>
      ) : (
        <>
          <p class="muted small">{t('push.hint')}</p>
          <p data-testid="push-state" role="status">
            {onHere ? t('push.onHere') : t('push.offHere')}
          </p>
          <button
            type="button"
            data-testid={onHere ? 'push-off' : 'push-on'}
            disabled={busy || !settings}
            onClick={() => void act(() => (onHere ? turnOff() : turnOn(settings!.publicKey)))}
          >
            {onHere ? t('push.turnOff') : t('push.turnOn')}
          </button>
        </>
      )}
      {settings && (
        <fieldset class="push-kinds">
          <legend>{t('push.which')}</legend>
          {PUSH_CHOICE_KINDS.map((kind) => (
            <label key={kind} class="check">
              <input
                type="checkbox"
                data-testid={`push-kind-${kind}`}
                checked={settings.choices[kind]}
                disabled={busy}
                onChange={(e) => void choose(kind, e.currentTarget.checked)}
              />
              <span>{t(KIND_LABEL[kind])}</span>
            </label>
          ))}
        </fieldset>
      )}
      {message && (
        <p class="error" role="alert" data-testid="push-error">
          {message}
        </p>
      )}
    </section>
  );
}
