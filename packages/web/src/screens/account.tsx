/**
 * The player's own screen. A guest claims an account (name and password, nothing else) or signs in to
 * one; an account changes its password, sees and ends its sessions, signs out, or deletes itself. Both
 * see their finished games.
 */
import type { PlayerProfile, SessionInfo } from '@attila/protocol';
import { useEffect, useState } from 'preact/hooks';
import { useT, type T } from '../i18n/i18n.js';
import { deviceName } from '../ui/device-name.js';
import { accountApi, addPasskey, ensureMe, setMe, signInWithPasskey, useMe } from '../net/me.js';
import { filterQuery, PlayerGames, type GamesFilter } from './games-list.js';
import { NotificationSettings } from './notifications.js';
import { RatingsCard } from './ratings.js';

/** A labelled text or password input, as every form on this screen has. */
function Field(props: {
  label: string;
  value: string;
  onInput: (value: string) => void;
  autoComplete: string;
  type?: 'text' | 'password';
  testid?: string;
}) {
  return (
    <label class="field">
      <span>{props.label}</span>
      <input
        type={props.type ?? 'text'}
        value={props.value}
        required
        autoComplete={props.autoComplete}
        data-testid={props.testid}
        onInput={(e) => props.onInput(e.currentTarget.value)}
      />
    </label>
  );
}

/** A name-and-password form (claim, sign in). */
function Credentials(props: {
  testid: string;
  title: string;
  submit: string;
  newPassword: boolean;
  onSubmit: (name: string, password: string) => Promise<string | null>;
}) {
  const t = useT();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      class="card"
      data-testid={props.testid}
      onSubmit={(e) => {
        e.preventDefault();
        void props.onSubmit(name, password).then(setError);
      }}
    >
      <h2>{props.title}</h2>
      <Field
        label={t('account.name')}
        value={name}
        onInput={setName}
        autoComplete="username"
        testid={`${props.testid}-name`}
      />
      <Field
        label={t('account.password')}
        type="password"
        value={password}
        onInput={setPassword}
        autoComplete={props.newPassword ? 'new-password' : 'current-password'}
        testid={`${props.testid}-password`}
      />
      {props.newPassword && <p class="muted small">{t('account.passwordRule')}</p>}
      {error && (
        <p class="error" role="alert" data-testid={`${props.testid}-error`}>
          {error}
        </p>
      )}
      <button type="submit" data-testid={`${props.testid}-submit`}>
        {props.submit}
      </button>
    </form>
  );
}

function ChangePassword() {
  const t = useT();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <form
      class="card"
      data-testid="change-password"
      onSubmit={(e) => {
        e.preventDefault();
        void accountApi.changePassword(current, next).then((r) => {
          setMessage(
            r.ok
              ? { ok: true, text: t('account.passwordChanged', { count: r.value.endedSessions }) }
              : { ok: false, text: r.error.message },
          );
          if (r.ok) {
            setCurrent('');
            setNext('');
          }
        });
      }}
    >
      <h2>{t('account.changePassword')}</h2>
      <Field
        label={t('account.currentPassword')}
        type="password"
        value={current}
        onInput={setCurrent}
        autoComplete="current-password"
      />
      <Field
        label={t('account.newPassword')}
        type="password"
        value={next}
        onInput={setNext}
        autoComplete="new-password"
      />
      {message && (
        <p class={message.ok ? 'ok' : 'error'} role="status">
          {message.text}
        </p>
      )}
      <button type="submit">{t('account.changePassword')}</button>
    </form>
  );
}

