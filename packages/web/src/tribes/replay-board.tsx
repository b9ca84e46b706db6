/**
 * A Tribes replay at one ply: the spectator's view of that state, with the log so far (no pop-ups), and the
 * review of the game once it is over.
 */
import { tribesGame, type TribesEvent, type TribesState } from '@attila/tribes';
import { useMemo } from 'preact/hooks';
import type { ReplayBoardProps } from '../games/client-game.js';
import { TribesPlay } from './play.js';
import { TribesReview } from './review.js';

export function TribesReplay(props: ReplayBoardProps<TribesState, TribesEvent>) {
  const view = useMemo(() => tribesGame.view(props.state, 'spectator'), [props.state]);
  const log = useMemo(() => props.events.map((events) => ({ seat: -1, events })), [props.events]);
  return (
    <>
      <TribesPlay
        view={view}
        legal={[]}
        names={props.names}
        log={log}
        popups={false}
        seq={props.events.length}
      />
      <TribesReview record={props.record} names={props.names} ply={props.ply} onJump={props.onJump} />
    </>
  );
}
