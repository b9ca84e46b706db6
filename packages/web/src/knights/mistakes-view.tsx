/**
 * A finished game's exact mistakes: a one-line summary ("1 blunder, first at move 9: c3-d1 lost the win;
 * b2-c4 kept it"), the value over the game as a small SVG graph, and the same values as a table (the
 * graph's text alternative), each move marked (mistakes.ts). The values come from useGameValues.
 */
import { useMemo } from 'preact/hooks';
import { positionAfter, readPosition, type Side } from '@attila/knights';
import { useT, type T } from '../i18n/i18n.js';
import { valueText } from './analysis-lines.js';
import { useGameValues, type GameValues } from './game-values.js';
import { judgeGame, MISTAKE_PLIES, summarize, type JudgedMove, type KnownValue } from './mistakes.js';

/** The position after each number of plies, from the start (the moves are the game's, hence legal). */
export function positionsOfGame(start: string, moves: readonly string[]): string[] {
  const out = [start];
  for (const m of moves) out.push(positionAfter(out[out.length - 1], m) ?? out[out.length - 1]);
  return out;
}

export function summaryText(t: T, judged: readonly JudgedMove[]): string {
  const s = summarize(judged);
  if (!s.first) return t('mistakes.none');
  const counts = [
    s.blunders > 0 ? t('mistakes.blunders', { count: s.blunders }) : null,
    s.mistakes > 0 ? t('mistakes.mistakes', { count: s.mistakes }) : null,
  ].filter((x) => x !== null);
  const f = s.first;
  const first =
    f.mark === 'blunder'
      ? t('mistakes.firstBlunder', { n: f.ply, move: f.move })
      : t('mistakes.firstMistake', {
          n: f.ply,
          move: f.move,
          plies: Math.abs((f.after?.value ?? 0) - (f.before?.value ?? 0)),
        });
  const kept = f.better ? `; ${t('mistakes.kept', { better: f.better })}` : '';
  return `${counts.join(', ')}, ${first}${kept}`;
}

const W = 320;
const H = 120;
const MID = H / 2;

/** Height above the line for the Romans' side: the sooner the game ends, the farther from the line. */
function height(v: KnownValue | null, toMove: Side, longest: number): number | null {
  if (v === null) return null;
  const romans = toMove === 'R' ? 1 : -1;
  // A finished game (value 0): the side to move has lost.
  if (v.value === 0) return -romans * (MID - 6);
  const scale = (MID - 6) / (longest + 1);
  const size = v.exact ? longest + 1 - Math.abs(v.value) + 1 : (longest + 1) / 2;
  return romans * Math.sign(v.value) * Math.min(MID - 6, size * scale);
}

function ValueGraph(props: {
  positions: readonly string[];
  values: GameValues;
  judged: readonly JudgedMove[];
}) {
  const t = useT();
  const { positions, values } = props;
  const longest = Math.max(1, ...values.values.map((v) => (v?.exact ? Math.abs(v.value) : 0)));
  const step = (W - 20) / Math.max(1, positions.length - 1);
  const points = positions.map((p, i) => {
    const h = height(values.values[i] ?? null, readPosition(p)?.toMove ?? 'R', longest);
    return h === null ? null : { x: 10 + i * step, y: MID - h, exact: values.values[i]?.exact ?? true, i };
  });
  const known = points.filter((p) => p !== null);
  return (
    <figure class="value-graph">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('mistakes.graph')} data-testid="value-graph">
        <title>{t('mistakes.graph')}</title>
        <rect x="0" y="0" width={W} height={MID} fill="#f4ead2" />
        <rect x="0" y={MID} width={W} height={MID} fill="#e8e0d0" />
        <line x1="0" x2={W} y1={MID} y2={MID} stroke="#8a7446" stroke-dasharray="4 3" />
        <polyline
          points={known.map((p) => `${p.x},${p.y}`).join(' ')}
          fill="none"
          stroke="#3d6b2a"
          stroke-width="2"
        />
        {known.map((p) => {
          const mark = p.i > 0 ? props.judged[p.i - 1]?.mark : undefined;
          const colour = mark === 'blunder' ? '#c0392b' : mark === 'mistake' ? '#d4811c' : '#3d6b2a';
          return (
            <circle
              key={p.i}
              cx={p.x}
              cy={p.y}
              r={mark === 'blunder' || mark === 'mistake' ? 5 : 3}
              fill={p.exact ? colour : '#fff'}
              stroke={colour}
              stroke-width="1.5"
            />
          );
        })}
      </svg>
      <figcaption class="muted small">{t('mistakes.graphHelp')}</figcaption>
    </figure>
  );
}

