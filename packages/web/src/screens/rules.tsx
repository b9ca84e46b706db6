import { i18n, useT } from '../i18n/i18n.js';

interface Section {
  readonly title: string;
  readonly paragraphs: readonly string[];
}

const OPTION_NAMES = {
  knights: ['layout', 'first'],
  tribes: [
    'conflictBluffCards',
    'allTiedConflict',
    'tieRounding',
    'twoPlayerSecondGap',
    'influenceTrackTop',
    'first',
  ],
} as const;

function list<X>(key: string): X[] {
  const value = i18n.t(key, { returnObjects: true });
  return Array.isArray(value) ? (value as X[]) : [];
}

export function RulesScreen({ game }: { game: 'knights' | 'tribes' }) {
  const t = useT();
  const sections = list<Section>(`rules.${game}.sections`);
  return (
    <main class="page rules">
      <div class="tabs" role="tablist">
        {(['knights', 'tribes'] as const).map((g) => (
          <a
            key={g}
            href={`#/rules/${g}`}
            role="tab"
            aria-selected={g === game}
            class={g === game ? 'active' : ''}
          >
            {t(`games.${g}.name`)}
          </a>
        ))}
      </div>
      <article class="card" data-testid={`rules-${game}`}>
        <h1>{t(`rules.${game}.title`)}</h1>
        <p class="muted">{t(`rules.${game}.intro`)}</p>
        {game === 'tribes' && <p class="muted small">{t('tribes.reconstruction')}</p>}
        {sections.map((s) => (
          <section key={s.title}>
            <h2>{s.title}</h2>
            {s.paragraphs.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </section>
        ))}
        <h2>{t('rules.optionsTitle')}</h2>
        <dl class="options">
          {OPTION_NAMES[game].map((name) => (
            <div key={name}>
              <dt>{t(`options.${game}.${name}`)}</dt>
              <dd>{t(`optionHelp.${game}.${name}`)}</dd>
            </div>
          ))}
        </dl>
      </article>
    </main>
  );
}
