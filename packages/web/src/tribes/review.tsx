/**
 * The review of a finished Tribes game, in its replay: each player's chance to win over the game (a chart
 * and, for screen readers and exact figures, a table), the turns that swung it most, and for one player's
 * decisions what the search bot would have chosen. Computed in a worker on request; never offered for a
 * game still being played (its chances would read the hands).
 */
import type { GameRecord } from '@attila/core';
import type { GameReview } from '@attila/bots/tribes-review';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';
import type { ReviewQuestion, ReviewReply } from './review-worker.js';
import { DEFAULT_MAP, tribesGame } from '@attila/tribes';
import type { ProvinceGeo } from './geography.js';
import { moveWords } from './move-words.js';

/** The record's provinces by id, named as its map names them (a custom map's own, else the default's). */
function provinceNamesOf(record: GameRecord): Map<string, string> {
  const settings = tribesGame.parseSettings(record.settings);
  const provinces: readonly ProvinceGeo[] =
    settings.ok && settings.value.customMap ? settings.value.map.json.provinces : DEFAULT_MAP.json.provinces;
  return new Map(provinces.map((p) => [p.id, p.name]));
}

/** Two values the list would print alike ("0% against 0%") tell the reader nothing: such entries are left out. */
const differs = (a: number, b: number) => percent(a) !== percent(b);

type Status =
  | { readonly kind: 'idle' }
  | { readonly kind: 'working'; readonly done: number; readonly total: number }
  | { readonly kind: 'ready'; readonly review: GameReview; readonly seat: number }
  | { readonly kind: 'failed'; readonly message: string };

/** Okabe–Ito colours and dash patterns: seats stay apart in colour and without it. */
const SEAT_COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00'];
const SEAT_DASHES = ['', '6 3', '2 3', '8 3 2 3', '1 2'];

