/** Nim for two people on one device: the engine runs in the browser; undo and the record to download. */
import {
  DEFAULT_NIM_SETTINGS,
  nimGame,
  takeMove,
  type NimEvent,
  type NimSettings,
  type NimState,
} from '@attila/nim';
import { useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';
import {
  currentState,
  downloadRecord,
  localRecord,
  playLocal,
  randomSeed,
  startLocal,
  undoLocal,
  type LocalGame,
} from '../local/local-game.js';
import { NimBoard } from './board.js';
import { NimSettingsFields } from './settings.js';

interface Running {
  readonly settings: NimSettings;
  readonly seed: string;
  readonly game: LocalGame<NimState, NimEvent>;
}

export function NimHotseat() {
  const t = useT();
  const [settings, setSettings] = useState<NimSettings>(DEFAULT_NIM_SETTINGS);
  const [running, setRunning] = useState<Running | null>(null);
  const [error, setError] = useState<string | null>(null);
  const names = [t('common.player', { n: 1 }), t('common.player', { n: 2 })];

  if (!running) {
    const start = () => {
      const seed = randomSeed();
      const g = startLocal(nimGame, nimGame.settingsToJson(settings), seed);
      if (!g.ok) return setError(g.error.message);
      setRunning({ settings, seed, game: g.value });
    };
    return (
      <main class="page">
        <h1>{t('nim.setup')}</h1>
        <div class="card">
          <NimSettingsFields value={settings} onChange={setSettings} />
          {error && <p class="error">{error}</p>}
          <button data-testid="start" onClick={start}>
            {t('common.start')}
          </button>
        </div>
      </main>
    );
  }

  const { game } = running;
  const state = currentState(game);
  const seat = nimGame.toAct(state)[0];
  const play = (n: number) => {
    if (seat === undefined) return;
    const next = playLocal(nimGame, game, seat, takeMove(n));
    if (next.ok) setRunning({ ...running, game: next.value });
  };
  return (
    <main class="page">
      <NimBoard
        view={nimGame.view(state, 'spectator')}
        names={names}
        legal={seat === undefined ? [] : nimGame.legalMoves(state, seat)}
        seq={game.moves.length}
        onTake={play}
      />
      <div class="row">
        <button
          class="secondary small"
          disabled={game.moves.length === 0}
          onClick={() => setRunning({ ...running, game: undoLocal(game) })}
        >
          {t('common.undo')}
        </button>
        <button class="secondary small" onClick={() => setRunning(null)}>
          {t('common.newGame')}
        </button>
        <button
          class="secondary small"
          data-testid="download"
          onClick={() =>
            downloadRecord(
              localRecord(nimGame, nimGame.settingsToJson(running.settings), running.seed, names, game),
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
