/**
 * Tribes for several people on one device. Hands are secret, so whenever the device must change hands a
 * pass-the-device screen hides everything until the next player says they are ready.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { tribesGame, type TribesEvent, type TribesState } from '@attila/tribes';
import { useT } from '../i18n/i18n.js';
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
import type { LoggedMove } from './log.js';
import { popupsOf, TribesPlay } from './play.js';
import {
  DEFAULT_TRIBES_OPTIONS,
  TribesOptionsFields,
  TribesFirstPlayer,
  TribesPlayerCount,
  type TribesOptionsForm,
  useTribesSeating,
} from './options-form.js';
import { useFocusOnOpen } from '../ui/focus-on-open.js';
import { botName } from '../ui/names.js';
import { playsOf } from '../local/use-bot-move.js';
import { SetupStart } from '../ui/setup-start.js';
import { KeyMoments } from './key-moments.js';
import {
  loadTribesBots,
  saveTribesBots,
  TRIBES_BOT_LEVELS,
  useTribesBotMove,
  type SeatBots,
} from './hotseat-bots.js';

interface Running {
  readonly seed: string;
  readonly names: readonly string[];
  readonly settings: Record<string, unknown>;
  readonly game: LocalGame<TribesState, TribesEvent>;
  /** The seat the screen was last shown to. */
  readonly shownTo: number | null;
  /** The last conflict reveal or century scoring closed (they are public: shown to whoever holds the device). */
  readonly seenPopup: number;
  /** The bot that plays each seat, or null: a person at this device. */
  readonly bots: SeatBots;
}

function logOf(game: LocalGame<TribesState, TribesEvent>): LoggedMove[] {
  return game.events.map((events, i) => ({ seat: game.seats[i], events }));
}

/** The key of the last reveal or scoring in the game so far (0: none). */
function lastPopup(game: LocalGame<TribesState, TribesEvent>): number {
  const popups = popupsOf(logOf(game));
  return popups.length ? popups[popups.length - 1].key : 0;
}

/** The game kept in storage, if any: it comes back behind the pass-the-device screen, its dialogs seen. */
function resumed(): Running | null {
  const found = loadSavedGame(tribesGame, 'tribes');
  if (!found) return null;
  // Only a game in progress comes back; a finished one has been seen to its end.
  if (tribesGame.result(found.local.states[found.local.states.length - 1])) {
    clearSavedGame('tribes');
    return null;
  }
  const { saved, local } = found;
  return {
    seed: saved.seed,
    names: saved.names,
    settings: { ...saved.settings },
    game: local,
    shownTo: null,
    seenPopup: lastPopup(local),
    bots: loadTribesBots(saved.names.length),
  };
}

