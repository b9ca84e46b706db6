/**
 * A game's moves, numbered, newest kept in sight: in live games, replays and hotseat. With `onJump` every
 * entry is a button that shows the position after that move (and "Start" the position before the first).
 */
import { useEffect, useRef } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';

export function MoveList(props: {
  moves: readonly string[];
  /** The ply shown (moves made so far in the position on the board); default: the last. */
  current?: number;
  onJump?: (ply: number) => void;
  /** Who made each move ("Romans"), shown beside it and said with it. */
  movers?: readonly string[];
}) {
  const t = useT();
  const { moves, onJump } = props;
  const current = props.current ?? moves.length;
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => {
    // Scroll the list itself (never the page) so the shown move — the newest while following — is in view.
    const list = ref.current;
    const item = list?.querySelector<HTMLElement>(`[data-ply="${Math.max(1, current)}"]`);
    if (!list || !item) return;
    const top = item.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
    if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = top - list.clientHeight / 2;
  }, [current, moves.length]);
  return (
    <section>
      {/* "Start" sits in the heading's row, apart from the scrolling list: it never covers an entry. */}
      <div class="movelist-head">
        <h2 class="minor-heading">{t('common.moves')}</h2>
        {onJump && (
          <button
            class={`small secondary${current === 0 ? ' current' : ''}`}
            data-testid="move-0"
            aria-current={current === 0 ? 'step' : undefined}
            onClick={() => onJump(0)}
          >
            {t('movelist.start')}
          </button>
        )}
      </div>
      <ol ref={ref} class="movelist" data-testid="movelist" tabindex={onJump ? undefined : 0}>
        {moves.map((m, i) => {
          const ply = i + 1;
          const here = current === ply;
          const by = props.movers?.[i];
          const text = by ? (
            <>
              <span class="mover">{by}</span> {m}
            </>
          ) : (
            m
          );
          return (
            <li key={i} class={here ? 'current' : ''} data-ply={ply}>
              {onJump ? (
                <button
                  class="move-entry"
                  data-testid={`move-${ply}`}
                  aria-current={here ? 'step' : undefined}
                  aria-label={t('movelist.jump', { n: ply, move: by ? `${by} ${m}` : m })}
                  onClick={() => onJump(ply)}
                >
                  {text}
                </button>
              ) : (
                text
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
