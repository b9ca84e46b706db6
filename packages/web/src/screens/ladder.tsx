/**
 * The bot ladder's public page: the built-in bot levels and the bot accounts that joined, rated against
 * each other in their own pools (Knights, Tribes at 3 and at 4 seats), and the latest games, each with its
 * record to download and replay.
 */
import type { LadderGame, LadderPlayer, LadderPoolView, LadderView } from '@attila/protocol';
import { useEffect, useState } from 'preact/hooks';
import { useT, type T } from '../i18n/i18n.js';
import { call } from '../net/api.js';
import { botName } from '../ui/names.js';

/** The page looks again this often: the ladder plays on while it is open. */
const REFRESH_MS = 15_000;

function playerName(t: T, p: Pick<LadderPlayer, 'player' | 'name'>): string {
  return p.player.startsWith('level:') ? botName(t, p.name) : p.name;
}

function Pool({ pool }: { pool: LadderPoolView }) {
  const t = useT();
  return (
    <section class="card" data-testid={`ladder-pool-${pool.pool}`}>
      <h2>{t(`ladder.pool.${pool.pool}`)}</h2>
      {pool.players.length === 0 ? (
        <p class="muted">{t('ladder.poolEmpty')}</p>
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
            {pool.players.map((p, i) => (
              <tr key={p.player} data-testid="ladder-row" data-player={p.player}>
                <td>{i + 1}</td>
                <td>
                  {playerName(t, p)}
                  {p.kind === 'account' && <span class="muted small"> · {t('ladder.botAccount')}</span>}
                </td>
                <td title={t('ladder.deviation', { deviation: p.deviation })}>
                  {p.rating}
                  {p.provisional ? '?' : ''}
                </td>
                <td>{p.games}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function placeText(t: T, game: LadderGame): string {
  if (!game.places) return t('ladder.aborted');
  const winners = game.players.filter((_, i) => game.places?.[i] === 0).map((p) => playerName(t, p));
  return t('ladder.won', { count: winners.length, names: winners.join(', ') });
}

function Recent({ games }: { games: readonly LadderGame[] }) {
  const t = useT();
  if (games.length === 0) return <p class="muted">{t('ladder.noGames')}</p>;
  return (
    <ul class="ladder-games" data-testid="ladder-games">
      {games.map((g) => (
        <li key={g.table} data-testid="ladder-game">
          <span>
            {t(`ladder.pool.${g.pool}`)}: {g.players.map((p) => playerName(t, p)).join(' – ')} ·{' '}
            {placeText(t, g)}
          </span>{' '}
          <a href={`#/table/${encodeURIComponent(g.table)}`}>{t('ladder.view')}</a>{' '}
          <a href={g.record} download data-testid="ladder-record">
            {t('ladder.record')}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function LadderScreen() {
  const t = useT();
  const [view, setView] = useState<LadderView | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      void call<LadderView>('GET', '/api/ladder').then((r) => {
        if (!live) return;
        if (r.ok) {
          setView(r.value);
          setError(null);
        } else setError(r.error.message);
      });
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return (
    <main class="page" data-testid="ladder">
      <h1>{t('ladder.title')}</h1>
      <p>{t('ladder.intro')}</p>
      <p>
        <a href="#/bots" data-testid="ladder-bots">
          {t('ladder.connectBot')}
        </a>
      </p>
      {error && <p class="error">{error}</p>}
      {view && (
        <>
          <p class="muted" data-testid="ladder-status">
            {view.running
              ? t('ladder.running', { count: view.games })
              : t('ladder.stopped', { count: view.games })}
          </p>
          <div class="board">
            {view.pools.map((p) => (
              <Pool key={p.pool} pool={p} />
            ))}
          </div>
          <section class="card">
            <h2>{t('ladder.recent')}</h2>
            <Recent games={view.recent} />
          </section>
        </>
      )}
    </main>
  );
}
