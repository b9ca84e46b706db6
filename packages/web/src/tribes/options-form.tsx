/** The Tribes rule options, each with its explanation (the texts of the rules page). */
import { DEFAULT_OPTIONS, tribesGame, type TribesOptions } from '@attila/tribes';
import { useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';

/** The options the form edits: the engine's own type and defaults. */
export type TribesOptionsForm = TribesOptions;
export const DEFAULT_TRIBES_OPTIONS: TribesOptionsForm = DEFAULT_OPTIONS;

/** The player counts the engine allows. */
const PLAYER_COUNTS = Array.from(
  { length: tribesGame.seats.max - tribesGame.seats.min + 1 },
  (_, i) => tribesGame.seats.min + i,
);

function help(t: (k: string) => string, name: string): string {
  return t(`optionHelp.tribes.${name}`);
}

export function TribesOptionsFields(props: {
  value: TribesOptionsForm;
  players: number;
  onChange: (v: TribesOptionsForm) => void;
}) {
  const t = useT();
  const v = props.value;
  const set = (patch: Partial<TribesOptionsForm>) => props.onChange({ ...v, ...patch });
  return (
    <fieldset class="tribes-options">
      <legend>{t('lobby.options')}</legend>
      <label class="field check">
        <span>
          <input
            type="checkbox"
            checked={v.conflictBluffCards}
            onChange={(e) => set({ conflictBluffCards: e.currentTarget.checked })}
          />{' '}
          {t('options.tribes.conflictBluffCards')}
        </span>
        <span class="help">{help(t, 'conflictBluffCards')}</span>
      </label>
      <label class="field">
        <span>{t('options.tribes.allTiedConflict')}</span>
        <select
          value={v.allTiedConflict}
          onChange={(e) =>
            set({ allTiedConflict: e.currentTarget.value === 'removeNone' ? 'removeNone' : 'removeAll' })
          }
        >
          <option value="removeAll">{t('options.tribes.removeAll')}</option>
          <option value="removeNone">{t('options.tribes.removeNone')}</option>
        </select>
        <span class="help">{help(t, 'allTiedConflict')}</span>
      </label>
      <label class="field">
        <span>{t('options.tribes.tieRounding')}</span>
        <select
          value={v.tieRounding}
          onChange={(e) => set({ tieRounding: e.currentTarget.value === 'up' ? 'up' : 'down' })}
        >
          <option value="down">{t('options.tribes.down')}</option>
          <option value="up">{t('options.tribes.up')}</option>
        </select>
        <span class="help">{help(t, 'tieRounding')}</span>
      </label>
      {props.players === 2 && (
        <label class="field">
          <span>{t('options.tribes.twoPlayerSecondGap')}</span>
          <input
            type="number"
            min={0}
            max={99}
            value={v.twoPlayerSecondGap}
            onChange={(e) => set({ twoPlayerSecondGap: Number(e.currentTarget.value) })}
          />
          <span class="help">{help(t, 'twoPlayerSecondGap')}</span>
        </label>
      )}
      <label class="field">
        <span>{t('options.tribes.influenceTrackTop')}</span>
        <input
          type="number"
          min={4}
          max={99}
          value={v.influenceTrackTop}
          onChange={(e) => set({ influenceTrackTop: Number(e.currentTarget.value) })}
        />
        <span class="help">{help(t, 'influenceTrackTop')}</span>
      </label>
    </fieldset>
  );
}

/** How many players sit at a Tribes game (the engine's seat range). */
export function TribesPlayerCount(props: { value: number; onChange: (players: number) => void }) {
  const t = useT();
  return (
    <label class="field">
      <span>{t('tribes.players')}</span>
      <select
        value={props.value}
        data-testid="players"
        onChange={(e) => props.onChange(Number(e.currentTarget.value))}
      >
        {PLAYER_COUNTS.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}

export type FirstPlayer = 'random' | number;

/**
 * How many players sit at a Tribes table and who starts, kept together: a first player that fewer players
 * no longer have goes back to random rather than leave a choice the game would refuse.
 */
export function useTribesSeating(initialPlayers: number) {
  const [seating, setSeating] = useState<{ players: number; firstPlayer: FirstPlayer }>({
    players: initialPlayers,
    firstPlayer: 'random',
  });
  return {
    ...seating,
    setPlayers: (players: number) =>
      setSeating((s) => ({
        players,
        firstPlayer: s.firstPlayer !== 'random' && s.firstPlayer >= players ? 'random' : s.firstPlayer,
      })),
    setFirstPlayer: (firstPlayer: FirstPlayer) => setSeating((s) => ({ ...s, firstPlayer })),
  };
}

/** Who starts a Tribes game: chosen at random (the default) or a seat, named by `names` where given. */
export function TribesFirstPlayer(props: {
  value: FirstPlayer;
  players: number;
  names?: readonly string[];
  onChange: (first: FirstPlayer) => void;
}) {
  const t = useT();
  return (
    <label class="field">
      <span>{t('options.tribes.first')}</span>
      <select
        value={String(props.value)}
        data-testid="first-player"
        onChange={(e) => {
          const v = e.currentTarget.value;
          props.onChange(v === 'random' ? 'random' : Number(v));
        }}
      >
        <option value="random">{t('common.random')}</option>
        {Array.from({ length: props.players }, (_, i) => (
          <option key={i} value={i}>
            {props.names?.[i] || t('common.player', { n: i + 1 })}
          </option>
        ))}
      </select>
    </label>
  );
}
