/** A Tribes game at a server table: the viewer's own view from the snapshot, moves over the socket. */
import { tribesGame, type TribesEvent, type TribesView } from '@attila/tribes';
import { useMemo } from 'preact/hooks';
import type { LiveBoardProps } from '../games/client-game.js';
import { useT } from '../i18n/i18n.js';
import { NextSteps, RatingChangeLines, seatNames } from '../ui/game-over.js';
import { TribesPlay } from './play.js';
import { TableKeyMoments } from './key-moments.js';

export function TribesLive(props: LiveBoardProps<TribesView, TribesEvent>) {
  const t = useT();
  const names = seatNames(t, props.table);
  // A custom map travels in the table's settings: the engine reads it (the server already accepted it).
  const map = useMemo(() => {
    const settings = tribesGame.parseSettings(props.table.settings);
    return settings.ok && settings.value.customMap ? settings.value.map.json : null;
  }, [props.table.settings]);
  return (
    <TribesPlay
      view={props.snapshot.view}
      legal={props.snapshot.legalMoves}
      onMove={props.seat !== null ? props.onMove : undefined}
      names={names}
      log={props.notices}
      mapJson={map}
      seq={props.snapshot.seq}
      endFacts={
        <>
          <RatingChangeLines table={props.table} seat={props.seat} names={names} />
          {props.table.status === 'finished' && <TableKeyMoments tableId={props.table.id} names={names} />}
        </>
      }
      endActions={<NextSteps table={props.table} onRematch={props.onRematch} />}
    />
  );
}
