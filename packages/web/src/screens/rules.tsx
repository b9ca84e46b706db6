import type { GameKind } from '@attila/core';
import { gamesShownWith } from '../games/offered.js';
import { i18n, useT } from '../i18n/i18n.js';
import { LESSONS } from '../lessons/catalogue.js';

interface Section {
  readonly title: string;
  readonly paragraphs: readonly string[];
}

/** Notes shown under a game's introduction (translation keys). */
const RULE_NOTES: Record<GameKind, readonly string[]> = {
  knights: [],
  tribes: ['tribes.reconstruction'],
  nim: [],
};

const OPTION_NAMES: Record<GameKind, readonly string[]> = {
  knights: ['layout', 'first'],
  tribes: [
    'conflictBluffCards',
    'allTiedConflict',
    'tieRounding',
    'twoPlayerSecondGap',
    'influenceTrackTop',
    'first',
  ],
  nim: ['stones', 'maxTake'],
};

/** The rule sections of the locale file; anything that is not a section is left out. */
function sections(key: string): Section[] {
  const value: unknown = i18n.t(key, { returnObjects: true });
  return Array.isArray(value) ? value.filter(isSection) : [];
}

function isSection(x: unknown): x is Section {
  return (
    typeof x === 'object' &&
    x !== null &&
    'title' in x &&
    typeof x.title === 'string' &&
    'paragraphs' in x &&
    Array.isArray(x.paragraphs) &&
    x.paragraphs.every((p) => typeof p === 'string')
  );
}

export function RulesScreen({ game }: { game: GameKind }) {
  const t = useT();
  const parts = sections(`rules.${game}.sections`);
  return (
    <main class="page rules">
      <div class="tabs" role="tablist">
        {gamesShownWith(game).map((g) => (
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
        {LESSONS.some((l) => l.game === game) && (
          <p>
            <a class="button secondary" href="#/learn" data-testid="rules-lessons">
              {t('lessons.fromRules', { game: t(`games.${game}.name`) })}
            </a>
          </p>
        )}
        {RULE_NOTES[game].map((note) => (
          <p key={note} class="muted small">
            {t(note)}
          </p>
        ))}
        {parts.map((s) => (
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
