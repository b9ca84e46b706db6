/**
 * Everything around the Knights board: whose turn, what to do next, the moves so far, the winner screen.
 * Shared by hotseat, games at a table and replays.
 */
import type { ComponentChildren } from 'preact';
import { useT } from '../i18n/i18n.js';
import type { Side } from '@attila/knights';

export function SideChip({ side }: { side: Side }) {
  const t = useT();
  return (
    <span class={`chip ${side}`}>
      <span aria-hidden="true">{side === 'R' ? '◉' : '▲'}</span>
      {t(`sides.${side}`)}
    </span>
  );
}

/** Whose turn it is, or who has won. */
export function KnightsStatus(props: { winner: Side | null; toMove: Side; myTurn?: boolean }) {
  const t = useT();
  const { winner, toMove } = props;
  return (
    <div class="status" data-testid="status">
      {winner ? (
        <>
          <SideChip side={winner} /> {t('knights.winner', { side: t(`sides.${winner}`) })}
        </>
      ) : (
        <>
          <SideChip side={toMove} />{' '}
          {props.myTurn ? t('common.yourTurn') : t('knights.toMove', { side: t(`sides.${toMove}`) })}
        </>
      )}
    </div>
  );
}

/** The move list of every game (ui/move-list.tsx), kept here for the Knights screens' imports. */
export { MoveList } from '../ui/move-list.js';

export function WinnerOverlay(props: {
  title: string;
  text: string;
  children?: ComponentChildren;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <div class="overlay" role="dialog" aria-modal="true" data-testid="winner" aria-label={props.title}>
      <div class="card">
        <div class="winner-banner">{props.title}</div>
        <p>{props.text}</p>
        <div class="row" style={{ justifyContent: 'center' }}>
          {props.children}
          <button class="secondary" onClick={props.onClose}>
            {t('common.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
