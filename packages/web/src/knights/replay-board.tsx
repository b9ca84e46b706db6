/**
 * A Knights replay at one ply: the board, whose turn, the move list, the analysis on demand, a link to the
 * analysis board at the shown position, and for a finished game its exact mistakes.
 */
import {
  examinePosition,
  knightsGame,
  sideOfSeat,
  type KnightsEvent,
  type KnightsState,
} from '@attila/knights';
import { useMemo, useState } from 'preact/hooks';
import type { ReplayBoardProps } from '../games/client-game.js';
import { useT } from '../i18n/i18n.js';
import { href } from '../router.js';
import { AnalysisToggle, useAnalysis } from './analysis.js';
import { KnightsBoard } from './board.js';
import { GameMistakes, positionsOfGame, useMistakes } from './mistakes-view.js';
import { KnightsStatus, MoveList } from './panel.js';
import { moversOf } from './movers.js';

/** Every position of the record's game, if it is finished (a game cut short has no mistakes to judge). */
function finishedGame(state: KnightsState, moves: readonly string[]): string[] | null {
  const start = knightsGame.setup(state.settings, 'replay');
  if (!start.ok) return null;
  const positions = positionsOfGame(knightsGame.view(start.value, 'spectator').position, moves);
  const last = examinePosition(positions[positions.length - 1]);
  return last.ok && last.value.winner !== null ? positions : null;
}

export function KnightsReplay(props: ReplayBoardProps<KnightsState, KnightsEvent>) {
  const t = useT();
  const [analysisOn, setAnalysisOn] = useState(false);
  const view = useMemo(() => knightsGame.view(props.state, 'spectator'), [props.state]);
  const result = knightsGame.result(props.state);
  const analysis = useAnalysis(analysisOn && !result ? view.position : null);
  const seat = knightsGame.toAct(props.state)[0];
  const legal = analysisOn && seat !== undefined ? knightsGame.legalMoves(props.state, seat) : [];
  const winner = result ? sideOfSeat(result.winners[0]) : null;
  const positions = useMemo(() => finishedGame(props.state, props.moves), [props.moves]);
  const mistakes = useMistakes(positions, props.moves);
  const movers = useMemo(() => {
    const start = knightsGame.setup(props.state.settings, 'replay');
    return start.ok
      ? moversOf(knightsGame.view(start.value, 'spectator').position, props.moves).map((s) => t(`sides.${s}`))
      : undefined;
  }, [props.moves, t]);
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
          <a
            class="button small secondary"
            data-testid="open-analysis"
            href={href({ name: 'knightsAnalysis', position: view.position })}
          >
            {t('analysisBoard.analyse')}
          </a>
        </div>
        <div class="card">
          <MoveList moves={props.moves} current={props.ply} onJump={props.onJump} movers={movers} />
        </div>
        {positions && (
          <div class="card">
            <GameMistakes mistakes={mistakes} onJump={props.onJump} />
          </div>
        )}
      </aside>
    </div>
  );
}
