/**
 * Analysis: the solver's verdict on every legal move of the position on screen, like an endgame-tablebase
 * explorer. Early in the placement phase a browser would search for minutes, so there the server is asked
 * first (its opening book answers at once where it knows the position, and it proves what it can within a
 * time budget); the moves still unknown are proven in a web worker, move by move, with progress shown and a
 * button to stop. The worker is stopped whenever the analysis is switched off, the position changes or the
 * panel goes away: no search outlives what is on screen (a worker done searching is kept for the next one).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { Position, STANDARD_LAYOUT } from '@attila/knights';
import { useT } from '../i18n/i18n.js';
import { slowInBrowser } from './analysis-speed.js';
import type { Verdict } from './board.js';
import type { SolverQuestion, SolverReply } from './solver-worker.js';

export interface AnalysisState {
  readonly verdicts: readonly Verdict[] | null;
  readonly status: 'off' | 'working' | 'ready' | 'cancelled' | 'unavailable';
  /** Legal moves whose exact value is known, of all legal moves. */
  readonly done: number;
  readonly total: number;
  /** Some verdicts came from the opening book (win or loss, length unknown). */
  readonly fromBook: boolean;
  /** The position these verdicts are about (a new position's are a render late). */
  readonly position?: string;
  /** The line of best play from the position (when asked for and the browser searched it), else null. */
  readonly line: readonly string[] | null;
  /** Stops the search (the verdicts found so far stay). */
  readonly cancel?: () => void;
}

const OFF: AnalysisState = { verdicts: null, status: 'off', done: 0, total: 0, fromBook: false, line: null };

const SERVER_BUDGET_MS = 2000;

export interface ServerAnswer {
  readonly verdicts: readonly { move: string; value: number; exact: boolean }[];
  readonly complete: boolean;
}

/** The server's verdicts on a position's moves, or null when there is no server to ask. */
export async function askServer(
  position: string,
  signal: AbortSignal,
  budgetMs = SERVER_BUDGET_MS,
): Promise<ServerAnswer | null> {
  try {
    const res = await fetch('/api/knights/analyse', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ position, budgetMs }),
      signal,
    });
    return res.ok ? ((await res.json()) as ServerAnswer) : null;
  } catch {
    // Offline, or no server (the dev server without one): the browser searches alone.
    return null;
  }
}

let nextId = 0;

/** A placement position of the standard board: the server's opening table may know it. */
const tableFirst = (p: Position) => p.layout === STANDARD_LAYOUT && p.phase() === 'placement';

/**
 * A worker whose search finished, kept for the next position: starting a worker (its code, the solver's
 * table of 2^20 entries) costs about as much as a whole move-phase analysis, and its table's entries stay
 * true for any position. A worker still searching is never kept: it is stopped (the only way to stop it).
 */
let idle: Worker | null = null;

function solverWorker(): Worker {
  const w = idle ?? new Worker(new URL('./solver-worker.ts', import.meta.url), { type: 'module' });
  idle = null;
  return w;
}

function park(w: Worker): void {
  w.onmessage = null;
  idle?.terminate();
  idle = w;
}

/** Analysis switched off or no analysis on screen: the kept worker goes too (nothing stays behind). */
function dropIdle(): void {
  idle?.terminate();
  idle = null;
}

/** How many analyses are on screen (the kept worker is for them). */
let mounted = 0;

