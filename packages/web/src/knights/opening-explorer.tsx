/**
 * The opening explorer under the analysis board (placement phase of the standard board): every legal
 * placement with its exact value (the analysis's verdicts: the opening table where it is built, else the
 * solver) and, from the server's finished games, how often it was played from this position (up to the
 * board's symmetries) and how often the side placing it won. The counts are fetched once per position; no
 * server (the dev server alone, offline) leaves the values only.
 */
import { useEffect, useState } from 'preact/hooks';
import { Position, STANDARD_LAYOUT } from '@attila/knights';
import { useT } from '../i18n/i18n.js';
import { valueText } from './analysis-lines.js';
import type { Verdict } from './board.js';

export interface ExplorerCounts {
  readonly position: string;
  readonly games: number;
  readonly moves: ReadonlyArray<{ move: string; games: number; wins: number }>;
}

type Fetched =
  | { readonly status: 'loading' }
  | { readonly status: 'unavailable' }
  | { readonly status: 'ready'; readonly counts: ExplorerCounts };

/** Whether the explorer has anything to say of a position: the placement phase of the standard board. */
export function explorable(position: string): boolean {
  const p = Position.parse(position);
  return p.ok && p.value.layout === STANDARD_LAYOUT && p.value.phase() === 'placement' && !p.value.winner();
}

function useExplorerCounts(position: string): Fetched {
  const [fetched, setFetched] = useState<{ position: string; state: Fetched } | null>(null);
  useEffect(() => {
    const aborter = new AbortController();
    const done = (state: Fetched) => !aborter.signal.aborted && setFetched({ position, state });
    fetch(`/api/knights/explorer?position=${encodeURIComponent(position)}`, { signal: aborter.signal })
      .then(async (res) =>
        done(res.ok ? { status: 'ready', counts: await res.json() } : { status: 'unavailable' }),
      )
      .catch(() => done({ status: 'unavailable' }));
    return () => aborter.abort();
  }, [position]);
  return fetched?.position === position ? fetched.state : { status: 'loading' };
}

const percent = (wins: number, games: number) =>
  games === 0 ? '–' : `${Math.round((100 * wins) / games)} %`;

export function OpeningExplorer(props: { position: string; verdicts: readonly Verdict[] | null }) {
  const t = useT();
  const fetched = useExplorerCounts(props.position);
  const parsed = Position.parse(props.position);
  if (!parsed.ok) return null;
  const counts = new Map(fetched.status === 'ready' ? fetched.counts.moves.map((m) => [m.move, m]) : []);
  const values = new Map((props.verdicts ?? []).map((v) => [v.move, v]));
  // Most played first (as chess explorers list them), then by name.
  const rows = parsed.value
    .legalMoves()
    .map((move) => ({ move, games: counts.get(move)?.games ?? 0, wins: counts.get(move)?.wins ?? 0 }))
    .sort((a, b) => b.games - a.games || (a.move < b.move ? -1 : 1));
  return (
    <section class="card opening-explorer" data-testid="opening-explorer" data-status={fetched.status}>
      <h2>{t('openingExplorer.title')}</h2>
      <p class="muted small">{t('openingExplorer.help')}</p>
      {fetched.status === 'loading' && <p class="muted small">{t('openingExplorer.loading')}</p>}
      {fetched.status === 'unavailable' && <p class="muted small">{t('openingExplorer.unavailable')}</p>}
      {fetched.status === 'ready' && (
        <p class="small" data-testid="explorer-total">
          {fetched.counts.games === 0
            ? t('openingExplorer.none')
            : t('openingExplorer.total', { count: fetched.counts.games })}
        </p>
      )}
      {/* Focusable, so that a keyboard can scroll the table where it is wider than the screen. */}
      <div class="table-scroll" tabindex={0} role="region" aria-label={t('openingExplorer.title')}>
        <table class="explorer">
          <thead>
            <tr>
              <th scope="col">{t('openingExplorer.placement')}</th>
              <th scope="col">{t('openingExplorer.value')}</th>
              <th scope="col">{t('openingExplorer.games')}</th>
              <th scope="col">{t('openingExplorer.wins')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const v = values.get(r.move);
              return (
                <tr
                  key={r.move}
                  data-testid="explorer-row"
                  data-move={r.move}
                  data-games={r.games}
                  data-wins={r.wins}
                >
                  <th scope="row">
                    <code>{r.move}</code>
                  </th>
                  <td class={v ? (v.value > 0 ? 'win' : 'loss') : 'muted'} data-testid="explorer-value">
                    {v ? valueText(v) : '…'}
                  </td>
                  <td>{fetched.status === 'ready' ? r.games : '…'}</td>
                  <td>{fetched.status === 'ready' ? percent(r.wins, r.games) : '…'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
