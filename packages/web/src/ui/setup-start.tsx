/**
 * The first thing on a setup screen: Start, with the settings below already filled in. Chess sites put
 * "Play" before the options; a keyboard user here reached the Start at the end of the form only after
 * 20 presses of Tab. The same button again closes the form, for whoever changed the settings first.
 */
import { useT } from '../i18n/i18n.js';

export function SetupStart(
  props: { disabled?: boolean; testid: string; label?: string } & (
    | { onStart: () => void }
    /** The form's own submit button (the form's `onSubmit` starts). */
    | { submit: true }
  ),
) {
  const t = useT();
  return (
    <div class="setup-start row">
      <button
        type={'submit' in props ? 'submit' : 'button'}
        data-testid={props.testid}
        onClick={'onStart' in props ? props.onStart : undefined}
        disabled={props.disabled}
      >
        {props.label ?? t('common.start')}
      </button>
      <span class="muted small">{t('hotseat.startHint')}</span>
    </div>
  );
}
