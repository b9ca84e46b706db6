/**
 * Replays: a finished game from the server, or a record file from disk, re-played move by move through
 * the engine in the browser. Step, jump, autoplay; the Knights analysis is available here.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { parseRecord, replayMoves, serializeRecord, type GameEvent, type GameRecord } from '@attila/core';
import { downloadText } from '../local/local-game.js';
import type { TableInfo } from '@attila/protocol';
import { knightsGame } from '@attila/knights';
import { tribesGame } from '@attila/tribes';
import { useT } from '../i18n/i18n.js';
import { api } from '../net/api.js';
import type { AnyGame } from '../local/local-game.js';
import { KnightsBoard } from '../knights/board.js';
import { KnightsStatus, MoveList } from '../knights/panel.js';
import { readKnightsView, sideOfSeat } from '../knights/view.js';
import { parsePosition } from '../knights/notation.js';
import { AnalysisToggle, useAnalysis } from '../knights/analysis.js';
import { TribesBoardView } from '../tribes/play.js';
import { botName, TableList } from './lobby.js';
import { Icon } from '../ui/icons.js';

interface Loaded {
  readonly record: GameRecord;
  readonly states: readonly unknown[];
  readonly events: readonly (readonly GameEvent[])[];
}

function load(text: string): { ok: true; value: Loaded } | { ok: false; message: string } {
  const rec = parseRecord(text);
  if (!rec.ok) return { ok: false, message: rec.error.message };
  const game: AnyGame = rec.value.game === 'knights' ? knightsGame : tribesGame;
  const settings = game.parseSettings(rec.value.settings);
  if (!settings.ok) return { ok: false, message: settings.error.message };
  const replayed = replayMoves(game, settings.value, rec.value.seed, rec.value.moves);
  if (!replayed.ok) return { ok: false, message: replayed.error.message };
  return {
    ok: true,
    value: { record: rec.value, states: replayed.value.states, events: replayed.value.events },
  };
}

export function ReplayScreen({ id }: { id: string | null }) {
  const t = useT();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [finished, setFinished] = useState<TableInfo[]>([]);

  useEffect(() => {
    if (id) {
      void api.record(id).then((r) => {
        if (!r.ok) return setError(r.error.message);
        const l = load(r.value);
        if (l.ok) setLoaded(l.value);
        else setError(l.message);
      });
    } else {
      void api.tables().then((r) => r.ok && setFinished(r.value.tables));
    }
  }, [id]);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const l = load(await file.text());
    if (l.ok) {
      setError(null);
      setLoaded(l.value);
    } else setError(l.message);
  };

  if (loaded) return <ReplayView loaded={loaded} />;
  return (
    <main class="page">
      <h1>{t('replay.title')}</h1>
      {error && <p class="error">{t('replay.invalid', { message: error })}</p>}
      {!id && (
        <div class="grid2">
          <section class="card">
            <h2>{t('replay.load')}</h2>
            <p class="muted">{t('replay.loadHelp')}</p>
            <input
              type="file"
              accept=".json,application/json"
              data-testid="record-file"
              aria-label={t('replay.load')}
              onChange={(e) => void onFile((e.target as HTMLInputElement).files?.[0])}
            />
          </section>
          <section>
            <h2>{t('replay.fromServer')}</h2>
            <TableList tables={finished} filter={(tb) => tb.status === 'finished'} />
          </section>
        </div>
      )}
      {id && !error && <p>{t('app.loading')}</p>}
    </main>
  );
}

function ReplayView({ loaded }: { loaded: Loaded }) {
  const t = useT();
  const { record, states } = loaded;
  const total = states.length - 1;
  const [ply, setPly] = useState(total);
  const [playing, setPlaying] = useState(false);
  const [analysisOn, setAnalysisOn] = useState(false);
  useEffect(() => {
    if (!playing) return;
    if (ply >= total) return setPlaying(false);
    const timer = setTimeout(() => setPly(ply + 1), 900);
    return () => clearTimeout(timer);
  }, [playing, ply, total]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement).tagName === 'INPUT') return;
      if (e.key === 'ArrowLeft') setPly((p) => Math.max(0, p - 1));
      if (e.key === 'ArrowRight') setPly((p) => Math.min(total, p + 1));
      if (e.key === 'Home') setPly(0);
      if (e.key === 'End') setPly(total);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [total]);

  const state = states[ply];
  const controls = (
    <div class="replay-controls row" role="toolbar" aria-label={t('replay.title')}>
      <button
        class="small secondary"
        aria-label={t('replay.first')}
        onClick={() => setPly(0)}
        disabled={ply === 0}
      >
        <Icon name="first" />
      </button>
      <button
        class="small secondary"
        aria-label={t('replay.prev')}
        data-testid="replay-prev"
        onClick={() => setPly(Math.max(0, ply - 1))}
        disabled={ply === 0}
      >
        <Icon name="prev" />
      </button>
      <button
        class="small"
        aria-label={playing ? t('replay.pause') : t('replay.play')}
        data-testid="replay-play"
        onClick={() => {
          if (!playing && ply >= total) setPly(0);
          setPlaying(!playing);
        }}
      >
        <Icon name={playing ? 'pause' : 'play'} />
      </button>
      <button
        class="small secondary"
        aria-label={t('replay.next')}
        data-testid="replay-next"
        onClick={() => setPly(Math.min(total, ply + 1))}
        disabled={ply === total}
      >
        <Icon name="next" />
      </button>
      <button
        class="small secondary"
        aria-label={t('replay.last')}
        onClick={() => setPly(total)}
        disabled={ply === total}
      >
        <Icon name="last" />
      </button>
      <input
        type="range"
        min={0}
        max={total}
        value={ply}
        aria-label={t('replay.jump')}
        data-testid="replay-slider"
        onInput={(e) => setPly(Number((e.target as HTMLInputElement).value))}
      />
      <span data-testid="replay-position">{t('replay.moveOf', { n: ply, total })}</span>
    </div>
  );

  const names = record.players.map((p) => (p.kind === 'bot' ? botName(t, p.bot ?? p.name) : p.name));
  const winners = record.result?.winners.map((w) => names[w] ?? `#${w}`) ?? [];
  return (
    <main class="page replay">
      <h1>
        {t(`games.${record.game}.name`)} · {t('replay.title')}
      </h1>
      <p class="muted">
        {names.join(' · ')}
        {winners.length > 0 && ` — ${t('common.wins', { name: winners.join(', ') })}`}
      </p>
      {controls}
      <div class="row">
        <button
          class="small secondary"
          data-testid="download-record"
          onClick={() => downloadText(`attila-${record.game}-${record.id}.json`, serializeRecord(record))}
        >
          {t('common.download')}
        </button>
      </div>
      {record.game === 'knights' ? (
        <KnightsReplay
          state={state}
          ply={ply}
          moves={record.moves}
          analysisOn={analysisOn}
          setAnalysisOn={setAnalysisOn}
        />
      ) : (
        <TribesBoardView state={state} names={names} events={loaded.events.slice(0, ply)} />
      )}
    </main>
  );
}

function KnightsReplay(props: {
  state: unknown;
  ply: number;
  moves: readonly string[];
  analysisOn: boolean;
  setAnalysisOn: (b: boolean) => void;
}) {
  const view = useMemo(
    () => readKnightsView(knightsGame.view(props.state as never, 'spectator')),
    [props.state],
  );
  const result = knightsGame.result(props.state as never);
  const analysis = useAnalysis(props.analysisOn && !result && view ? view.position : null);
  if (!view) return null;
  const toMove = parsePosition(view.position)?.toMove ?? 'R';
  const seat = knightsGame.toAct(props.state as never)[0];
  const legal =
    props.analysisOn && seat !== undefined ? knightsGame.legalMoves(props.state as never, seat) : [];
  const winner = result ? sideOfSeat(result.winners[0]) : null;
  return (
    <div class="play">
      <div class="card board-card">
        <KnightsBoard
          position={view.position}
          legalMoves={legal}
          lastMove={view.lastMove}
          tiles={view.tiles}
          verdicts={analysis.verdicts}
        />
      </div>
      <aside class="side-panel">
        <div class="card">
          <KnightsStatus winner={winner} toMove={toMove} />
          <AnalysisToggle on={props.analysisOn} onChange={props.setAnalysisOn} state={analysis} />
        </div>
        <div class="card">
          <MoveList moves={props.moves} current={props.ply} />
        </div>
      </aside>
    </div>
  );
}
