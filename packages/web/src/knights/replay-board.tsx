/** A Knights replay at one ply: the board, whose turn, the move list, and the analysis on demand. */
import { knightsGame, sideOfSeat, type KnightsEvent, type KnightsState } from '@attila/knights';
import { useMemo, useState } from 'preact/hooks';
import type { ReplayBoardProps } from '../games/client-game.js';
import { AnalysisToggle, useAnalysis } from './analysis.js';
import { KnightsBoard } from './board.js';
import { KnightsStatus, MoveList } from './panel.js';

export function KnightsReplay(props: ReplayBoardProps<KnightsState, KnightsEvent>) {
  const [analysisOn, setAnalysisOn] = useState(false);
  const view = useMemo(() => knightsGame.view(props.state, 'spectator'), [props.state]);
  const result = knightsGame.result(props.state);
  const analysis = useAnalysis(analysisOn && !result ? view.position : null);
  const seat = knightsGame.toAct(props.state)[0];
  const legal = analysisOn && seat !== undefined ? knightsGame.legalMoves(props.state, seat) : [];
  const winner = result ? sideOfSeat(result.winners[0]) : null;
  return (
    <div class="play">
      <div class="card board-card">
        <KnightsBoard
          position={view.position}
          legalMoves={legal}
          lastMove={view.lastMove}
          tiles={view.layout.tiles}
          verdicts={analysis.verdicts}
        />
      </div>
      <aside class="side-panel">
        <div class="card">
          <KnightsStatus winner={winner} toMove={view.sideToMove} />
          <AnalysisToggle on={analysisOn} onChange={setAnalysisOn} state={analysis} />
        </div>
        <div class="card">
          <MoveList moves={props.moves} current={props.ply} onJump={props.onJump} />
        </div>
      </aside>
    </div>
  );
}
