/** A Knights game at a server table: the board from the server's snapshot, moves sent over the socket. */
import { knightsGame, otherSide, sideOfSeat, type KnightsEvent, type KnightsView } from '@attila/knights';
import { useMemo, useState } from 'preact/hooks';
import type { LiveBoardProps } from '../games/client-game.js';
import { useT } from '../i18n/i18n.js';
import { AnalysisToggle, useAnalysis } from './analysis.js';
import { KnightsBoard } from './board.js';
import { movesOfNotices, stateAfter } from './live-history.js';
import { KnightsHint, KnightsStatus, MoveList, SideChip, WinnerOverlay } from './panel.js';
import { stageHint, type Stage } from './selection.js';
import { href } from '../router.js';
import { GameMistakes, MistakesSummary, positionsOfGame, useMistakes } from './mistakes-view.js';
import { moversOf } from './movers.js';
import { MoveInput } from './move-input.js';
import { NextSteps, RatingChangeLines, seatNames } from '../ui/game-over.js';

export function KnightsLive(props: LiveBoardProps<KnightsView, KnightsEvent>) {
  const t = useT();
  const { snapshot, seat } = props;
  const names = seatNames(t, props.table);
  const [closed, setClosed] = useState(false);
  // The move list: a past position is shown read-only (`looking`), the game goes on behind it.
  const moves = useMemo(() => movesOfNotices(props.notices), [props.notices]);
  const [looking, setLooking] = useState<number | null>(null);
  const past = useMemo(() => {
    if (looking === null || !moves) return null;
    const state = stateAfter(props.table.settings, moves, looking);
    return state ? knightsGame.view(state, 'spectator') : null;
  }, [looking, moves, props.table.settings]);
  const view = snapshot.view;
  const shown = past ?? view;
  const [analysisOn, setAnalysisOn] = useState(false);
  const verdicts = useAnalysis(analysisOn && props.analysisAllowed ? view.position : null);
  const [stage, setStage] = useState<Stage>('idle');
  const result = snapshot.result;
  // An aborted game has a result but no winner.
  const winner = result && result.winners.length > 0 ? sideOfSeat(result.winners[0]) : null;
  const mine = seat !== null ? sideOfSeat(seat) : null;
  // A finished game's exact mistakes (while a game runs against people the solver stays out of it).
  const positions = useMemo(() => {
    const start = result && moves ? stateAfter(props.table.settings, moves, 0) : null;
    return start && moves ? positionsOfGame(knightsGame.view(start, 'spectator').position, moves) : null;
  }, [result, moves, props.table.settings]);
  const mistakes = useMistakes(positions, moves ?? []);
  const movers = useMemo(() => {
    const start = moves ? stateAfter(props.table.settings, moves, 0) : null;
    return start && moves
      ? moversOf(knightsGame.view(start, 'spectator').position, moves).map((s) => t(`sides.${s}`))
      : undefined;
  }, [moves, props.table.settings, t]);
  const myTurn = seat !== null && snapshot.toAct.includes(seat);
  const hint = result
    ? null
    : !myTurn
      ? 'knights.hint.wait'
      : view.phase === 'placement'
        ? 'knights.hint.place'
        : stageHint(stage);
  return (
    <div class="play">
      <div class="card board-card" data-seq={snapshot.seq}>
        <KnightsBoard
          position={shown.position}
          // While a move is pending the table hands no legal moves: the board is locked until the answer.
          legalMoves={!past ? snapshot.legalMoves : []}
          lastMove={shown.lastMove}
          tiles={view.layout.tiles}
          onStage={setStage}
          verdicts={past ? undefined : verdicts.verdicts}
          onMove={props.onMove}
        />
      </div>
      <aside class="side-panel">
        {past && looking !== null && (
          <div class="card banner warn viewing-banner" role="status" data-testid="viewing-past">
            <span>{looking === 0 ? t('movelist.viewingStart') : t('movelist.viewing', { n: looking })}</span>
            <button class="small" data-testid="back-to-live" onClick={() => setLooking(null)}>
              {t('movelist.live')}
            </button>
          </div>
        )}
        <div class="card">
          <KnightsStatus winner={winner} toMove={view.sideToMove} myTurn={myTurn} over={result !== null} />
          {mine && (
            <p class="muted">
              {t('knights.youPlay')} <SideChip side={mine} />
            </p>
          )}
          {hint && <KnightsHint hint={hint} />}
          {seat !== null && !result && (
            <MoveInput
              // Locked like the board while a move is pending: the table hands no legal moves then.
              legal={myTurn && !past ? snapshot.legalMoves : []}
              onMove={props.onMove}
            />
          )}
          {props.analysisAllowed && (
            <AnalysisToggle on={analysisOn} onChange={setAnalysisOn} state={verdicts} />
          )}
          {(result || props.analysisAllowed) && (
            <a
              class="button small secondary"
              data-testid="open-analysis"
              href={href({ name: 'knightsAnalysis', position: shown.position })}
            >
              {t('analysisBoard.analyse')}
            </a>
          )}
        </div>
        {moves && (
          <div class="card">
            <MoveList
              moves={moves}
              movers={movers}
              current={looking ?? moves.length}
              onJump={(ply) => setLooking(ply === moves.length ? null : ply)}
            />
          </div>
        )}
        {positions && (
          <div class="card">
            <GameMistakes
              mistakes={mistakes}
              onJump={(ply) => setLooking(ply === moves?.length ? null : ply)}
            />
          </div>
        )}
      </aside>
      {winner && !closed && result && (
        <WinnerOverlay
          title={
            mine
              ? winner === mine
                ? t('knights.youWin')
                : t('knights.youLose')
              : t('gameOver.winsAs', { name: names[result.winners[0]], side: t(`sides.${winner}`) })
          }
          text={[
            mine
              ? t(winner === mine ? 'gameOver.youBeat' : 'gameOver.beatYou', { name: names[1 - seat!] })
              : '',
            result.resigned?.length
              ? t('live.sideResigned', { side: t(`sides.${otherSide(winner)}`) })
              : t('knights.winnerReason', { loser: t(`sides.${otherSide(winner)}`) }),
          ]
            .filter(Boolean)
            .join(' ')}
          onClose={() => setClosed(true)}
          extra={
            <>
              <RatingChangeLines table={props.table} seat={seat} names={names} />
              <MistakesSummary mistakes={mistakes} />
            </>
          }
        >
          <NextSteps table={props.table} onRematch={props.onRematch}>
            <a
              class="button secondary"
              data-testid="end-analyse"
              href={href({ name: 'knightsAnalysis', position: view.position })}
            >
              {t('analysisBoard.analyse')}
            </a>
          </NextSteps>
        </WinnerOverlay>
      )}
    </div>
  );
}