const shown = (v: KnownValue | null) => (v === null ? '?' : valueText(v));

export interface Mistakes {
  readonly positions: readonly string[] | null;
  readonly values: GameValues;
  readonly judged: readonly JudgedMove[];
}

/** The values and marks of a finished game's moves (positions null: not finished, nothing computed). */
export function useMistakes(positions: readonly string[] | null, moves: readonly string[]): Mistakes {
  const values = useGameValues(positions);
  const judged = useMemo(() => judgeGame(moves, values.values, values.best), [moves, values]);
  return { positions, values, judged };
}

/** The one line said at the end of a game. */
export function MistakesSummary({ mistakes }: { mistakes: Mistakes }) {
  const t = useT();
  const { values } = mistakes;
  if (!mistakes.positions) return null;
  return (
    <p class="small" data-testid="end-mistakes">
      <strong>{t('mistakes.title')}:</strong>{' '}
      {values.status === 'working'
        ? t('mistakes.computing', { done: values.done, total: values.total })
        : summaryText(t, mistakes.judged)}
    </p>
  );
}

export function GameMistakes(props: { mistakes: Mistakes; onJump?: (ply: number) => void }) {
  const t = useT();
  const { values, judged, positions } = props.mistakes;
  if (!positions) return null;
  const unknown = values.status !== 'working' && values.values.some((v) => v === null);
  return (
    <section class="mistakes" data-testid="mistakes" data-status={values.status}>
      <h3>{t('mistakes.title')}</h3>
      {values.status === 'working' && (
        <div class="analysis-progress" role="status">
          <p class="muted small" data-testid="mistakes-progress">
            {t('mistakes.computing', { done: values.done, total: values.total })}
          </p>
          <progress max={values.total} value={values.done} aria-label={t('mistakes.title')} />
          <button class="small secondary" data-testid="mistakes-cancel" onClick={values.cancel}>
            {t('mistakes.stop')}
          </button>
        </div>
      )}
      {values.status === 'cancelled' && (
        <p class="muted small">{t('mistakes.stopped', { done: values.done, total: values.total })}</p>
      )}
      {values.status !== 'working' && (
        <p data-testid="mistakes-summary" role="status">
          {summaryText(t, judged)}
        </p>
      )}
      {unknown && <p class="muted small">{t('mistakes.unknownSome')}</p>}
      <ValueGraph positions={positions} values={values} judged={judged} />
      <details>
        <summary>{t('mistakes.table')}</summary>
        <table class="mistakes-table" data-testid="mistakes-table">
          <thead>
            <tr>
              <th scope="col">{t('mistakes.col.ply')}</th>
              <th scope="col">{t('mistakes.col.side')}</th>
              <th scope="col">{t('mistakes.col.move')}</th>
              <th scope="col">{t('mistakes.col.before')}</th>
              <th scope="col">{t('mistakes.col.after')}</th>
              <th scope="col">{t('mistakes.col.mark')}</th>
            </tr>
          </thead>
          <tbody>
            {judged.map((j, i) => {
              const side = readPosition(positions[i])?.toMove ?? 'R';
              return (
                <tr key={j.ply} data-mark={j.mark} class={`mark-${j.mark}`}>
                  <td>
                    {props.onJump ? (
                      <button class="link" onClick={() => props.onJump?.(j.ply)}>
                        {j.ply}
                      </button>
                    ) : (
                      j.ply
                    )}
                  </td>
                  <td>{t(`sides.${side}`)}</td>
                  <td>
                    <code>{j.move}</code>
                  </td>
                  <td>{shown(j.before)}</td>
                  <td>{shown(j.after)}</td>
                  <td>
                    {t(`mistakes.mark.${j.mark}`)}
                    {j.better && (
                      <span class="muted small"> ({t('mistakes.kept', { better: j.better })})</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <p class="muted small">{t('mistakes.rule', { plies: MISTAKE_PLIES })}</p>
      </details>
    </section>
  );
}
