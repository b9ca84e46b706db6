import { LANGUAGES, i18n, isLanguage, setLanguage, useT } from '../i18n/i18n.js';
import { useMe } from '../net/me.js';
import type { Route } from '../router.js';

export function Header({ route }: { route: Route }) {
  const t = useT();
  const me = useMe();
  const links: { href: string; key: string; active: boolean }[] = [
    { href: '#/', key: 'nav.play', active: route.name === 'home' || route.name === 'hotseat' },
    { href: '#/lobby', key: 'nav.lobby', active: route.name === 'lobby' || route.name === 'table' },
    { href: '#/replay', key: 'nav.replays', active: route.name === 'replay' },
    { href: '#/rules/knights', key: 'nav.rules', active: route.name === 'rules' },
    {
      href: '#/leaderboard',
      key: 'nav.leaderboard',
      active: route.name === 'leaderboard' || route.name === 'ladder',
    },
  ];
  return (
    <header class="top">
      <a class="brand" href="#/">
        <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
          <path d="M16 2 L29 8 V17 C29 24 23 29 16 31 C9 29 3 24 3 17 V8 Z" fill="#8b2e16" stroke="#f3e3c3" />
          <text x="16" y="22" text-anchor="middle" font-size="16" fill="#f3e3c3" font-family="serif">
            A
          </text>
        </svg>
        <span>{t('app.name')}</span>
      </a>
      <nav aria-label={t('nav.label')}>
        {links.map((l) => (
          <a
            key={l.key}
            href={l.href}
            class={l.active ? 'active' : ''}
            aria-current={l.active ? 'page' : undefined}
          >
            {t(l.key)}
          </a>
        ))}
      </nav>
      {me && (
        <a
          class={`player-chip ${route.name === 'account' ? 'active' : ''}`}
          href="#/account"
          data-testid="me"
          aria-current={route.name === 'account' ? 'page' : undefined}
          title={me.kind === 'guest' ? t('account.guestHint') : t('account.title')}
        >
          <span data-testid="me-name">{me.name}</span>
          {me.kind === 'guest' && <span class="muted small"> ({t('account.guest')})</span>}
        </a>
      )}
      <label class="lang">
        <span class="sr-only">{t('nav.language')}</span>
        <select
          data-testid="language"
          value={i18n.language}
          onChange={(e) => {
            const v = e.currentTarget.value;
            if (isLanguage(v)) setLanguage(v);
          }}
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {t(`languages.${l}`)}
            </option>
          ))}
        </select>
      </label>
    </header>
  );
}