/** The solver's verdicts on the position's moves (null: off); `wantLine` also asks for the line of best play. */
export function useAnalysis(position: string | null, wantLine = false): AnalysisState {
  const [state, setState] = useState<AnalysisState>(OFF);
  const worker = useRef<Worker | null>(null);
  const stopWorker = () => {
    worker.current?.terminate();
    worker.current = null;
  };
  useEffect(() => {
    mounted++;
    return () => {
      stopWorker();
      if (--mounted === 0) dropIdle();
    };
  }, []);
  useEffect(() => {
    if (position === null) {
      stopWorker();
      dropIdle();
      setState(OFF);
      return;
    }
    const parsed = Position.parse(position);
    if (!parsed.ok) {
      setState({ ...OFF, status: 'unavailable' });
      return;
    }
    const p = parsed.value;
    const total = p.legalMoveCodes().length;
    const found = new Map<string, Verdict>();
    let line: readonly string[] | null = null;
    let live = true;
    const aborter = new AbortController();
    const publish = (status: AnalysisState['status']) => {
      if (!live && status !== 'cancelled') return;
      const verdicts = [...found.values()];
      setState({
        verdicts,
        status,
        done: verdicts.filter((v) => v.exact !== false).length,
        total,
        fromBook: verdicts.some((v) => v.exact === false),
        position,
        line,
        cancel: status === 'working' ? cancel : undefined,
      });
    };
    const cancel = () => {
      live = false;
      aborter.abort();
      stopWorker();
      publish('cancelled');
    };
    const search = () => {
      const skip = [...found.values()].filter((v) => v.exact !== false).map((v) => v.move);
      if (skip.length === total && !wantLine) return publish('ready');
      stopWorker();
      const w = solverWorker();
      worker.current = w;
      const id = ++nextId;
      w.onmessage = (e: MessageEvent<SolverReply>) => {
        if (!live || e.data.id !== id) return;
        if ('move' in e.data) {
          found.set(e.data.move, { move: e.data.move, value: e.data.value, exact: true });
          publish('working');
        } else if ('line' in e.data) {
          line = e.data.line;
        } else if ('done' in e.data) {
          worker.current = null;
          park(w);
          publish('ready');
        } else if ('error' in e.data) {
          stopWorker();
          publish('unavailable');
        }
      };
      w.postMessage({ kind: 'moves', id, position, skip, line: wantLine } satisfies SolverQuestion);
    };
    publish('working');
    if (total === 0) publish('ready');
    else if (slowInBrowser(p) || tableFirst(p)) {
      // Later in the placement phase the browser searches at once what the server's opening table (in
      // memory: a few ms) does not know; a new worker would take longer to load the table than the answer.
      const budget = slowInBrowser(p) ? SERVER_BUDGET_MS : 0;
      void askServer(position, aborter.signal, budget).then((answer) => {
        if (!live) return;
        for (const v of answer?.verdicts ?? []) found.set(v.move, v);
        // Where the server knew every move the line is left unknown: searching it would take the browser long.
        if (answer?.complete) publish('ready');
        else {
          publish('working');
          search();
        }
      });
    } else search();
    return () => {
      live = false;
      aborter.abort();
      stopWorker();
    };
  }, [position, wantLine]);
  return state;
}

export function AnalysisToggle(props: {
  on: boolean;
  onChange: (on: boolean) => void;
  state: AnalysisState;
}) {
  const t = useT();
  const { state } = props;
  const started = useRef(0);
  const [, tick] = useState(0);
  const working = props.on && state.status === 'working';
  useEffect(() => {
    if (!working) return;
    started.current = Date.now();
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => {
      clearInterval(timer);
      started.current = 0;
    };
  }, [working, state.total]);
  // The first render of a search comes before the effect that notes its start: 0 s, not the epoch's seconds.
  const seconds = working && started.current > 0 ? Math.round((Date.now() - started.current) / 1000) : 0;
  return (
    <div class="analysis" data-testid="analysis-panel" data-status={props.on ? state.status : 'off'}>
      <label class="check">
        <input
          type="checkbox"
          data-testid="analysis"
          checked={props.on}
          onChange={(e) => props.onChange(e.currentTarget.checked)}
        />{' '}
        {t('knights.analysisOn')}
      </label>
      {working && (
        <div class="analysis-progress" role="status">
          <p class="muted small" data-testid="analysis-progress">
            {t('knights.analysisProgress', { done: state.done, total: state.total, seconds })}
          </p>
          <progress max={state.total} value={state.done} aria-label={t('knights.analysisWorking')} />
          <button type="button" class="small secondary" data-testid="analysis-cancel" onClick={state.cancel}>
            {t('knights.analysisCancel')}
          </button>
        </div>
      )}
      {props.on && state.status === 'cancelled' && (
        <p class="muted small" data-testid="analysis-cancelled">
          {t('knights.analysisCancelled', { done: state.done, total: state.total })}
        </p>
      )}
      {props.on && state.status === 'unavailable' && (
        <p class="error small">{t('knights.analysisUnavailable')}</p>
      )}
      {props.on && state.status === 'ready' && <p class="muted small">{t('knights.analysisHelp')}</p>}
      {props.on && state.fromBook && state.status !== 'off' && (
        <p class="muted small" data-testid="analysis-book">
          {t('knights.analysisBook')}
        </p>
      )}
    </div>
  );
}
