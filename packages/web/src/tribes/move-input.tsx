/**
 * A Tribes move typed as text (as Knights' move-input.tsx and chess sites' blind mode): the game's own
 * notation ("play Huns germania", "influence", "commit Huns,Goths", "commit -"), read by the engine's reader
 * and checked against the legal moves before it is played; what is wrong is said in words next to the field.
 */
import { moveText, readMove } from '@attila/tribes';
import { useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';

/** The move the text stands for in the engine's canonical form, or null when it reads as no move. */
export function typedMove(text: string): string | null {
  // Province ids are lower case in the notation; tribe names are read in any case.
  const read = readMove(text.trim().toLowerCase());
  return read.ok ? moveText(read.value) : null;
}

export function TribesMoveInput(props: { legal: readonly string[]; onMove: (move: string) => void }) {
  const t = useT();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: Event) => {
    e.preventDefault();
    const move = typedMove(text);
    if (move === null) return setProblem(t('tribes.moveInput.unreadable', { text }));
    if (!props.legal.includes(move)) return setProblem(t('tribes.moveInput.illegal', { move }));
    setProblem(null);
    setText('');
    props.onMove(move);
  };
  return (
    <form class="move-input" onSubmit={submit} data-testid="move-input">
      <div class="row">
        <label class="field">
          <span>{t('moveInput.label')}</span>
          <input
            value={text}
            data-testid="move-text"
            autocomplete="off"
            autocapitalize="off"
            spellcheck={false}
            aria-describedby="tribes-move-input-help"
            aria-invalid={problem !== null}
            disabled={props.legal.length === 0}
            onInput={(e) => setText(e.currentTarget.value)}
          />
        </label>
        <button type="submit" class="small" disabled={props.legal.length === 0} data-testid="move-text-send">
          {t('moveInput.send')}
        </button>
      </div>
      <p
        id="tribes-move-input-help"
        class={problem ? 'error small' : 'muted small'}
        role={problem ? 'alert' : undefined}
      >
        {problem ?? t('tribes.moveInput.help')}
      </p>
    </form>
  );
}
