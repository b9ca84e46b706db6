/**
 * A move typed as text, as chess sites' blind mode has it: the game's own notation ("a4" places a knight,
 * "d4-b5,d4" moves one and scorches a square), read by the engine's reader and checked against the legal
 * moves before it is sent; what is wrong is said in words, next to the field.
 */
import { formatMove, readMove } from '@attila/knights';
import { useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';

export function MoveInput(props: { legal: readonly string[]; onMove: (move: string) => void }) {
  const t = useT();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: Event) => {
    e.preventDefault();
    const read = readMove(text.toLowerCase());
    if (!read) return setProblem(t('moveInput.unreadable', { text }));
    const move = formatMove(read);
    if (!props.legal.includes(move)) return setProblem(t('moveInput.illegal', { move }));
    setProblem(null);
    setText('');
    props.onMove(move);
  };
  return (
    <form class="move-input row" onSubmit={submit} data-testid="move-input">
      <label class="field">
        <span>{t('moveInput.label')}</span>
        <input
          value={text}
          data-testid="move-text"
          autocomplete="off"
          aria-describedby="move-input-help"
          aria-invalid={problem !== null}
          disabled={props.legal.length === 0}
          onInput={(e) => setText(e.currentTarget.value)}
        />
      </label>
      <button type="submit" class="small" disabled={props.legal.length === 0} data-testid="move-text-send">
        {t('moveInput.send')}
      </button>
      <p
        id="move-input-help"
        class={problem ? 'error small' : 'muted small'}
        role={problem ? 'alert' : undefined}
      >
        {problem ?? t('moveInput.help')}
      </p>
    </form>
  );
}
