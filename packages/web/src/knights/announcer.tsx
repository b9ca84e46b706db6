/**
 * What a screen reader hears after each move on the Knights board: who moved, from where to where (or
 * where a knight was placed), which square was scorched, and whose turn it is, in the player's language.
 * Read from the position and last move the board draws, so hotseat, live tables and replays all speak.
 */
import { readMove, readPosition } from '@attila/knights';
import type { T } from '../i18n/i18n.js';
import { useMemo } from 'preact/hooks';
import { i18n, useT } from '../i18n/i18n.js';

/** The sentence for the board after `lastMove` (null before the first move). */
export function announcement(t: T, position: string, lastMove: string | null | undefined): string {
  const pos = readPosition(position);
  if (!pos) return '';
  const turn = t('knights.toMove', { side: t(`sides.${pos.toMove}`) });
  const last = lastMove ? readMove(lastMove) : null;
  if (!last) return `${t('knights.announce.start')} ${turn}`;
  // The knight now standing on the landing square is the one that moved (or was placed).
  const cell = pos.squares.find((s) => s.name === last.to)?.cell;
  const side = t(`sides.${cell === 'R' || cell === 'H' ? cell : pos.toMove === 'R' ? 'H' : 'R'}`);
  const done =
    last.kind === 'move'
      ? t('knights.announce.moved', { side, from: last.from, to: last.to, scorch: last.scorch })
      : t('knights.announce.placed', { side, to: last.to });
  return `${done} ${turn}`;
}

export function MoveAnnouncer(props: { position: string; lastMove?: string | null }) {
  const t = useT();
  // Worked out when the board's position, its last move or the language changes, not at each render of the
  // board (the analysis board renders it again as each value comes in).
  const text = useMemo(
    () => announcement(t, props.position, props.lastMove),
    [props.position, props.lastMove, i18n.language],
  );
  return (
    <div class="sr-only" role="status" aria-live="polite" data-testid="move-announcer">
      {text}
    </div>
  );
}
