/**
 * The analysis board's text: every legal move with its value (best first), and the line of best play with
 * the steps taken so far, to step through by buttons (the screen adds the arrow keys).
 */
import { Component } from 'preact';
import { useT } from '../i18n/i18n.js';
import type { Verdict } from './board.js';

/** Best first: quicker wins, then wins of unknown length, then losses of unknown length, slower losses. */
function order(v: Verdict): number {
  if (v.value > 0) return v.exact === false ? 1000 : v.value;
  return v.exact === false ? 2000 : 3000 - -v.value;
}

export function sortedVerdicts(verdicts: readonly Verdict[]): Verdict[] {
  return [...verdicts].sort((a, b) => order(a) - order(b) || (a.move < b.move ? -1 : 1));
}

export function bestVerdict(verdicts: readonly Verdict[] | null): Verdict | null {
  return verdicts && verdicts.length > 0 ? sortedVerdicts(verdicts)[0] : null;
}

export function valueText(v: { value: number; exact?: boolean }): string {
  if (v.exact === false) return v.value > 0 ? '+?' : '−?';
  return v.value > 0 ? `+${v.value}` : v.value < 0 ? `−${-v.value}` : '0';
}

/**
 * Every legal move with its value, best first. Drawn again only when the verdicts change (not with every
 * render of the screen around it: a keystroke in its position field, a progress tick). A move-phase position
 * has up to about 130 moves but a handful of values, whose words t() looks up once each.
 */
export class VerdictList extends Component<VerdictListProps> {
  override shouldComponentUpdate(next: VerdictListProps): boolean {
    return next.verdicts !== this.props.verdicts;
  }

  override render() {
    return <VerdictItems verdicts={this.props.verdicts} />;
  }
}

interface VerdictListProps {
  readonly verdicts: readonly Verdict[] | null;
}

function VerdictItems({ verdicts }: VerdictListProps) {
  const t = useT();
  if (!verdicts || verdicts.length === 0) return null;
  // t() remembers each text by its key and count: a handful of values cost a handful of look-ups.
  const say = (v: Verdict) =>
    v.exact === false
      ? t(v.value > 0 ? 'analysisBoard.winsBook' : 'analysisBoard.losesBook')
      : t(v.value > 0 ? 'analysisBoard.wins' : 'analysisBoard.loses', { count: Math.abs(v.value) });
  return (
    <section>
      <h2 class="minor-heading">{t('analysisBoard.moves')}</h2>
      <ol class="verdicts" data-testid="verdict-list" tabindex={0} aria-label={t('analysisBoard.moves')}>
        {sortedVerdicts(verdicts).map((v) => (
          <li key={v.move} data-move={v.move} class={v.value > 0 ? 'win' : 'loss'}>
            <code>{v.move}</code> <strong>{valueText(v)}</strong> <span class="muted small">{say(v)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function BestLine(props: {
  /** Moves stepped so far from the set-up position (and the line already followed past them). */
  path: readonly string[];
  cursor: number;
  /** The solver's line from the position shown, when it is at the end of the path. */
  line: readonly string[] | null;
  onJump: (cursor: number) => void;
  onBack: () => void;
  onForward: () => void;
  canForward: boolean;
}) {
  const t = useT();
  const ahead = props.line ?? [];
  return (
    <section data-testid="best-line">
      <h2 class="minor-heading">{t('analysisBoard.line')}</h2>
      <div class="row" role="toolbar" aria-label={t('analysisBoard.line')}>
        <button
          class="small secondary"
          data-testid="line-back"
          aria-label={t('analysisBoard.back')}
          disabled={props.cursor === 0}
          onClick={props.onBack}
        >
          ◀
        </button>
        <span data-testid="line-step" aria-live="polite">
          {t('analysisBoard.step', { n: props.cursor, total: props.path.length + ahead.length })}
        </span>
        <button
          class="small secondary"
          data-testid="line-forward"
          aria-label={t('analysisBoard.forward')}
          disabled={!props.canForward}
          onClick={props.onForward}
        >
          ▶
        </button>
      </div>
      <p class="muted small">{t('analysisBoard.keys')}</p>
      <ol class="line movelist">
        {props.path.map((m, i) => (
          <li key={`p${i}`} class={i + 1 === props.cursor ? 'current' : i < props.cursor ? '' : 'ahead'}>
            <button class="move-entry" data-testid={`line-${i + 1}`} onClick={() => props.onJump(i + 1)}>
              {m}
            </button>
          </li>
        ))}
        {ahead.map((m, i) => (
          <li key={`a${i}`} class="ahead" data-testid="line-ahead">
            {m}
          </li>
        ))}
      </ol>
    </section>
  );
}
