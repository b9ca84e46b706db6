/**
 * Bots of one's own (issue 32): make the bot account from a fresh account, create and revoke its API
 * tokens (a new token is shown once: the server keeps only its hash), and a short guide with the bridge
 * command to copy, filled in with this server's address. The bot's games are on its player page; its
 * standing on the ladder page. The API is the server's (`/api/me/bot`, `/api/me/tokens`; server README).
 */
import { useEffect, useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';
import { call } from '../net/api.js';
import { useMe } from '../net/me.js';

interface TokenInfo {
  readonly id: string;
  readonly label: string;
  readonly scopes: readonly string[];
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
  readonly revokedAt: number | null;
}

const botApi = {
  status: () => call<{ bot: boolean; since: number | null }>('GET', '/api/me/bot'),
  become: () => call<{ bot: true; since: number }>('POST', '/api/me/bot', {}),
  tokens: () => call<{ tokens: TokenInfo[] }>('GET', '/api/me/tokens'),
  create: (label: string, scopes: string[]) =>
    call<{ token: string; info: TokenInfo }>('POST', '/api/me/tokens', { label, scopes }),
  revoke: (id: string) =>
    call<{ revoked: true }>('POST', `/api/me/tokens/${encodeURIComponent(id)}/revoke`, {}),
};

const day = (ms: number) => new Date(ms).toLocaleDateString();

export function BotsScreen() {
  const t = useT();
  const me = useMe();
  const [since, setSince] = useState<number | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const account = me?.kind === 'account';
  useEffect(() => {
    if (!account) return;
    void botApi.status().then((r) => (r.ok ? setSince(r.value.since) : setError(r.error.message)));
  }, [account, me?.name]);

  const become = async () => {
    if (!confirm(t('botsPage.becomeConfirm', { name: me!.name }))) return;
    const r = await botApi.become();
    if (r.ok) setSince(r.value.since);
    else setError(r.error.message);
  };

  return (
    <main class="page bots-page" data-testid="bots">
      <h1>{t('botsPage.title')}</h1>
      <p class="muted">{t('botsPage.intro')}</p>
      <section class="card" aria-labelledby="bots-account">
        <h2 id="bots-account">{t('botsPage.accountTitle')}</h2>
        {!me ? null : !account ? (
          <p data-testid="bots-guest">
            {t('botsPage.guest')} <a href="#/account">{t('botsPage.toAccount')}</a>
          </p>
        ) : since === undefined ? (
          !error && <p class="muted">{t('app.loading')}</p>
        ) : since === null ? (
          <>
            <p>{t('botsPage.becomeExplain')}</p>
            <button data-testid="bots-become" onClick={() => void become()}>
              {t('botsPage.become', { name: me.name })}
            </button>
          </>
        ) : (
          <p data-testid="bots-is-bot">
            {t('botsPage.isBot', { name: me.name, date: day(since) })}{' '}
            <a href={`#/player/${encodeURIComponent(me.name)}`} data-testid="bots-games">
              {t('botsPage.games')}
            </a>{' '}
            · <a href="#/ladder">{t('botsPage.standing')}</a>
          </p>
        )}
        {error && (
          <p class="error" role="alert" data-testid="bots-error">
            {error}
          </p>
        )}
      </section>
      {account && since != null && <Tokens />}
      <Guide />
    </main>
  );
}

function Tokens() {
  const t = useT();
  const [tokens, setTokens] = useState<readonly TokenInfo[]>([]);
  const [label, setLabel] = useState('');
  const [read, setRead] = useState(false);
  const [made, setMade] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () =>
    void botApi.tokens().then((r) => (r.ok ? setTokens(r.value.tokens) : setError(r.error.message)));
  useEffect(load, []);
  const create = async (e: Event) => {
    e.preventDefault();
    const r = await botApi.create(label, read ? ['play', 'read'] : ['play']);
    if (!r.ok) return setError(r.error.message);
    setError(null);
    setMade(r.value.token);
    setLabel('');
    load();
  };
  const revoke = async (id: string) => {
    const r = await botApi.revoke(id);
    if (!r.ok) setError(r.error.message);
    load();
  };
  const live = tokens.filter((k) => k.revokedAt === null);
  return (
    <section class="card" aria-labelledby="bots-tokens">
      <h2 id="bots-tokens">{t('botsPage.tokensTitle')}</h2>
      <p class="muted small">{t('botsPage.tokensExplain')}</p>
      {live.length === 0 ? (
        <p class="muted" data-testid="bots-no-tokens">
          {t('botsPage.noTokens')}
        </p>
      ) : (
        <ul class="token-list" data-testid="bots-tokens">
          {live.map((k) => (
            <li key={k.id} data-testid="bots-token" class="row">
              <strong>{k.label}</strong>
              <span class="muted small">
                {k.scopes.join(', ')} ·{' '}
                {k.lastUsedAt
                  ? t('botsPage.tokenUsed', { date: day(k.lastUsedAt) })
                  : t('botsPage.tokenUnused', { date: day(k.createdAt) })}
              </span>
              <button
                class="small secondary"
                data-testid="bots-revoke"
                aria-label={t('botsPage.revokeNamed', { label: k.label })}
                onClick={() => void revoke(k.id)}
              >
                {t('botsPage.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form class="row" onSubmit={(e) => void create(e)}>
        <label class="field">
          <span>{t('botsPage.tokenLabel')}</span>
          <input
            value={label}
            required
            maxLength={64}
            data-testid="bots-token-label"
            onInput={(e) => setLabel(e.currentTarget.value)}
          />
        </label>
        <label class="check">
          <input type="checkbox" checked={read} onChange={(e) => setRead(e.currentTarget.checked)} />{' '}
          {t('botsPage.readScope')}
        </label>
        <button type="submit" data-testid="bots-make-token">
          {t('botsPage.makeToken')}
        </button>
      </form>
      {made && (
        <div class="new-token" role="status">
          <label class="field">
            <span>{t('botsPage.newToken')}</span>
            <input
              readOnly
              value={made}
              data-testid="bots-new-token"
              onFocus={(e) => e.currentTarget.select()}
            />
          </label>
        </div>
      )}
      {error && (
        <p class="error" role="alert" data-testid="bots-token-error">
          {error}
        </p>
      )}
    </section>
  );
}

function Guide() {
  const t = useT();
  const command = `npx attila bot connect --server ${location.origin} --token attila_bot_… -- python3 examples/bots/python/attila_bot.py`;
  return (
    <section class="card" aria-labelledby="bots-guide">
      <h2 id="bots-guide">{t('botsPage.guideTitle')}</h2>
      <p>{t('botsPage.guideBridge')}</p>
      <pre class="command" data-testid="bots-command" tabIndex={0}>
        <code>{command}</code>
      </pre>
      <p>{t('botsPage.guideRules')}</p>
      <p>{t('botsPage.guideProtocol')}</p>
      <h3>{t('botsPage.ladderTitle')}</h3>
      <p>{t('botsPage.guideLadder')}</p>
      <pre class="command" tabIndex={0}>
        <code>{`curl -H "Authorization: Bearer $TOKEN" -H 'content-type: application/json' -d '{"join":true}' ${location.origin}/api/bot/ladder`}</code>
      </pre>
      <p>
        <a href="#/ladder" data-testid="bots-ladder">
          {t('botsPage.toLadder')}
        </a>
      </p>
    </section>
  );
}
