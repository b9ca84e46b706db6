/**
 * Tribes for several people on one device. Hands are secret, so whenever the device must change hands a
 * pass-the-device screen hides everything until the next player says they are ready.
 */
import { useMemo, useState } from 'preact/hooks';
import { tribesGame, type TribesEvent, type TribesState } from '@attila/tribes';
import { serializeRecord } from '@attila/core';
import { useT } from '../i18n/i18n.js';
import {
  downloadText,
  localRecord,
  playLocal,
  randomSeed,
  startLocal,
  type LocalGame,
} from '../local/local-game.js';
import { TribesPlay } from '../tribes/play.js';
import {
  DEFAULT_TRIBES_OPTIONS,
  TribesOptionsFields,
  TribesFirstPlayer,
  TribesPlayerCount,
  type TribesOptionsForm,
  useTribesSeating,
} from '../tribes/options-form.js';

interface Running {
  readonly seed: string;
  readonly names: readonly string[];
  readonly settings: Record<string, unknown>;
  readonly game: LocalGame<TribesState, TribesEvent>;
  /** The seat the screen was last shown to. */
  readonly shownTo: number | null;
}

export function TribesHotseat() {
  const t = useT();
  const { players, setPlayers, firstPlayer, setFirstPlayer } = useTribesSeating(3);
  const [names, setNames] = useState<string[]>(() =>
    Array.from({ length: 5 }, (_, i) => t('common.player', { n: i + 1 })),
  );
  const [options, setOptions] = useState<TribesOptionsForm>(DEFAULT_TRIBES_OPTIONS);
  const [running, setRunning] = useState<Running | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (running) return <TribesHotseatGame running={running} setRunning={setRunning} />;

  const start = () => {
    const seed = randomSeed();
    const settings = { players, firstPlayer, options };
    const g = startLocal(tribesGame, settings, seed);
    if (!g.ok) return setError(g.error.message);
    setRunning({
      seed,
      names: names.slice(0, players).map((n, i) => n.trim() || t('common.player', { n: i + 1 })),
      settings,
      game: g.value,
      shownTo: null,
    });
  };
  return (
    <main class="page">
      <h1>{t('tribes.setup')}</h1>
      <div class="card">
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
            </label>
          ))}
        </fieldset>
        <TribesFirstPlayer value={firstPlayer} players={players} names={names} onChange={setFirstPlayer} />
        <TribesOptionsFields value={options} players={players} onChange={setOptions} />
        {error && <p class="error">{error}</p>}
        <button data-testid="start" onClick={start}>
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
  // Between turns the screen belongs to whoever last had it; the game over screen is public.
  const viewer = toAct ?? null;
  const view = useMemo(
    () => tribesGame.view(state, viewer === null ? 'spectator' : { seat: viewer }),
    [state, viewer],
  );
  const legal = viewer === null ? [] : tribesGame.legalMoves(state, viewer);
  const log = useMemo(() => game.events.map((events, i) => ({ seat: game.seats[i], events })), [game]);
  const covered = !result && toAct !== undefined && running.shownTo !== toAct;

  if (covered) {
    return (
      <main class="page pass-device" data-testid="pass-device">
        <div class="card pass-card">
          <h1>{t('tribes.passDevice', { name: names[toAct] })}</h1>
          <p>{t('tribes.passDeviceHelp', { name: names[toAct] })}</p>
          <button data-testid="ready" onClick={() => setRunning({ ...running, shownTo: toAct })}>
            {t('tribes.ready', { name: names[toAct] })}
          </button>
        </div>
      </main>
    );
  }

  return (
    <main class="page wide">
      <TribesPlay
        view={view}
        legal={legal}
        names={names}
        log={log}
        seq={game.moves.length}
        onMove={(move) => {
          if (toAct === undefined) return;
          const next = playLocal(tribesGame, game, toAct, move);
          if (next.ok) setRunning({ ...running, game: next.value });
        }}
      />
      <div class="row" style={{ marginTop: '0.5rem' }}>
        <button class="secondary small" onClick={() => setRunning(null)}>
          {t('common.newGame')}
        </button>
        <button
          class="secondary small"
          onClick={() =>
            downloadText(
              `attila-tribes-${running.seed}.json`,
              serializeRecord(
                localRecord(
                  tribesGame,
                  'tribes',
                  tribesGame.settingsToJson(unwrapSettings(running.settings)),
                  running.seed,
                  names,
                  game,
                ),
              ),
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
