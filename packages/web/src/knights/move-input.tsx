/**
 * A Knights move typed as text (blind mode): the game's own notation ("a4" places a knight, "d4-b5,d4" moves
 * one and scorches a square), read by the engine's reader.
 */
import { formatMove, readMove } from '@attila/knights';
import { useT } from '../i18n/i18n.js';
import { TypedMoveInput } from '../ui/typed-move-input.js';

function typedMove(text: string): string | null {
  const read = readMove(text.trim().toLowerCase());
  return read ? formatMove(read) : null;
}

export function MoveInput(props: { legal: readonly string[]; onMove: (move: string) => void }) {
  const t = useT();
  return (
    <TypedMoveInput
      {...props}
      read={typedMove}
      helpId="move-input-help"
      words={{
        help: t('moveInput.help'),
        unreadable: (text) => t('moveInput.unreadable', { text }),
        illegal: (move) => t('moveInput.illegal', { move }),
      }}
    />
  );
}
