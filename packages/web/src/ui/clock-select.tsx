/** The clock a new table gets, live or correspondence (the lobby's form and a challenge's). */
import { useT } from '../i18n/i18n.js';
import { CLOCK_CHOICES, CORRESPONDENCE_CLOCKS, LIVE_CLOCKS, type ClockChoice } from './clock-choices.js';

export function ClockSelect(props: {
  readonly value: ClockChoice;
  readonly onChange: (clock: ClockChoice) => void;
  readonly testid: string;
}) {
  const t = useT();
  return (
    <label class="field">
      <span>{t('lobby.clock')}</span>
      <select
        value={props.value}
        data-testid={props.testid}
        onChange={(e) => {
          const v = e.currentTarget.value;
          props.onChange(CLOCK_CHOICES.find((c) => c === v) ?? 'none');
        }}
      >
        {(
          [
            ['live', LIVE_CLOCKS],
            ['correspondence', CORRESPONDENCE_CLOCKS],
          ] as const
        ).map(([group, choices]) => (
          <optgroup key={group} label={t(`lobby.clockGroups.${group}`)}>
            {choices.map((c) => (
              <option key={c} value={c}>
                {t(`lobby.clocks.${c}`)}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </label>
  );
}
