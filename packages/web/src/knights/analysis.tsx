/**
 * Analysis: the solver's verdict on every legal move of the position on screen, like an endgame-tablebase
 * explorer. A placement position of the standard board is answered from the opening table on the page's
 * main thread, in the frame that shows the position (no round trip; the table is loaded once, when first
 * needed). What the table does not know yet is searched, and the panel says so at once: early in the
 * placement phase the server is asked first (its opening book answers at once where it knows the position,
 * and it proves what it can within a time budget); the moves still unknown are proven in the browser's
 * solver workers, move by move, each value shown as it comes, with progress and a button to stop. The
 * workers are stopped whenever the analysis is switched off, the position changes or the panel goes away.
 * In the move phase the server is asked first with no search budget: its tablebase, when built, answers
 * every move exactly; otherwise the browser's workers search as before.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { moveToString, Position, STANDARD_LAYOUT } from '@attila/knights';
import type { OpeningTable } from '@attila/bots/knights-table';
import { useT } from '../i18n/i18n.js';
import { bestVerdict } from './analysis-lines.js';
import { askEarly, askServer, SERVER_BUDGET_MS, takeEarly, type ServerAnswer } from './analysis-server.js';
import { slowInBrowser } from './analysis-speed.js';
import type { Verdict } from './board.js';
import {
  inTableSpace,
  loadedOpeningTable,
  loadOpeningTable,
  tableAnswer,
  whenOpeningTableLoaded,
  type TableAnswer,
} from './opening-table.js';
import { dropIdleSolvers, proveMoves } from './solver-pool.js';
import { useTablebase } from './tablebase-build.js';
import type { TablebaseStatus } from '@attila/protocol';

export interface AnalysisState {
  readonly verdicts: readonly Verdict[] | null;
  readonly status: 'off' | 'working' | 'ready' | 'cancelled' | 'unavailable';
  /** Legal moves whose exact value is known, of all legal moves. */
  readonly done: number;
  readonly total: number;
  /** Some verdicts came from the opening book (win or loss, length unknown). */
  readonly fromBook: boolean;
  /** A placement position the opening table does not cover yet: it is being searched instead. */
  readonly notInTable: boolean;
  /** The position these verdicts are about (a new position's are a render late, except the table's). */
  readonly position?: string;
  /** The line of best play from the position (when asked for and the browser searched it), else null. */
  readonly line: readonly string[] | null;
  /** Stops the search (the verdicts found so far stay). */
  readonly cancel?: () => void;
  /** The server's tablebase of a move-phase position's layout, while one is being built or cannot be. */
  readonly tablebase?: TablebaseStatus | null;
}

const OFF: AnalysisState = {
  verdicts: null,
  status: 'off',
  done: 0,
  total: 0,
  fromBook: false,
  notInTable: false,
  line: null,
};

/** A position the server is asked about with no search budget, and at once: its tablebase knows every move. */
const askedAtOnce = (p: Position) => p.phase() === 'turns';

/** A placement position of the standard board: the opening table may know it. */
const tableFirst = (p: Position) => p.layout === STANDARD_LAYOUT && p.phase() === 'placement';

/** The opening table as this page has it: loading (null), loaded, or not to be had this time. */
type TableState = OpeningTable | null | 'missing';

/** The table's part of a position's analysis, as the first state on screen (in the frame of the position). */
function fromTableState(position: string, total: number, answer: TableAnswer): AnalysisState {
  return {
    verdicts: answer.verdicts,
    status: answer.complete ? 'ready' : 'working',
    done: answer.verdicts.length,
    total,
    fromBook: false,
    notInTable: !answer.complete,
    position,
    line: null,
  };
}

/** A complete answer of the server as the state on screen (its verdicts the very list it sent). */
function fromServerState(position: string, total: number, answer: ServerAnswer): AnalysisState {
  return {
    verdicts: answer.verdicts,
    status: 'ready',
    done: answer.verdicts.filter((v) => v.exact !== false).length,
    total,
    fromBook: answer.verdicts.some((v) => v.exact === false),
    notInTable: false,
    position,
    line: null,
  };
}

/** How many analyses are on screen (the kept workers are for them). */
let mounted = 0;

