/** Choosing a Nim game's settings within the engine's limits (the engine validates every change). */
import { NIM_LIMITS, nimGame, type NimSettings } from '@attila/nim';
import { useT } from '../i18n/i18n.js';

/** The pile's size and the most a move may take, in the engine's limits. */
export function NimSettingsFields(props: { value: NimSettings; onChange: (s: NimSettings) => void }) {
  const t = useT();
  const field = (name: 'stones' | 'maxTake', min: number, max: number) => (
    <label class="field">
      <span>{t(`options.nim.${name}`)}</span>
      <input
        type="number"
        min={min}
        max={max}
        value={props.value[name]}
        data-testid={`nim-${name}`}
        onInput={(e) => {
          const parsed = nimGame.parseSettings({ ...props.value, [name]: Number(e.currentTarget.value) });
          if (parsed.ok) props.onChange(parsed.value);
        }}
      />
      <span class="help">{t(`optionHelp.nim.${name}`)}</span>
    </label>
  );
  return (
    <fieldset>
      <legend>{t('lobby.options')}</legend>
      {field('stones', NIM_LIMITS.minStones, NIM_LIMITS.maxStones)}
      {field('maxTake', NIM_LIMITS.minTake, NIM_LIMITS.maxTake)}
    </fieldset>
  );
}
