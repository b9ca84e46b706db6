/**
 * A Tribes move typed as text (blind mode): the game's own notation ("play Huns germania", "influence",
 * "commit Huns,Goths", "commit -"), read by the engine's reader.
 */
import { moveText, readMove } from '@attila/tribes';
import { useT } from '../i18n/i18n.js';
import { TypedMoveInput } from '../ui/typed-move-input.js';

/** The move the text stands for in the engine's canonical form, or null when it reads as no move. */
export function typedMove(text: string): string | null {
  // Province ids are lower case in the notation; tribe names are read in any case.
  const read = readMove(text.trim().toLowerCase());
  return read.ok ? moveText(read.value) : null;
}

export function TribesMoveInput(props: { legal: readonly string[]; onMove: (move: string) => void }) {
  const t = useT();
  return (
    <TypedMoveInput
      {...props}
      read={typedMove}
      helpId="tribes-move-input-help"
      words={{
        help: t('tribes.moveInput.help'),
        unreadable: (text) => t('tribes.moveInput.unreadable', { text }),
        illegal: (move) => t('tribes.moveInput.illegal', { move }),
      }}
    />
  );
}
