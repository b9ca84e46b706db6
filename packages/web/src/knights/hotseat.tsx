/** Two people, one device: the Knights engine runs in the browser; undo is allowed. */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { knightsGame, sideOfSeat, type KnightsEvent, type KnightsState } from '@attila/knights';
import { useT } from '../i18n/i18n.js';
import { KnightsBoard } from './board.js';
import { KnightsHint, KnightsStatus, MoveList, WinnerOverlay } from './panel.js';
import { DEFAULT_KNIGHTS_SETTINGS, KnightsSetup, type KnightsSettingsForm } from './setup.js';
import { stageHint, type Stage } from './selection.js';
import { GameMistakes, MistakesSummary, useMistakes } from './mistakes-view.js';
import { href } from '../router.js';
import {
  downloadRecord,
  localRecord,
  playLocal,
  randomSeed,
  startLocal,
  undoLocal,
  type LocalGame,
} from '../local/local-game.js';
import { useLeaveGuard } from '../local/leave-guard.js';
import { clearSavedGame, loadSavedGame, saveGame } from '../local/saved-game.js';
import { KnightsBotChoice } from './hotseat-bot-choice.js';
import { loadSeatBots, NO_BOTS, saveSeatBots, useKnightsBotMove, type SeatBots } from './hotseat-bots.js';
import { playsOf } from '../local/use-bot-move.js';
import { SetupStart } from '../ui/setup-start.js';

interface Running {
  readonly form: KnightsSettingsForm;
  readonly seed: string;
  readonly game: LocalGame<KnightsState, KnightsEvent>;
  /** The bot that plays each seat, or null: a person at this device. */
  readonly bots: SeatBots;
}

/** The game kept in storage, if any. */
function resumed(): Running | null {
  const found = loadSavedGame(knightsGame, 'knights');
  if (!found) return null;
  // Only a game in progress comes back; a finished one has been seen to its end.
  if (knightsGame.result(found.local.states[found.local.states.length - 1])) {
    clearSavedGame('knights');
    return null;
  }
  const { layout, first } = found.saved.settings;
  if (typeof layout !== 'string' || (first !== 'R' && first !== 'H')) return null;
  return { form: { layout, first }, seed: found.saved.seed, game: found.local, bots: loadSeatBots() };
}

export function KnightsHotseat() {
  const t = useT();
  const [form, setForm] = useState<KnightsSettingsForm>(DEFAULT_KNIGHTS_SETTINGS);
  const [running, setRunning] = useState<Running | null>(resumed);
  const [bots, setBots] = useState<SeatBots>(NO_BOTS);
  useEffect(() => {
    saveSeatBots(running?.bots ?? null);
    if (!running) return clearSavedGame('knights');
    saveGame({
      game: 'knights',
      rulesVersion: knightsGame.rulesVersion,
      settings: { layout: running.form.layout, first: running.form.first },
      seed: running.seed,
      moves: running.game.moves,
      names: [],
    });
  }, [running?.game, running?.seed]);
  const [error, setError] = useState<string | null>(null);
  const [closed, setClosed] = useState(false);

  const start = () => {
    const seed = randomSeed();
    const g = startLocal(knightsGame, { layout: form.layout, first: form.first }, seed);
    if (!g.ok) return setError(g.error.message);
    setError(null);
    setClosed(false);
    setRunning({ form, seed, game: g.value, bots });
  };

  if (!running) {
    // The setup says what is wrong with a layout; one the engine refuses cannot be started.
    const allowed = knightsGame.parseSettings({ layout: form.layout, first: form.first }).ok;
    return (
      <main class="page">
        <h1>{t('knights.setup')}</h1>
        <div class="card">
          <SetupStart testid="start" onStart={start} disabled={!allowed} />
          <KnightsSetup
            value={form}
            onChange={(f) => {
              setError(null);
              setForm(f);
            }}
          />
          <KnightsBotChoice value={bots} onChange={setBots} />
          {error && <p class="error">{error}</p>}
          <button data-testid="start-after-settings" onClick={start} disabled={!allowed}>
            {t('common.start')}
          </button>
        </div>
      </main>
    );
  }

  return (
    <KnightsHotseatGame running={running} setRunning={setRunning} closed={closed} setClosed={setClosed} />
  );
}

