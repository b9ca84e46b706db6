/**
 * Analysis: the solver's verdict on every legal move of the position on screen, like an endgame-tablebase
 * explorer. The solver runs in a web worker so the page stays responsive while it thinks.
 */
import { useEffect, useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';
import type { Verdict } from './board.js';

export interface AnalysisState {
  readonly verdicts: readonly Verdict[] | null;
  readonly status: 'off' | 'working' | 'ready' | 'unavailable';
}

type WorkerReply = { id: number; verdicts: Verdict[] } | { id: number; error: string };

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, (r: WorkerReply) => void>();

function solverWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./solver-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<WorkerReply>) => {
      waiting.get(e.data.id)?.(e.data);
      waiting.delete(e.data.id);
    };
  }
  return worker;
}

export function analyse(position: string): Promise<WorkerReply> {
  // A search still running for another position is abandoned: only the position on screen matters.
  if (waiting.size > 0 && worker) {
    worker.terminate();
    worker = null;
    for (const [id, resolve] of waiting) resolve({ id, error: 'superseded' });
    waiting.clear();
  }
  const id = ++nextId;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    solverWorker().postMessage({ id, position });
  });
}

export function useAnalysis(position: string | null): AnalysisState {
  const [state, setState] = useState<AnalysisState>({ verdicts: null, status: 'off' });
  useEffect(() => {
    if (position === null) return setState({ verdicts: null, status: 'off' });
    let live = true;
    setState({ verdicts: null, status: 'working' });
    void analyse(position).then((r) => {
      if (!live || ('error' in r && r.error === 'superseded')) return;
      setState(
        'error' in r ? { verdicts: null, status: 'unavailable' } : { verdicts: r.verdicts, status: 'ready' },
      );
    });
    return () => {
      live = false;
    };
  }, [position]);
  return state;
}

export function AnalysisToggle(props: {
  on: boolean;
  onChange: (on: boolean) => void;
  state: AnalysisState;
}) {
  const t = useT();
  return (
    <div class="analysis">
      <label class="check">
        <input
          type="checkbox"
          data-testid="analysis"
          checked={props.on}
          onChange={(e) => props.onChange(e.currentTarget.checked)}
        />{' '}
        {t('knights.analysisOn')}
      </label>
      {props.on && props.state.status === 'working' && (
        <p class="muted small">{t('knights.analysisWorking')}</p>
      )}
      {props.on && props.state.status === 'unavailable' && (
        <p class="error small">{t('knights.analysisUnavailable')}</p>
      )}
      {props.on && props.state.status === 'ready' && <p class="muted small">{t('knights.analysisHelp')}</p>}
    </div>
  );
}
