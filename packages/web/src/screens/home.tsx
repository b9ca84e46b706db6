import { FollowingCard } from '../community/following-card.js';
import { useT, type T } from '../i18n/i18n.js';
import { Knight } from '../knights/pieces.js';
import { TribeSymbol, TRIBES } from '../tribes/tribes.js';
import { AppVersion } from '../ui/update-prompt.js';
import { QuickPairing } from './quick-pairing.js';
import { YourGames } from './your-games.js';

/** One of a game card's links: the first is the card's main action, the others are secondary. */
interface GameAction {
  readonly href: string;
  readonly label: string;
  readonly testid?: string;
}

const knightsActions = (t: T): readonly GameAction[] => [
  { href: '#/lobby/knights', label: t('home.playBot'), testid: 'knights-vs-bot' },
  { href: '#/learn', label: t('home.learn'), testid: 'knights-learn' },
  { href: '#/knights/hotseat', label: t('home.hotseat'), testid: 'knights-hotseat' },
  { href: '#/knights/analysis', label: t('home.analysisBoard'), testid: 'knights-analysis' },
  { href: '#/knights/puzzles', label: t('home.puzzles'), testid: 'knights-puzzles' },
  { href: '#/rules/knights', label: t('home.rules') },
];

const tribesActions = (t: T): readonly GameAction[] => [
  { href: '#/lobby/tribes', label: t('home.playOnline'), testid: 'tribes-online' },
  { href: '#/learn', label: t('home.learn'), testid: 'tribes-learn' },
  { href: '#/tribes/hotseat', label: t('home.hotseat'), testid: 'tribes-hotseat' },
  { href: '#/rules/tribes', label: t('home.rules') },
];

function GameActions(props: { actions: readonly GameAction[] }) {
  return (
    <div class="actions">
      {props.actions.map((a, i) => (
        <a key={a.href} class={i === 0 ? 'button' : 'button secondary'} href={a.href} data-testid={a.testid}>
          {a.label}
        </a>
      ))}
    </div>
  );
}

export function Home() {
  const t = useT();
  return (
    <main class="page home">
      <section class="hero">
        <h1>{t('home.title')}</h1>
        <p class="muted">{t('home.subtitle')}</p>
        <a class="button secondary" href="#/challenge" data-testid="home-challenge">
          {t('challenge.title')}
        </a>{' '}
        <a class="button secondary" href="#/events" data-testid="home-events">
          {t('tournaments.title')}
        </a>{' '}
        <a class="button secondary" href="#/bots" data-testid="home-bots">
          {t('home.bots')}
        </a>
      </section>
      <QuickPairing />
      <FollowingCard />
      <YourGames />
      <div class="grid2">
        <section class="card game-card" data-testid="knights-card">
          <svg class="art" viewBox="0 0 300 140" aria-hidden="true">
            <rect width="300" height="140" fill="#b89c66" />
            {Array.from({ length: 20 }, (_, i) => (
              <rect
                key={i}
                x={(i % 5) * 60 + 2}
                y={Math.floor(i / 5) * 35 + 2}
                width="56"
                height="31"
                rx="4"
                fill={(i + Math.floor(i / 5)) % 2 ? '#d9c796' : '#c5ad78'}
              />
            ))}
            <rect x="182" y="37" width="56" height="31" rx="4" fill="#2b211c" />
            <g transform="translate(62 30)">
              <Knight side="R" size={70} />
            </g>
            <g transform="translate(180 60)">
              <Knight side="H" size={70} />
            </g>
          </svg>
          <h2>{t('games.knights.name')}</h2>
          <p>{t('games.knights.blurb')}</p>
          <GameActions actions={knightsActions(t)} />
        </section>
        <section class="card game-card" data-testid="tribes-card">
          <svg class="art" viewBox="0 0 300 140" aria-hidden="true">
            <rect width="300" height="140" fill="#a9cbe0" />
            <path
              d="M0 20 C60 10 90 40 140 30 C190 20 240 50 300 30 V0 H0 Z M20 140 C60 100 120 120 160 110 C210 98 250 120 300 105 V140 Z M120 55 C135 60 140 85 150 100 L158 96 C150 80 150 62 132 50 Z"
              fill="#e9dcb5"
              stroke="#8c7a52"
            />
            {TRIBES.map((tribe, i) => (
              <g key={tribe} transform={`translate(${40 + i * 44} ${60 + (i % 2) * 14})`}>
                <TribeSymbol tribe={tribe} size={26} />
              </g>
            ))}
          </svg>
          <h2>{t('games.tribes.name')}</h2>
          <p>{t('games.tribes.blurb')}</p>
          <GameActions actions={tribesActions(t)} />
        </section>
      </div>
      <AppVersion />
    </main>
  );
}
