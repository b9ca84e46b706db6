/** Tribes for the web app: its engine module and the screens that show it (the registry's entry). */
import {
  tribesGame,
  type TribesEvent,
  type TribesSettings,
  type TribesState,
  type TribesView,
} from '@attila/tribes';
import { useEffect, useState } from 'preact/hooks';
import type { ClientGameSpec, LobbySettingsProps, TableChoice } from '../games/client-game.js';
import { lazyScreen } from '../ui/lazy.js';
import { TribesLive } from './live.js';
import {
  DEFAULT_TRIBES_OPTIONS,
  TribesFirstPlayer,
  TribesOptionsFields,
  TribesPlayerCount,
  useTribesSeating,
  type FirstPlayer,
  type TribesOptionsForm,
} from './options-form.js';
import { TribesReplay } from './replay-board.js';

const DEFAULT_PLAYERS = 3;

function choiceOf(players: number, firstPlayer: FirstPlayer, options: TribesOptionsForm): TableChoice {
  return { settings: { players, firstPlayer, options }, players };
}

function TribesLobbySettings({ onChange }: LobbySettingsProps) {
  const { players, setPlayers, firstPlayer, setFirstPlayer } = useTribesSeating(DEFAULT_PLAYERS);
  const [options, setOptions] = useState<TribesOptionsForm>(DEFAULT_TRIBES_OPTIONS);
  useEffect(() => onChange(choiceOf(players, firstPlayer, options)), [players, firstPlayer, options]);
  return (
    <>
      <TribesPlayerCount value={players} onChange={setPlayers} />
      <TribesFirstPlayer value={firstPlayer} players={players} onChange={setFirstPlayer} />
      <TribesOptionsFields value={options} players={players} onChange={setOptions} />
    </>
  );
}

export const tribesClient: ClientGameSpec<TribesSettings, TribesState, TribesView, TribesEvent> = {
  module: tribesGame,
  seatLabel: (t, seat) => t('common.player', { n: seat + 1 }),
  defaultChoice: choiceOf(DEFAULT_PLAYERS, 'random', DEFAULT_TRIBES_OPTIONS),
  LiveBoard: TribesLive,
  ReplayBoard: TribesReplay,
  Hotseat: lazyScreen(() => import('./hotseat.js').then((m) => m.TribesHotseat)),
  LobbySettings: TribesLobbySettings,
};
