/** The leaderboards: per game and speed class, the settled players (not provisional), and the bots' ratings. */
import { RATING_SPEEDS, type Leaderboard, type RatingSpeed } from '@attila/protocol';
import { useEffect, useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';
import { accountApi } from '../net/me.js';
import { botName } from '../ui/names.js';

const GAMES = ['knights', 'tribes'] as const;

export function LeaderboardScreen() {
  const t = useT();
  const [game, setGame] = useState<(typeof GAMES)[number]>('knights');
  const [speed, setSpeed] = useState<RatingSpeed>('fast');
  const [board, setBoard] = useState<Leaderboard | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setBoard(null);
    void accountApi.leaderboard(game, speed).then((r) => {
      if (r.ok) setBoard(r.value.leaderboard);
      else setError(r.error.message);
    });
  }, [game, speed]);
  return (
    <main class="page" data-testid="leaderboard">
      <h1>{t('ratings.leaderboard')}</h1>
      <div class="tabs" role="group" aria-label={t('ratings.chooseGame')}>
        {GAMES.map((g) => (
          <button
            key={g}
            type="button"
            class={g === game ? 'secondary active' : 'secondary'}
            aria-pressed={g === game}
            data-testid={`board-game-${g}`}
            onClick={() => setGame(g)}
          >
            {t(`games.${g}.name`)}
          </button>
        ))}
      </div>
      <div class="tabs" role="group" aria-label={t('ratings.chooseSpeed')}>
        {RATING_SPEEDS.map((s) => (
          <button
            key={s}
            type="button"
            class={s === speed ? 'secondary active' : 'secondary'}
            aria-pressed={s === speed}
            data-testid={`board-speed-${s}`}
            onClick={() => setSpeed(s)}
          >
            {t(`ratings.speed.${s}`)}
          </button>
        ))}
      </div>
      {error && <p class="error">{error}</p>}
      {board && (
        <div class="board">
          <section class="card" data-testid="board-players">
            <h2>
              {t(`games.${board.game}.name`)} · {t(`ratings.speed.${board.speed}`)}
            </h2>
            {board.players.length === 0 ? (
              <p class="muted" data-testid="board-empty">
                {t('ratings.boardEmpty')}
              </p>
            ) : (
              <table class="rating-table">
                <thead>
                  <tr>
                    <th scope="col">{t('ratings.rank')}</th>
                    <th scope="col">{t('ratings.player')}</th>
                    <th scope="col">{t('ratings.rating')}</th>
                    <th scope="col">{t('ratings.games')}</th>
                  </tr>
                </thead>
                <tbody>
                  {board.players.map((p) => (
                    <tr key={p.name} data-testid="board-row">
                      <td>{p.rank}</td>
                      <td>
                        <a href={`#/player/${encodeURIComponent(p.name)}`}>{p.name}</a>
                      </td>
                      <td>{p.rating}</td>
                      <td>{p.games}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <p class="muted small">{t('ratings.boardRule')}</p>
          </section>
          <section class="card" data-testid="board-bots">
            <h2>{t('ratings.bots')}</h2>
            <ul class="stats">
              {board.bots.map((b) => (
                <li key={b.bot} data-testid={`bot-rating-${b.bot}`}>
                  {t('ratings.botLine', { bot: botName(t, b.bot), rating: b.rating })}
                </li>
              ))}
            </ul>
            <p class="muted small">{t('ratings.botsRule')}</p>
            <p>
              <a href="#/ladder" data-testid="ladder-link">
                {t('ladder.link')}
              </a>
            </p>
          </section>
        </div>
      )}
    </main>
  );
}