/** The solver's verdicts on the position's moves (null: off); `wantLine` also asks for the line of best play. */
export function useAnalysis(position: string | null, wantLine = false): AnalysisState {
  const [state, setState] = useState<AnalysisState>(OFF);
  const [table, setTable] = useState<TableState>(loadedOpeningTable);
  useEffect(() => {
    mounted++;
    return () => {
      if (--mounted === 0) dropIdleSolvers();
    };
  }, []);
  const parsed = useMemo(() => (position === null ? null : Position.parse(position)), [position]);
  const p = parsed?.ok ? parsed.value : null;
  // The move phase's question, asked in this render (askEarly); its answer is drawn as soon as it comes,
  // even before the effect below has started on the position.
  const [, answered] = useState(0);
  const asked = useMemo(() => {
    if (position === null || p === null || !askedAtOnce(p)) return null;
    const question = askEarly(position);
    void question.answer.then(() => answered((n) => n + 1));
    return question;
  }, [position]);
  // A move-phase position's layout: its tablebase is asked for (built on first request) and watched, and the
  // analysis asked again once it is ready.
  const tablebase = useTablebase(p !== null && askedAtOnce(p) ? p.layout.shape : null);
  const wantsTable = p !== null && tableFirst(p) && inTableSpace(p);
  // Early in the placement phase the server's answer comes first: the table is loaded after it (below), so
  // its download and setup do not compete with it.
  const serverFirst = p !== null && slowInBrowser(p);
  useEffect(() => {
    if (wantsTable && table === null) {
      let live = true;
      const loading = serverFirst ? whenOpeningTableLoaded() : loadOpeningTable();
      void loading.then((t) => live && setTable(t ?? 'missing'));
      return () => {
        live = false;
      };
    }
  }, [wantsTable, table, serverFirst]);
  // Computed in the render that shows the position: the table's values are on screen in the same frame.
  const fromTable = useMemo(
    () => (p && wantsTable && table !== null && table !== 'missing' ? tableAnswer(table, p) : null),
    [p, wantsTable, table],
  );
  useEffect(() => {
    if (position === null) {
      dropIdleSolvers();
      setState(OFF);
      return;
    }
    if (p === null) {
      setState({ ...OFF, status: 'unavailable' });
      return;
    }
    const total = p.legalMoveCodes().length;
    const found = new Map<string, Verdict>();
    let notInTable = false;
    let line: readonly string[] | null = null;
    let live = true;
    let stopSearch: (() => void) | null = null;
    const aborter = new AbortController();
    let shown: AnalysisState['status'] = 'working';
    const publish = (status: AnalysisState['status']) => {
      if (!live && status !== 'cancelled') return;
      shown = status;
      const verdicts = [...found.values()];
      setState({
        verdicts,
        status,
        done: verdicts.filter((v) => v.exact !== false).length,
        total,
        fromBook: verdicts.some((v) => v.exact === false),
        notInTable,
        position,
        line,
        cancel: status === 'working' ? cancel : undefined,
      });
    };
    const halt = () => {
      live = false;
      aborter.abort();
      stopSearch?.();
    };
    const cancel = () => {
      halt();
      publish('cancelled');
    };
    const search = () => {
      const exact = new Set([...found.values()].filter((v) => v.exact !== false).map((v) => v.move));
      if (exact.size === total && !wantLine) return publish('ready');
      const rest = p
        .legalMoveCodes()
        .map((c) => moveToString(p.layout, c))
        .filter((m) => !exact.has(m));
      stopSearch = proveMoves(
        position,
        rest,
        {
          onValue: (move, value) => {
            found.set(move, { move, value, exact: true });
            publish('working');
          },
          onDone: (best) => {
            line = best;
            publish('ready');
          },
          onError: () => publish('unavailable'),
        },
        wantLine ? () => bestVerdict([...found.values()])?.move ?? null : undefined,
      );
    };
    const serverThenSearch = (budget: number) => {
      const asked = budget === 0 ? takeEarly(position) : null;
      if (asked) aborter.signal.addEventListener('abort', () => asked.aborter.abort());
      const take = (answer: ServerAnswer | null) => {
        if (wantsTable) void loadOpeningTable();
        if (!live) return;
        // A complete answer where nothing else was known is shown as it came: the very state the render shows
        // when the answer came before this effect (the move list is not drawn again).
        const whole = answer?.complete === true && found.size === 0;
        for (const v of answer?.verdicts ?? []) if (!found.has(v.move)) found.set(v.move, v);
        // Where the server knew every move the line is left unknown: searching it would take the browser long.
        if (answer && whole) {
          shown = 'ready';
          setState(fromServerState(position, total, answer));
        } else if (answer?.complete) publish('ready');
        else {
          publish('working');
          search();
        }
      };
      // An answer already here is taken at once: its state is drawn in the same render as 'working' would be.
      if (asked?.settled !== undefined) take(asked.settled);
      else void (asked ? asked.answer : askServer(position, aborter.signal, budget)).then(take);
    };
    /** With the page's table (null: none, or not this position's): what it knows, then the rest. */
    const answer = (loaded: OpeningTable | null) => {
      if (!live) return;
      const known = wantsTable && loaded ? tableAnswer(loaded, p) : null;
      for (const v of known?.verdicts ?? []) found.set(v.move, v);
      notInTable = known !== null && !known.complete;
      if (total === 0 || known?.complete) return publish('ready');
      publish('working');
      if (slowInBrowser(p)) serverThenSearch(SERVER_BUDGET_MS);
      // The move phase: the server's tablebase, once built, knows every move (one round trip, no search);
      // without one (or offline) the answer is empty at once and the browser searches. (Asked already, in
      // the render that showed the position: askEarly.)
      else if (askedAtOnce(p)) serverThenSearch(0);
      // No table here: the server's (in memory) may know the position; it answers within milliseconds.
      else if (wantsTable && !loaded) serverThenSearch(0);
      // The page's table knows what the server's knows (the same file): the browser searches at once.
      else search();
    };
    const ready = loadedOpeningTable();
    // Early in the placement phase the server is asked at once (it has the same table); later the first
    // table position waits for the table, which then answers it and every later one with no round trip.
    if (!wantsTable || ready || slowInBrowser(p)) {
      answer(ready);
      // The table, loaded meanwhile (after the server's answer), tells whether it covers the position.
      if (wantsTable && !ready) {
        void whenOpeningTableLoaded().then((t) => {
          const known = tableAnswer(t, p);
          if (!live || shown !== 'working' || known === null) return;
          for (const v of known.verdicts) found.set(v.move, v);
          notInTable = !known.complete;
          publish('working');
        });
      }
    } else {
      publish('working');
      void loadOpeningTable().then(answer);
    }
    return halt;
  }, [position, wantLine, tablebase.finished]);
  // Until the effect has caught up with a new position, the table's answer, or the server's once here, is
  // what the screen shows.
  if (position !== null && p !== null && state.position !== position) {
    if (fromTable) return fromTableState(position, p.legalMoveCodes().length, fromTable);
    const told = asked?.settled;
    if (told?.complete) return fromServerState(position, p.legalMoveCodes().length, told);
  }
  const building = tablebase.status !== null && tablebase.status.state !== 'ready';
  return building ? { ...state, tablebase: tablebase.status } : state;
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
      {working && state.notInTable && (
        <p class="muted small" data-testid="analysis-not-in-table">
          {t('knights.analysisNotInTable')}
        </p>
      )}
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
      {props.on && state.tablebase && <TablebaseNote status={state.tablebase} />}
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

/** Where the server's tablebase of this layout stands, while it cannot answer yet. */
function TablebaseNote(props: { status: TablebaseStatus }) {
  const t = useT();
  const { status } = props;
  if (status.state === 'building' || status.state === 'queued') {
    const percent = Math.round((status.progress ?? 0) * 100);
    return (
      <div class="analysis-progress" role="status" data-testid="tablebase-building">
        <p class="muted small">
          {status.state === 'queued'
            ? t('knights.tablebaseQueued')
            : t('knights.tablebaseBuilding', { percent })}
        </p>
        <progress max={100} value={percent} aria-label={t('knights.tablebaseProgress')} />
      </div>
    );
  }
  if (status.state === 'too-large') {
    const megabytes = Math.ceil(status.needBytes / 2 ** 20);
    return (
      <p class="muted small" data-testid="tablebase-too-large">
        {t('knights.tablebaseTooLarge', { megabytes })}
      </p>
    );
  }
  if (status.state === 'failed') {
    return (
      <p class="error small" data-testid="tablebase-failed">
        {t('knights.tablebaseFailed', { error: status.error ?? '' })}
      </p>
    );
  }
  return null;
}
