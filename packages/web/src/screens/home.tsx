import { useT } from '../i18n/i18n.js';
import { Knight } from '../knights/pieces.js';
import { TribeSymbol, TRIBES } from '../tribes/tribes.js';
import { AppVersion } from '../ui/update-prompt.js';
import { QuickPairing } from './quick-pairing.js';
import { YourGames } from './your-games.js';

export function Home() {
  const t = useT();
  return (
    <main class="page home">
      <section class="hero">
        <h1>{t('home.title')}</h1>
        <p class="muted">{t('home.subtitle')}</p>
        <a class="button secondary" href="#/challenge" data-testid="home-challenge">
          {t('challenge.title')}
        </a>
      </section>
      <QuickPairing />
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
          <div class="actions">
            <a class="button" href="#/lobby/knights" data-testid="knights-vs-bot">
              {t('home.playBot')}
            </a>
            <a class="button secondary" href="#/learn" data-testid="knights-learn">
              {t('home.learn')}
            </a>
            <a class="button secondary" href="#/knights/hotseat" data-testid="knights-hotseat">
              {t('home.hotseat')}
            </a>
            <a class="button secondary" href="#/knights/analysis" data-testid="knights-analysis">
              {t('home.analysisBoard')}
            </a>
            <a class="button secondary" href="#/knights/puzzles" data-testid="knights-puzzles">
              {t('home.puzzles')}
            </a>
            <a class="button secondary" href="#/rules/knights">
              {t('home.rules')}
            </a>
          </div>
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
          <div class="actions">
            <a class="button" href="#/lobby/tribes" data-testid="tribes-online">
              {t('home.playOnline')}
            </a>
            <a class="button secondary" href="#/learn" data-testid="tribes-learn">
              {t('home.learn')}
            </a>
            <a class="button secondary" href="#/tribes/hotseat" data-testid="tribes-hotseat">
              {t('home.hotseat')}
            </a>
            <a class="button secondary" href="#/rules/tribes">
              {t('home.rules')}
            </a>
          </div>
        </section>
      </div>
      <AppVersion />
    </main>
  );
}