function Sessions() {
  const t = useT();
  const [sessions, setSessions] = useState<SessionInfo[]>([]);
  const load = () => void accountApi.sessions().then((r) => r.ok && setSessions(r.value.sessions));
  useEffect(load, []);
  const when = (ms: number) => new Date(ms).toLocaleString();
  return (
    <section class="card" data-testid="sessions">
      <h2>{t('account.sessions')}</h2>
      <ul class="session-list">
        {sessions.map((s) => (
          <li key={s.id} data-testid="session">
            <div>
              <strong data-testid="session-device" title={s.userAgent || undefined}>
                {deviceText(t, s.userAgent)}
              </strong>
              {s.current && <span class="muted"> — {t('account.thisSession')}</span>}
            </div>
            <div class="muted small">
              {t('account.sessionTimes', { created: when(s.createdAt), seen: when(s.lastSeenAt) })}
            </div>
            {!s.current && (
              <button
                class="small"
                data-testid="revoke"
                onClick={() => void accountApi.revoke(s.id).then(load)}
              >
                {t('account.revoke')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Passkeys() {
  const t = useT();
  const [keys, setKeys] = useState<{ id: string; createdAt: number; lastUsedAt: number | null }[]>([]);
  const [error, setError] = useState<string | null>(null);
  const load = () => void accountApi.passkeys().then((r) => r.ok && setKeys(r.value.passkeys));
  useEffect(load, []);
  return (
    <section class="card" data-testid="passkeys">
      <h2>{t('account.passkeys')}</h2>
      <p class="muted small">{t('account.passkeysHint')}</p>
      <ul class="session-list">
        {keys.map((k) => (
          <li key={k.id} data-testid="passkey">
            <div class="muted small">
              {t('account.passkeyTimes', {
                created: new Date(k.createdAt).toLocaleString(),
                used: k.lastUsedAt ? new Date(k.lastUsedAt).toLocaleString() : t('account.never'),
              })}
            </div>
            <button class="small" onClick={() => void accountApi.removePasskey(k.id).then(load)}>
              {t('account.removePasskey')}
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button
        data-testid="add-passkey"
        onClick={() =>
          void addPasskey().then((r) => {
            setError(r.ok ? null : r.error.message);
            load();
          })
        }
      >
        {t('account.addPasskey')}
      </button>
    </section>
  );
}

function PasskeySignIn() {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  return (
    <div class="passkey-sign-in">
      <button
        type="button"
        data-testid="passkey-login"
        onClick={() => void signInWithPasskey().then((r) => setError(r.ok ? null : r.error.message))}
      >
        {t('account.passkeySignIn')}
      </button>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function DeleteAccount() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!open)
    return (
      <button class="danger" data-testid="delete-open" onClick={() => setOpen(true)}>
        {t('account.delete')}
      </button>
    );
  return (
    <form
      class="card danger-zone"
      data-testid="delete-account"
      onSubmit={(e) => {
        e.preventDefault();
        void accountApi.deleteAccount(password).then(async (r) => {
          if (!r.ok) return setError(r.error.message);
          await ensureMe();
        });
      }}
    >
      <h2>{t('account.delete')}</h2>
      <p>{t('account.deleteWarning')}</p>
      <Field
        label={t('account.password')}
        type="password"
        value={password}
        onInput={setPassword}
        autoComplete="current-password"
      />
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <div class="row">
        <button type="submit" class="danger" data-testid="delete-confirm">
          {t('account.deleteConfirm')}
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

function MyGames({ playerId }: { playerId: string }) {
  const [profile, setProfile] = useState<PlayerProfile | null>(null);
  const [filter, setFilter] = useState<GamesFilter>({ game: '', result: '' });
  useEffect(() => {
    void accountApi.myGames(filterQuery(filter)).then((r) => r.ok && setProfile(r.value.profile));
  }, [playerId, filter.game, filter.result]);
  if (!profile) return null;
  return (
    <>
      {/* Ratings are for accounts (rated tables need one); a guest's history has no name to be found by. */}
      {profile.kind === 'account' && <RatingsCard name={profile.name} profile={profile} />}
      <PlayerGames profile={profile} filter={filter} onFilter={setFilter} />
    </>
  );
}

export function AccountScreen() {
  const t = useT();
  const me = useMe();
  if (!me) return <main class="page">{t('common.waiting')}</main>;
  const signedIn = async (r: Awaited<ReturnType<typeof accountApi.login>>) => {
    if (!r.ok) return r.error.message;
    setMe(r.value.player);
    return null;
  };
  return (
    <main class="page account" data-testid="account">
      <h1>{me.kind === 'guest' ? t('account.guestTitle', { name: me.name }) : me.name}</h1>
      {me.kind === 'guest' ? (
        <>
          <p class="muted">{t('account.guestHint')}</p>
          <div class="grid2">
            <Credentials
              testid="claim"
              title={t('account.claim')}
              submit={t('account.claimSubmit')}
              newPassword
              onSubmit={async (name, password) => signedIn(await accountApi.claim(name, password))}
            />
            <Credentials
              testid="login"
              title={t('account.signIn')}
              submit={t('account.signIn')}
              newPassword={false}
              onSubmit={async (name, password) => signedIn(await accountApi.login(name, password))}
            />
          </div>
          <PasskeySignIn />
        </>
      ) : (
        <>
          <p class="row">
            <a class="button small" href={`#/player/${encodeURIComponent(me.name)}`}>
              {t('account.profile')}
            </a>
            <button data-testid="logout" onClick={() => void accountApi.logout().then(() => ensureMe())}>
              {t('account.signOut')}
            </button>
          </p>
          <div class="grid2">
            <ChangePassword />
            <Sessions />
            <Passkeys />
            <NotificationSettings />
          </div>
        </>
      )}
      <MyGames key={me.id} playerId={me.id} />
      {me.kind === 'account' && <DeleteAccount />}
    </main>
  );
}

/** "Chrome on Linux", "Firefox", "a device with Android", or "Unknown device" (ui/device-name.ts). */
function deviceText(t: T, userAgent: string): string {
  const d = deviceName(userAgent);
  if (!d) return t('account.unknownDevice');
  if (d.browser && d.system) return t('account.deviceOn', { browser: d.browser, system: d.system });
  return d.browser ?? t('account.deviceWith', { system: d.system });
}
