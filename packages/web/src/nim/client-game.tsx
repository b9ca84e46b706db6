/** Nim for the web app: its engine module and the screens that show it (the registry's entry). */
import {
  DEFAULT_NIM_SETTINGS,
  nimGame,
  takeMove,
  type NimEvent,
  type NimSettings,
  type NimState,
  type NimView,
} from '@attila/nim';
import { useEffect, useMemo, useState } from 'preact/hooks';
import type {
  ClientGameSpec,
  LiveBoardProps,
  LobbySettingsProps,
  ReplayBoardProps,
  TableChoice,
} from '../games/client-game.js';
import { useT, type T } from '../i18n/i18n.js';
import { lazyScreen } from '../ui/lazy.js';
import { botName } from '../ui/names.js';
import { NimBoard } from './board.js';
import { NimSettingsFields } from './settings.js';

const seatLabel = (t: T, seat: number) => t('common.player', { n: seat + 1 });

function choiceOf(settings: NimSettings): TableChoice {
  return { settings: nimGame.settingsToJson(settings), players: 2 };
}

function NimLive(props: LiveBoardProps<NimView, NimEvent>) {
  const t = useT();
  const { snapshot, seat } = props;
  const names = props.table.seats.map((s) =>
    s.name ? (s.kind === 'bot' ? botName(t, s.bot ?? s.name) : s.name) : seatLabel(t, s.seat),
  );
  const myTurn = seat !== null && snapshot.toAct.includes(seat);
  return (
    <NimBoard
      view={snapshot.view}
      names={names}
      legal={snapshot.legalMoves}
      seq={snapshot.seq}
      onTake={myTurn ? (n) => props.onMove(takeMove(n)) : undefined}
    />
  );
}

function NimReplay(props: ReplayBoardProps<NimState, NimEvent>) {
  const view = useMemo(() => nimGame.view(props.state, 'spectator'), [props.state]);
  return <NimBoard view={view} names={props.names} legal={[]} seq={props.ply} />;
}

function NimLobbySettings({ onChange }: LobbySettingsProps) {
  const [settings, setSettings] = useState<NimSettings>(DEFAULT_NIM_SETTINGS);
  useEffect(() => onChange(choiceOf(settings)), [settings]);
  return <NimSettingsFields value={settings} onChange={setSettings} />;
}

export const nimClient: ClientGameSpec<NimSettings, NimState, NimView, NimEvent> = {
  module: nimGame,
  seatLabel,
  defaultChoice: choiceOf(DEFAULT_NIM_SETTINGS),
  LiveBoard: NimLive,
  ReplayBoard: NimReplay,
  Hotseat: lazyScreen(() => import('./hotseat.js').then((m) => m.NimHotseat)),
  LobbySettings: NimLobbySettings,
};
