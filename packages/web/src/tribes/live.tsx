/** A Tribes game at a server table: the viewer's own view from the snapshot, moves over the socket. */
import type { Snapshot, TableInfo } from '@attila/protocol';
import { useT } from '../i18n/i18n.js';
import { botName } from '../screens/lobby.js';
import type { LoggedMove } from './log.js';
import { TribesPlay } from './play.js';
import type { TribesView } from './view.js';
import type { ProvinceGeo } from './geography.js';

export function TribesLive(props: {
  table: TableInfo;
  snapshot: Snapshot;
  notices: readonly LoggedMove[];
  seat: number | null;
  onMove: (move: string) => void;
}) {
  const t = useT();
  const view = props.snapshot.view as TribesView;
  const names = props.table.seats.map((s) =>
    s.name
      ? s.kind === 'bot'
        ? botName(t, s.bot ?? s.name)
        : s.name
      : t('common.player', { n: s.seat + 1 }),
  );
  const map = props.table.settings.map as { provinces: readonly ProvinceGeo[] } | undefined;
  return (
    <TribesPlay
      view={view}
      legal={props.snapshot.legalMoves}
      onMove={props.seat !== null ? props.onMove : undefined}
      names={names}
      log={props.notices}
      mapJson={map ?? null}
      seq={props.snapshot.seq}
    />
  );
}