function KnightsHotseatGame(props: {
  running: Running;
  setRunning: (r: Running | null) => void;
  closed: boolean;
  setClosed: (b: boolean) => void;
}) {
  const t = useT();
  const [stage, setStage] = useState<Stage>('idle');
  const { game, seed, form } = props.running;
  const state = game.states[game.states.length - 1];
  const view = useMemo(() => knightsGame.view(state, 'spectator'), [state]);
  const toAct = knightsGame.toAct(state);
  const seat = toAct[0];
  const result = knightsGame.result(state);
  const bot = seat === undefined || result ? null : props.running.bots[seat];
  // A bot's turn: nothing to click; the bot worker answers.
  const legal = seat === undefined || bot ? [] : knightsGame.legalMoves(state, seat);
  useLeaveGuard(!result, t('hotseat.confirmLeave'));
  const toMove = view.sideToMove;
  const winner = result ? sideOfSeat(result.winners[0]) : null;
  const loser = winner === 'R' ? 'H' : 'R';
  // Once the game is over every move is judged (in a worker; the server for early placement positions).
  const positions = useMemo(
    () => (result ? game.states.map((s) => knightsGame.view(s, 'spectator').position) : null),
    [result, game.states],
  );
  const mistakes = useMistakes(positions, game.moves);

  const play = (by: number, move: string) => {
    const next = playLocal(knightsGame, game, by, move);
    if (next.ok) props.setRunning({ ...props.running, game: next.value });
  };
  const onMove = (move: string) => seat !== undefined && play(seat, move);
  const botTurn = useKnightsBotMove(
    bot
      ? {
          bot,
          settings: { layout: form.layout, first: form.first },
          seed,
          plays: playsOf(game),
          seat: seat!,
        }
      : null,
    play,
  );
  // Against a bot, undo goes back to the person's last move (the bot's answer goes with it).
  const undoPlies = () => {
    let n = 1;
    while (n < game.moves.length && props.running.bots[game.seats[game.seats.length - n]] !== null) n++;
    return n;
  };
  const hint = result ? null : view.phase === 'placement' ? 'knights.hint.place' : stageHint(stage);

  return (
    <main class="page">
      {/* The page's title for a screen reader (the board is its heading to the eye). */}
      <h1 class="sr-only">{t('games.knights.name')}</h1>
      <div class="play">
        <div class="card board-card">
          <KnightsBoard
            position={view.position}
            legalMoves={legal}
            lastMove={view.lastMove}
            tiles={view.layout.tiles}
            onStage={setStage}
            onMove={onMove}
          />
        </div>
        <aside class="side-panel">
          <div class="card">
            <KnightsStatus winner={winner} toMove={toMove} />
            {hint && !bot && <KnightsHint hint={hint} />}
            {botTurn.thinking && (
              <p class="muted" role="status" data-testid="bot-thinking">
                {t('hotseat.botThinking')}
              </p>
            )}
            {botTurn.error && <p class="error">{botTurn.error}</p>}
            <div class="row">
              <button
                class="secondary small"
                data-testid="undo"
                disabled={game.moves.length === 0}
                onClick={() => props.setRunning({ ...props.running, game: undoLocal(game, undoPlies()) })}
              >
                {t('common.undo')}
              </button>
              <button
                class="secondary small"
                data-testid="new-game"
                onClick={() => (result || confirm(t('hotseat.confirmNew'))) && props.setRunning(null)}
              >
                {t('common.newGame')}
              </button>
              <button
                class="secondary small"
                onClick={() =>
                  downloadRecord(
                    localRecord(
                      knightsGame,
                      { layout: form.layout, first: form.first },
                      seed,
                      [t('sides.R'), t('sides.H')],
                      game,
                    ),
                    seed,
                  )
                }
              >
                {t('common.download')}
              </button>
              <a
                class="button small secondary"
                data-testid="open-analysis"
                href={href({ name: 'knightsAnalysis', position: view.position })}
              >
                {t('analysisBoard.analyse')}
              </a>
            </div>
          </div>
          <div class="card">
            <MoveList
              moves={game.moves}
              movers={game.moves.map((_, i) =>
                t(`sides.${knightsGame.view(game.states[i], 'spectator').sideToMove}`),
              )}
            />
          </div>
          {positions && (
            <div class="card">
              <GameMistakes mistakes={mistakes} />
            </div>
          )}
        </aside>
      </div>
      {winner && !props.closed && (
        <WinnerOverlay
          title={t('knights.winner', { side: t(`sides.${winner}`) })}
          text={t('knights.winnerReason', { loser: t(`sides.${loser}`) })}
          onClose={() => props.setClosed(true)}
          extra={<MistakesSummary mistakes={mistakes} />}
        >
          <button onClick={() => props.setRunning(null)}>{t('common.playAgain')}</button>
        </WinnerOverlay>
      )}
    </main>
  );
}
