/**
 * The end of a Tribes game explained: which end condition ended it, and the standings with every seat's
 * points from each century's scoring (read from the scoring events themselves), the winners first.
 */
import { END_REASON_TEXT, EndReason, type CenturyScored, type TribesView } from '@attila/tribes';
import { useT } from '../i18n/i18n.js';
import type { LoggedMove } from './log.js';

const ROMAN: Record<number, string> = { 4: 'IV', 5: 'V', 6: 'VI', 7: 'VII' };

const REASON_KEY: Record<EndReason, string | null> = {
  [EndReason.None]: null,
  [EndReason.LastPeaceTile]: 'tribes.end.lastPeaceTile',
  [EndReason.SupplyEmpty]: 'tribes.end.supplyEmpty',
  [EndReason.TrackTop]: 'tribes.end.trackTop',
  [EndReason.NoPlacement]: 'tribes.end.noPlacement',
};

/** The engine's end reason (its own text constant) as a translation key. */
export function endReasonKey(reason: string | undefined): string | null {
  for (const [code, text] of Object.entries(END_REASON_TEXT)) {
    if (text === reason) return REASON_KEY[Number(code) as EndReason];
  }
  return null;
}

export function scoringsOf(log: readonly LoggedMove[]): CenturyScored[] {
  return log.flatMap((m) => m.events.filter((e): e is CenturyScored => e.type === 'century-scored'));
}

export function EndSummary(props: {
  view: TribesView;
  names: readonly string[];
  log: readonly LoggedMove[];
}) {
  const t = useT();
  const result = props.view.result!;
  const scorings = scoringsOf(props.log);
  const key = endReasonKey(result.reason);
  const scores = props.view.scores;
  const order = props.names.map((_, i) => i).sort((a, b) => scores[b] - scores[a]);
  return (
    <div class="end-summary">
      {key && (
        <p data-testid="end-reason" data-reason={result.reason}>
          {t(key)}
        </p>
      )}
      <table class="players" data-testid="standings">
        <thead>
          <tr>
            <th scope="col">{t('tribes.scoringTable.player')}</th>
            {scorings.map((s, i) => (
              <th key={i} scope="col" class="num" title={s.final ? t('tribes.finalScoring') : undefined}>
                {ROMAN[s.century] ?? s.century}
                {s.final ? '*' : ''}
              </th>
            ))}
            <th scope="col" class="num">
              {t('tribes.end.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.map((seat) => (
            <tr key={seat} class={result.winners.includes(seat) ? 'to-act' : ''} data-seat={seat}>
              <th scope="row">{props.names[seat]}</th>
              {scorings.map((s, i) => (
                <td key={i} class="num" data-century-points={s.points[seat] ?? 0}>
                  {s.points[seat] ?? 0}
                </td>
              ))}
              <td class="num" data-total={scores[seat]}>
                <strong>{scores[seat]}</strong>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {scorings.some((s) => s.final) && <p class="muted small">* {t('tribes.finalScoring')}</p>}
    </div>
  );
}