const percent = (x: number) => `${Math.round(100 * x)}%`;
const signed = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : '±'}${Math.abs(Math.round(100 * x))}`;

let nextId = 0;

export function TribesReview(props: {
  record: GameRecord;
  names: readonly string[];
  ply: number;
  onJump?: (ply: number) => void;
}) {
  const t = useT();
  // Each seat by its number as well as its player: two "Easy" bots must still be told apart.
  const names = props.names.map((name, seat) =>
    t('replay.seat', { seat: t('common.player', { n: seat + 1 }), name }),
  );
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [seat, setSeat] = useState(0);
  const worker = useRef<Worker | null>(null);
  const stop = () => {
    worker.current?.terminate();
    worker.current = null;
  };
  useEffect(() => stop, []);
  if (props.record.result === null) return null;

  const start = () => {
    stop();
    const w = new Worker(new URL('./review-worker.ts', import.meta.url), { type: 'module' });
    worker.current = w;
    const id = ++nextId;
    const reviewed = seat;
    w.onmessage = (e: MessageEvent<ReviewReply>) => {
      if (e.data.id !== id) return;
      if ('review' in e.data) {
        stop();
        setStatus({ kind: 'ready', review: e.data.review, seat: reviewed });
      } else if ('error' in e.data) {
        stop();
        setStatus({ kind: 'failed', message: e.data.error });
      } else setStatus({ kind: 'working', done: e.data.done, total: e.data.total });
    };
    w.postMessage({
      id,
      settings: props.record.settings,
      seed: props.record.seed,
      moves: props.record.moves,
      seat: reviewed,
    } satisfies ReviewQuestion);
    setStatus({ kind: 'working', done: 0, total: 1 });
  };

  return (
    <section class="card tribes-review" data-testid="tribes-review" aria-labelledby="review-title">
      <h2 id="review-title">{t('review.title')}</h2>
      <p class="muted small">{t('review.explain')}</p>
      <div class="row">
        <label>
          {t('review.seat')}{' '}
          <select
            data-testid="review-seat"
            value={seat}
            onChange={(e) => setSeat(Number(e.currentTarget.value))}
            disabled={status.kind === 'working'}
          >
            {names.map((name, i) => (
              <option key={i} value={i}>
                {name}
              </option>
            ))}
          </select>
        </label>
        {status.kind === 'working' ? (
          <button
            type="button"
            class="small secondary"
            data-testid="review-stop"
            onClick={() => {
              stop();
              setStatus({ kind: 'idle' });
            }}
          >
            {t('review.stop')}
          </button>
        ) : (
          <button type="button" class="small" data-testid="review-start" onClick={start}>
            {status.kind === 'ready' ? t('review.again') : t('review.start')}
          </button>
        )}
      </div>
      {status.kind === 'working' && (
        <div role="status">
          <progress max={status.total} value={status.done} aria-label={t('review.working')} />{' '}
          <span class="muted small" data-testid="review-progress">
            {t('review.progress', { percent: Math.floor((100 * status.done) / status.total) })}
          </span>
        </div>
      )}
      {status.kind === 'failed' && <p class="error small">{status.message}</p>}
      {status.kind === 'ready' && (
        <ReviewResult
          review={status.review}
          provinces={provinceNamesOf(props.record)}
          seat={status.seat}
          names={names}
          ply={props.ply}
          onJump={props.onJump}
        />
      )}
    </section>
  );
}

function ReviewResult(props: {
  review: GameReview;
  provinces: ReadonlyMap<string, string>;
  seat: number;
  names: readonly string[];
  ply: number;
  onJump?: (ply: number) => void;
}) {
  const t = useT();
  const { review, names } = props;
  const jump = (ply: number) => props.onJump?.(ply);
  const alternatives = review.alternatives.filter((a) => differs(a.botValue, a.playedValue));
  return (
    <div data-testid="review-result">
      <ChanceChart review={review} names={names} ply={props.ply} onJump={props.onJump} />
      <h3>{t('review.swings')}</h3>
      <ol class="review-swings" data-testid="review-swings">
        {review.swings.map((s) => {
          const turn = review.turns[s.turn];
          return (
            <li key={s.turn}>
              <button type="button" class="link" onClick={() => jump(turn.from)}>
                {t('review.swing', {
                  turn: turn.turn,
                  player: names[turn.seat],
                  who: names[s.seat],
                  change: signed(s.delta),
                })}
              </button>
            </li>
          );
        })}
      </ol>
      <h3>{t('review.alternatives', { name: names[props.seat] })}</h3>
      {alternatives.length === 0 ? (
        <p class="muted small" data-testid="review-no-alternatives">
          {t('review.noAlternatives')}
        </p>
      ) : (
        <ol class="review-alternatives" data-testid="review-alternatives">
          {alternatives.slice(0, 10).map((a) => (
            <li key={a.index}>
              <button type="button" class="link" onClick={() => jump(a.index)}>
                {t('review.alternative', {
                  move: a.index + 1,
                  played: moveWords(t, a.played, props.provinces),
                  bot: moveWords(t, a.bot, props.provinces),
                  botValue: percent(a.botValue),
                  playedValue: percent(a.playedValue),
                })}
              </button>
            </li>
          ))}
        </ol>
      )}
      <p class="muted small">{t('review.alternativesExplain')}</p>
    </div>
  );
}

/** The chances over the turns: one line per seat, the swings ringed, the shown move's turn marked. */
function ChanceChart(props: {
  review: GameReview;
  names: readonly string[];
  ply: number;
  onJump?: (ply: number) => void;
}) {
  const t = useT();
  const { review, names } = props;
  const width = 600;
  const height = 200;
  const pad = 28;
  const points = [...review.turns.map((turn) => turn.before), review.turns[review.turns.length - 1].after];
  const x = (k: number) => pad + ((width - 2 * pad) * k) / Math.max(1, points.length - 1);
  const y = (c: number) => height - pad - (height - 2 * pad) * c;
  const shown = review.turns.findIndex((turn) => props.ply >= turn.from && props.ply <= turn.to);
  return (
    <figure class="review-chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={t('review.chart')}
        data-testid="review-chart"
      >
        {[0, 0.5, 1].map((c) => (
          <g key={c}>
            <line x1={pad} x2={width - pad} y1={y(c)} y2={y(c)} class="grid" />
            <text x={pad - 4} y={y(c) + 4} text-anchor="end" class="axis">
              {percent(c)}
            </text>
          </g>
        ))}
        {shown >= 0 && <line x1={x(shown)} x2={x(shown)} y1={pad} y2={height - pad} class="now" />}
        {names.map((_, seat) => (
          <polyline
            key={seat}
            fill="none"
            stroke={SEAT_COLOURS[seat]}
            stroke-width="2"
            stroke-dasharray={SEAT_DASHES[seat]}
            points={points.map((c, k) => `${x(k)},${y(c[seat])}`).join(' ')}
          />
        ))}
        {review.swings.map((s) => (
          <circle
            key={s.turn}
            cx={x(s.turn + 1)}
            cy={y(review.turns[s.turn].after[s.seat])}
            r="6"
            class="swing"
            stroke={SEAT_COLOURS[s.seat]}
            onClick={() => props.onJump?.(review.turns[s.turn].from)}
          />
        ))}
      </svg>
      <figcaption class="review-legend">
        {names.map((name, seat) => (
          <span key={seat} class="review-legend-item">
            <svg width="28" height="10" aria-hidden="true">
              <line
                x1="0"
                x2="28"
                y1="5"
                y2="5"
                stroke={SEAT_COLOURS[seat]}
                stroke-width="2"
                stroke-dasharray={SEAT_DASHES[seat]}
              />
            </svg>{' '}
            {name}
          </span>
        ))}
      </figcaption>
      <details>
        <summary>{t('review.table')}</summary>
        <table data-testid="review-table">
          <thead>
            <tr>
              <th scope="col">{t('review.turn')}</th>
              {names.map((name, seat) => (
                <th key={seat} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {review.turns.map((turn) => (
              <tr key={turn.turn}>
                <th scope="row">
                  {turn.turn} · {names[turn.seat]}
                </th>
                {turn.before.map((c, seat) => (
                  <td key={seat}>{percent(c)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
