/**
 * The player's move on its way to the server (net/move-outbox.ts): the board is locked while it is
 * pending (the snapshot handed to the game's board has no legal moves), and a banner says that it is
 * sending, waiting for the connection, refused (with the server's reason) or could not be sent.
 */
import type { Snapshot } from '@attila/protocol';
import { useT } from '../i18n/i18n.js';
import type { MoveStatus } from '../net/move-outbox.js';

/** The snapshot as the board may act on it: no legal moves while a move is pending. */
export function lockedWhilePending<V>(snapshot: Snapshot<V>, move: MoveStatus): Snapshot<V> {
  return move.kind === 'pending' ? { ...snapshot, legalMoves: [] } : snapshot;
}

export function MoveStatusBanner({ status }: { status: MoveStatus }) {
  const t = useT();
  switch (status.kind) {
    case 'none':
      return null;
    case 'pending':
      return (
        <div class="banner" role="status" data-testid="move-status" data-move-status="pending">
          {status.offline ? t('live.move.offline') : t('live.move.sending')}
        </div>
      );
    case 'refused':
      return (
        <div class="banner error" role="alert" data-testid="move-status" data-move-status="refused">
          {t('live.move.refused', { reason: status.message })}
        </div>
      );
    case 'unsent':
      return (
        <div class="banner error" role="alert" data-testid="move-status" data-move-status="unsent">
          {t('live.move.unsent')}
        </div>
      );
  }
}
