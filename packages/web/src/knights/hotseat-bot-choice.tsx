/** Who plays each side of a Knights hotseat game: a person at this device, or a bot of a chosen level. */
import { sideOfSeat } from '@attila/knights';
import { useT } from '../i18n/i18n.js';
import { botName } from '../ui/names.js';
import { KNIGHTS_BOT_LEVELS, type SeatBots } from './hotseat-bots.js';

export function KnightsBotChoice(props: { value: SeatBots; onChange: (bots: SeatBots) => void }) {
  const t = useT();
  return (
    <fieldset class="field">
      <legend>{t('hotseat.players')}</legend>
      {props.value.map((bot, seat) => (
        <label key={seat} class="field">
          <span>{t(`sides.${sideOfSeat(seat)}`)}</span>
          <select
            data-testid={`hotseat-bot-${seat}`}
            value={bot ?? ''}
            onChange={(e) => {
              const v = e.currentTarget.value;
              props.onChange(props.value.map((b, s) => (s === seat ? v || null : b)));
            }}
          >
            <option value="">{t('hotseat.person')}</option>
            {KNIGHTS_BOT_LEVELS.map((level) => (
              <option key={level} value={level}>
                {t('hotseat.botLevel', { bot: botName(t, level) })}
              </option>
            ))}
          </select>
        </label>
      ))}
    </fieldset>
  );
}
