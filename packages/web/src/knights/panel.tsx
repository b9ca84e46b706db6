/**
 * Everything around the Knights board: whose turn, what to do next, the moves so far, the winner screen.
 * Shared by hotseat, games at a table and replays.
 */
import type { ComponentChildren } from 'preact';
import { useT } from '../i18n/i18n.js';
import type { Side } from '@attila/knights';
import { RuleHelp, type HelpTopic } from '../ui/rule-help.js';
import { useFocusOnOpen } from '../ui/focus-on-open.js';

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
export function KnightsStatus(props: {
  winner: Side | null;
  toMove: Side;
  myTurn?: boolean;
  /** Over without a winner (an aborted live game). */
  over?: boolean;
}) {
  const t = useT();
  const { winner, toMove } = props;
  return (
    <div class="status" data-testid="status">
      {winner ? (
        <>
          <SideChip side={winner} /> {t('knights.winner', { side: t(`sides.${winner}`) })}
        </>
      ) : props.over ? (
        t('common.gameOver')
      ) : (
        <>
          <SideChip side={toMove} />{' '}
          {props.myTurn ? t('common.yourTurn') : t('knights.toMove', { side: t(`sides.${toMove}`) })}
        </>
      )}
    </div>
  );
}

/** The rule behind each hint (`knights.hint.*`): waiting has none. */
const HINT_RULE: Readonly<Record<string, HelpTopic>> = {
  'knights.hint.place': 'knights.place',
  'knights.hint.pick': 'knights.pick',
  'knights.hint.land': 'knights.pick',
  'knights.hint.scorch': 'knights.scorch',
};

/** What to do next, with the "?" that opens the rule for it. */
export function KnightsHint({ hint }: { hint: string }) {
  const t = useT();
  const topic = HINT_RULE[hint];
  return (
    <div class="prompt-row" data-testid="knights-hint">
      <p class="muted">{t(hint)}</p>
      {topic && <RuleHelp key={topic} topic={topic} />}
    </div>
  );
}

/** The move list of every game (ui/move-list.tsx), kept here for the Knights screens' imports. */
export { MoveList } from '../ui/move-list.js';

export function WinnerOverlay(props: {
  title: string;
  text: string;
  children?: ComponentChildren;
  /** Said under the text (the game's exact mistakes). */
  extra?: ComponentChildren;
  onClose: () => void;
}) {
  const t = useT();
  const close = useFocusOnOpen<HTMLButtonElement>();
  return (
    <div class="overlay" role="dialog" aria-modal="true" data-testid="winner" aria-label={props.title}>
      <div class="card">
        <div class="winner-banner">{props.title}</div>
        <p>{props.text}</p>
        {props.extra}
        <div class="row" style={{ justifyContent: 'center' }}>
          {props.children}
          <button ref={close} class="secondary" onClick={props.onClose} data-testid="close-winner">
            {t('common.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
