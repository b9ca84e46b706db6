/**
 * A move typed as text, as chess sites' blind mode has it: the game's own notation, read by the game's
 * reader and checked against the legal moves before it is sent; what is wrong is said in words next to the
 * field. Each game gives its reader and its words (knights/move-input.tsx, tribes/move-input.tsx).
 */
import { useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';

export interface TypedMoveWords {
  readonly help: string;
  unreadable(text: string): string;
  illegal(move: string): string;
}

export function TypedMoveInput(props: {
  legal: readonly string[];
  onMove: (move: string) => void;
  /** The move the text stands for in the engine's canonical form, or null when it reads as no move. */
  read: (text: string) => string | null;
  words: TypedMoveWords;
  /** The help line's element id (one input per screen and game). */
  helpId: string;
}) {
  const t = useT();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: Event) => {
    e.preventDefault();
    const move = props.read(text);
    if (move === null) return setProblem(props.words.unreadable(text));
    if (!props.legal.includes(move)) return setProblem(props.words.illegal(move));
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
            aria-describedby={props.helpId}
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
        id={props.helpId}
        class={problem ? 'error small' : 'muted small'}
        role={problem ? 'alert' : undefined}
      >
        {problem ?? props.words.help}
      </p>
    </form>
  );
}
