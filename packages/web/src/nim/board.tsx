/** The Nim pile: the stones left, whose turn, and one button per number of stones the mover may take. */
import { takeChoices, type NimView } from '@attila/nim';
import { useT } from '../i18n/i18n.js';

export function NimBoard(props: {
  view: NimView;
  names: readonly string[];
  /** Empty when the one looking may not move now. */
  legal: readonly string[];
  /** Moves made so far: changes with every move (tests and screen readers wait on it). */
  seq: number;
  onTake?: (count: number) => void;
}) {
  const t = useT();
  const { view } = props;
  const status =
    view.winner !== null
      ? t('nim.winner', { name: props.names[view.winner] })
      : view.seatToMove !== null
        ? t('nim.toMove', { name: props.names[view.seatToMove] })
        : '';
  return (
    <div class="card nim" data-testid="nim" data-seq={props.seq} data-stones={view.stones}>
      <div class="status" data-testid="status" aria-live="polite">
        {status}
      </div>
      <p data-testid="stones-left">{t('nim.stonesLeft', { count: view.stones })}</p>
      <svg
        class="nim-pile"
        role="img"
        aria-label={t('nim.pile')}
        viewBox={`0 0 ${Math.max(1, view.stones) * 24} 24`}
        width={Math.max(1, view.stones) * 24}
        height="24"
      >
        {Array.from({ length: view.stones }, (_, i) => (
          <circle key={i} cx={i * 24 + 12} cy="12" r="10" fill="#8a7446" stroke="#3d3322" />
        ))}
      </svg>
      {props.onTake && (
        <div class="row">
          {takeChoices(props.legal).map((n) => (
            <button key={n} type="button" data-testid={`take-${n}`} onClick={() => props.onTake?.(n)}>
              {t('nim.take', { count: n })}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