export function TribesHotseat() {
  const t = useT();
  const { players, setPlayers, firstPlayer, setFirstPlayer } = useTribesSeating(3);
  const [names, setNames] = useState<string[]>(() =>
    Array.from({ length: 5 }, (_, i) => t('common.player', { n: i + 1 })),
  );
  const [options, setOptions] = useState<TribesOptionsForm>(DEFAULT_TRIBES_OPTIONS);
  const [running, setRunning] = useState<Running | null>(resumed);
  const [bots, setBots] = useState<(string | null)[]>(() => Array.from({ length: 5 }, () => null));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    saveTribesBots(running?.bots ?? null);
    if (!running) return clearSavedGame('tribes');
    saveGame({
      game: 'tribes',
      rulesVersion: tribesGame.rulesVersion,
      settings: running.settings,
      seed: running.seed,
      moves: running.game.moves,
      names: running.names,
    });
  }, [running?.game, running?.seed]);

  if (running) return <TribesHotseatGame running={running} setRunning={setRunning} />;

  const start = () => {
    const seed = randomSeed();
    const settings = { players, firstPlayer, options };
    const g = startLocal(tribesGame, settings, seed);
    if (!g.ok) return setError(g.error.message);
    setRunning({
      seed,
      names: names
        .slice(0, players)
        .map((n, i) => (bots[i] ? botName(t, bots[i]) : n.trim() || t('common.player', { n: i + 1 }))),
      settings,
      game: g.value,
      shownTo: null,
      seenPopup: 0,
      bots: bots.slice(0, players),
    });
  };
  return (
    <main class="page">
      <h1>{t('tribes.setup')}</h1>
      <div class="card">
        <SetupStart testid="start" onStart={start} />
        <TribesPlayerCount value={players} onChange={setPlayers} />
        <fieldset>
          <legend>{t('tribes.names')}</legend>
          {Array.from({ length: players }, (_, i) => (
            <label class="field" key={i}>
              <span>{t('tribes.playerName', { n: i + 1 })}</span>
              <input
                value={names[i]}
                maxLength={32}
                data-testid={`player-name-${i}`}
                onInput={(e) => setNames(names.map((n, k) => (k === i ? e.currentTarget.value : n)))}
              />
              <select
                data-testid={`tribes-bot-${i}`}
                aria-label={t('hotseat.playedBy', { n: i + 1 })}
                value={bots[i] ?? ''}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  setBots(bots.map((b, k) => (k === i ? v || null : b)));
                }}
              >
                <option value="">{t('hotseat.person')}</option>
                {TRIBES_BOT_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {t('hotseat.botLevel', { bot: botName(t, level) })}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </fieldset>
        <TribesFirstPlayer value={firstPlayer} players={players} names={names} onChange={setFirstPlayer} />
        <TribesOptionsFields value={options} players={players} onChange={setOptions} />
        {error && <p class="error">{error}</p>}
        <button data-testid="start-after-settings" onClick={start}>
          {t('common.start')}
        </button>
      </div>
    </main>
  );
}

function TribesHotseatGame({
  running,
  setRunning,
}: {
  running: Running;
  setRunning: (r: Running | null) => void;
}) {
  const t = useT();
  const { game, names } = running;
  const state = game.states[game.states.length - 1];
  const toAct = tribesGame.toAct(state)[0];
  const result = tribesGame.result(state);
  const log = useMemo(() => logOf(game), [game]);
  // The finished game, for the key moments of its game-over dialog (never while it is on: the seed tells the deck).
  const reviewed = useMemo(
    () => (result ? { settings: running.settings, seed: running.seed, moves: game.moves } : null),
    [result !== null, running.seed],
  );
  useLeaveGuard(!result, t('hotseat.confirmLeave'));
  // A reveal or scoring not yet closed is shown before the device changes hands, with no hand on screen:
  // everyone at the table watches it.
  const unseen = useMemo(() => popupsOf(log), [log]).some((p) => p.key > running.seenPopup);
  const bot = toAct === undefined || result ? null : running.bots[toAct];
  // The device changes hands only between people: a bot's turn is played while its holder waits.
  const handOver = toAct !== undefined && !bot && running.shownTo !== toAct;
  const holder = running.shownTo !== null && !running.bots[running.shownTo] ? running.shownTo : null;
  // The game over screen is public, and so is a pop-up shown while the device changes hands; while a bot
  // thinks, the person holding the device goes on seeing their own hand (never the bot's).
  const viewer = toAct === undefined || (unseen && handOver) ? null : bot ? holder : toAct;
  const view = useMemo(
    () => tribesGame.view(state, viewer === null ? 'spectator' : { seat: viewer }),
    [state, viewer],
  );
  const legal = viewer === null || bot ? [] : tribesGame.legalMoves(state, viewer);
  const covered = !result && handOver && !unseen;
  const play = (seat: number, move: string) => {
    const next = playLocal(tribesGame, game, seat, move);
    if (next.ok) setRunning({ ...running, game: next.value });
  };
  // The bot waits until a reveal or scoring on screen has been read and closed.
  const botTurn = useTribesBotMove(
    bot && toAct !== undefined && !unseen
      ? { bot, settings: running.settings, seed: running.seed, plays: playsOf(game), seat: toAct }
      : null,
    play,
  );
  // Against bots, undo goes back to a person's last move (the bots' answers go with it).
  const undoPlies = () => {
    let n = 1;
    while (n < game.moves.length && running.bots[game.seats[game.seats.length - n]]) n++;
    return n;
  };

  if (covered) {
    return <PassDevice name={names[toAct]} onReady={() => setRunning({ ...running, shownTo: toAct })} />;
  }

  return (
    <main class="page wide">
      {/* The page's title for a screen reader (the map is its heading to the eye). */}
      <h1 class="sr-only">{t('games.tribes.name')}</h1>
      <TribesPlay
        view={view}
        legal={legal}
        names={names}
        log={log}
        seq={game.moves.length}
        seenPopup={running.seenPopup}
        onSeenPopup={(key) => setRunning({ ...running, seenPopup: key })}
        onMove={(move) => toAct !== undefined && play(toAct, move)}
        endFacts={<KeyMoments game={reviewed} names={names} />}
      />
      {botTurn.thinking && (
        <p class="muted" role="status" data-testid="bot-thinking">
          {t('hotseat.botThinking')}
        </p>
      )}
      {botTurn.error && <p class="error">{botTurn.error}</p>}
      <div class="row" style={{ marginTop: '0.5rem' }}>
        <button
          class="secondary small"
          data-testid="undo"
          disabled={game.moves.length === 0}
          onClick={() => {
            // The device goes back to whoever made the move; a reveal or scoring undone can be shown again.
            const back = undoLocal(game, undoPlies());
            setRunning({ ...running, game: back, seenPopup: Math.min(running.seenPopup, lastPopup(back)) });
          }}
        >
          {t('common.undo')}
        </button>
        <button
          class="secondary small"
          data-testid="new-game"
          onClick={() => (result || confirm(t('hotseat.confirmNew'))) && setRunning(null)}
        >
          {t('common.newGame')}
        </button>
        <button
          class="secondary small"
          data-testid="download"
          onClick={() =>
            downloadRecord(
              localRecord(
                tribesGame,
                tribesGame.settingsToJson(unwrapSettings(running.settings)),
                running.seed,
                names,
                game,
              ),
              running.seed,
            )
          }
        >
          {t('common.download')}
        </button>
      </div>
    </main>
  );
}

function unwrapSettings(raw: Record<string, unknown>) {
  const s = tribesGame.parseSettings(raw);
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}

/** Nothing of the game while the device changes hands; the button (focused) shows the next player's hand. */
function PassDevice(props: { name: string; onReady: () => void }) {
  const t = useT();
  const ready = useFocusOnOpen<HTMLButtonElement>();
  return (
    <main class="page pass-device" data-testid="pass-device">
      <div class="card pass-card">
        <h1>{t('tribes.passDevice', { name: props.name })}</h1>
        <p>{t('tribes.passDeviceHelp', { name: props.name })}</p>
        <button ref={ready} data-testid="ready" onClick={props.onReady}>
          {t('tribes.ready', { name: props.name })}
        </button>
      </div>
    </main>
  );
}
