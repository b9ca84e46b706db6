/** Knights for the web app: its engine module and the screens that show it (the registry's entry). */
import {
  knightsGame,
  sideOfSeat,
  type KnightsEvent,
  type KnightsSettings,
  type KnightsState,
  type KnightsView,
} from '@attila/knights';
import { useEffect, useState } from 'preact/hooks';
import type { ClientGameSpec, LobbySettingsProps, TableChoice } from '../games/client-game.js';
import { lazyScreen } from '../ui/lazy.js';
import { KnightsLive } from './live.js';
import { KnightsReplay } from './replay-board.js';
import { DEFAULT_KNIGHTS_SETTINGS, KnightsSetup, type KnightsSettingsForm } from './setup.js';

function choiceOf(form: KnightsSettingsForm): TableChoice {
  return { settings: { layout: form.layout, first: form.first }, players: 2 };
}

function KnightsLobbySettings({ onChange }: LobbySettingsProps) {
  const [form, setForm] = useState<KnightsSettingsForm>(DEFAULT_KNIGHTS_SETTINGS);
  useEffect(() => onChange(choiceOf(form)), [form]);
  return <KnightsSetup value={form} onChange={setForm} />;
}

export const knightsClient: ClientGameSpec<KnightsSettings, KnightsState, KnightsView, KnightsEvent> = {
  module: knightsGame,
  seatLabel: (t, seat) => t(`sides.${sideOfSeat(seat)}`),
  defaultChoice: choiceOf(DEFAULT_KNIGHTS_SETTINGS),
  LiveBoard: KnightsLive,
  ReplayBoard: KnightsReplay,
  Hotseat: lazyScreen(() => import('./hotseat.js').then((m) => m.KnightsHotseat)),
  LobbySettings: KnightsLobbySettings,
};
