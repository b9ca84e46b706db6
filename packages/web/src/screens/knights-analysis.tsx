/**
 * The Knights analysis board: any position on any legal layout, set up square by square or pasted as text,
 * with the solver's exact value of every legal move, the line of best play to step through (buttons and
 * arrow keys) and a link that reopens the same position. The engine judges every setup and gives the legal
 * moves; the analysis (useAnalysis) comes from the browser's solver worker, or the server early in the
 * placement phase, and stops when the screen goes away or the analysis is switched off.
 */
import { useEffect, useMemo, useReducer, useState } from 'preact/hooks';
import { positionAfter, presetName, parseLayout, readPosition, SIDE_LETTERS } from '@attila/knights';
import { useT } from '../i18n/i18n.js';
import { AnalysisToggle, useAnalysis } from '../knights/analysis.js';
import { KnightsBoard } from '../knights/board.js';
import {
  checkSetup,
  cleared,
  emptyPosition,
  shapeOf,
  withSideToMove,
  withSquare,
  type SetupTool,
} from '../knights/board-setup.js';
import { BestLine, VerdictList, bestVerdict } from '../knights/analysis-lines.js';
import { KnightsStatus } from '../knights/panel.js';
import { explorable, OpeningExplorer } from '../knights/opening-explorer.js';
import { positionProblemText } from '../knights/position-problem-text.js';
import { KnightsSetup } from '../knights/setup.js';
import { editorTilesOf } from '../knights/tile-arrangement.js';
import { useOwnAddress } from '../own-address.js';
import { href } from '../router.js';

const START = emptyPosition('standard', 'R') ?? '...../...../...../..... R';
const TOOLS: readonly ('play' | SetupTool)[] = ['play', 'R', 'H', 'scorched', 'free'];

/** A position from the address, if it is one the board can draw (the engine judges it as any setup). */
function initialSetup(position: string | null): string {
  return position && readPosition(position) ? position.trim() : START;
}

interface Steps {
  readonly root: string;
  /** Moves from the set-up position: played on the board, or the solver's line once followed. */
  readonly path: readonly string[];
  /** How many of them are shown played. */
  readonly cursor: number;
}

type StepAction =
  | { readonly kind: 'set-up'; readonly root: string }
  | { readonly kind: 'play'; readonly move: string }
  | { readonly kind: 'jump'; readonly cursor: number }
  | { readonly kind: 'back' }
  /** `line`: the solver's line from the position shown when the key was pressed (at `at` of `length`). */
  | {
      readonly kind: 'forward';
      readonly line: readonly string[];
      readonly at: number;
      readonly length: number;
    };

/** Steps as a reducer: keys pressed faster than the screen renders each apply to the steps before them. */
function step(s: Steps, a: StepAction): Steps {
  switch (a.kind) {
    case 'set-up':
      return { root: a.root, path: [], cursor: 0 };
    case 'play':
      return { ...s, path: [...s.path.slice(0, s.cursor), a.move], cursor: s.cursor + 1 };
    case 'jump':
      return { ...s, cursor: Math.max(0, Math.min(s.path.length, a.cursor)) };
    case 'back':
      return { ...s, cursor: Math.max(0, s.cursor - 1) };
    case 'forward':
      if (s.cursor < s.path.length) return { ...s, cursor: s.cursor + 1 };
      // Past the end the solver's line is followed (the whole line, so later steps need no search), if it
      // was found for this very position.
      if (a.line.length === 0 || a.at !== s.cursor || a.length !== s.path.length) return s;
      return { ...s, path: [...s.path, ...a.line], cursor: s.cursor + 1 };
  }
}

/** The position after the first `count` moves of `path` (each legal: they came from the engine). */
function after(root: string, path: readonly string[], count: number): string {
  let p = root;
  for (const move of path.slice(0, count)) p = positionAfter(p, move) ?? p;
  return p;
}

export function KnightsAnalysisScreen(props: { position: string | null }) {
  const t = useT();
  const [steps, dispatch] = useReducer(step, null, () => ({
    root: initialSetup(props.position),
    path: [],
    cursor: 0,
  }));
  const { root, path, cursor } = steps;
  const [tool, setTool] = useState<'play' | SetupTool>('play');
  const [layoutOpen, setLayoutOpen] = useState(false);
  const [analysisOn, setAnalysisOn] = useState(true);
  const badAddress = props.position !== null && readPosition(props.position) === null;

  const rootCheck = useMemo(() => checkSetup(root), [root]);
  const shown = useMemo(() => (rootCheck.ok ? after(root, path, cursor) : root), [root, path, cursor]);
  const check = useMemo(() => checkSetup(shown), [shown]);
  const facts = check.ok ? check.facts : null;
  const analysing = useAnalysis(analysisOn && facts ? facts.position : null, true);
  // Verdicts and line of the position before are not this one's.
  const analysis =
    analysing.position === facts?.position ? analysing : { ...analysing, verdicts: null, line: null };

  const setUp = (position: string) => dispatch({ kind: 'set-up', root: position });
  const setCursor = (n: number) => dispatch({ kind: 'jump', cursor: n });
  // The address follows the board, so a copied address (or the share link) reopens this position.
  const rewriteAddress = useOwnAddress();
  useEffect(() => rewriteAddress({ name: 'knightsAnalysis', position: shown }), [shown]);

  const best = analysis.line?.[0] ?? bestVerdict(analysis.verdicts)?.move ?? null;
  const canForward = cursor < path.length || (best !== null && facts !== null);
  // What ▶ follows past the path: the solver's line, or its best move alone before the line is known (so
  // the count never says "Move 0 of 0" beside an enabled ▶).
  const lineAhead =
    cursor !== path.length
      ? null
      : analysis.line && analysis.line.length > 0
        ? analysis.line
        : best
          ? [best]
          : null;
  const forward = () => {
    const line = analysis.line && analysis.line.length > 0 ? analysis.line : best ? [best] : [];
    dispatch({ kind: 'forward', line: facts ? line : [], at: cursor, length: path.length });
  };
  const back = () => dispatch({ kind: 'back' });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target instanceof Element ? e.target : null;
      // The board, the tile editor and text fields use the arrow keys themselves.
      if (target?.closest('input, textarea, select, [role=grid], [role=application]')) return;
      if (e.key === 'ArrowRight') forward();
      else if (e.key === 'ArrowLeft') back();
      else if (e.key === 'Home') setCursor(0);
      else if (e.key === 'End') setCursor(Number.MAX_SAFE_INTEGER);
      else return;
      e.preventDefault();
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  });

  const onSquare = (square: string) => {
    if (tool === 'play') return;
    const next = withSquare(shown, square, tool);
    if (next) setUp(next);
  };
  const loadPasted = (position: string) => {
    setTool('play');
    setUp(position);
  };
  const layout = parseLayout(shapeOf(root));
  const layoutName = layout.ok ? (presetName(layout.value) ?? shapeOf(root)) : shapeOf(root);
  // The tile editor starts from this board's own tiles, so opening it changes nothing by itself.
  const ownTiles = layout.ok ? editorTilesOf(layout.value.tiles, layout.value.rows, layout.value.cols) : null;
  const toMove = readPosition(shown)?.toMove ?? 'R';
  const shareUrl = `${location.origin}${location.pathname}${href({ name: 'knightsAnalysis', position: shown })}`;

  return (
    <main class="page analysis-board">
      <h1>{t('analysisBoard.title')}</h1>
      {badAddress && (
        <p class="error" role="alert" data-testid="address-error">
          {t('analysisBoard.badAddress')}
        </p>
      )}
      <div class="play">
        <div class="board-column">
          <div class="card board-card" data-testid="analysis-board" data-position={shown}>
            <KnightsBoard
              position={shown}
              legalMoves={tool === 'play' && facts ? facts.legalMoves : []}
              verdicts={tool === 'play' ? analysis.verdicts : null}
              lastMove={cursor > 0 ? path[cursor - 1] : null}
              onSquare={tool === 'play' ? undefined : onSquare}
              onMove={(move) => dispatch({ kind: 'play', move })}
            />
          </div>
          {facts && explorable(facts.position) && (
            <OpeningExplorer position={facts.position} verdicts={analysisOn ? analysis.verdicts : null} />
          )}
        </div>
        <aside class="side-panel">
          <div class="card">
            {facts ? (
              <KnightsStatus winner={facts.winner} toMove={facts.toMove} />
            ) : (
              <p class="error" role="alert" data-testid="setup-problem">
                {t('analysisBoard.notAPosition', {
                  problem: check.ok ? '' : positionProblemText(t, check.problem),
                })}
              </p>
            )}
            <fieldset class="tools">
              <legend>{t('analysisBoard.tools')}</legend>
              <div class="row" role="radiogroup" aria-label={t('analysisBoard.tools')}>
                {TOOLS.map((k) => (
                  <label key={k} class="radio">
                    <input
                      type="radio"
                      name="tool"
                      data-testid={`tool-${k}`}
                      checked={tool === k}
                      onChange={() => setTool(k)}
                    />
                    {t(`analysisBoard.tool.${k}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset>
              <legend>{t('analysisBoard.toMove')}</legend>
              <div class="row">
                {SIDE_LETTERS.map((s) => (
                  <label key={s} class="radio">
                    <input
                      type="radio"
                      name="to-move"
                      data-testid={`to-move-${s}`}
                      checked={toMove === s}
                      onChange={() => setUp(withSideToMove(shown, s))}
                    />
                    {t(`sides.${s}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            <div class="row">
              <button class="small secondary" data-testid="clear-board" onClick={() => setUp(cleared(shown))}>
                {t('analysisBoard.clear')}
              </button>
              <button
                class="small secondary"
                data-testid="change-layout"
                aria-expanded={layoutOpen}
                onClick={() => setLayoutOpen(!layoutOpen)}
              >
                {t('analysisBoard.changeLayout')}
              </button>
            </div>
            {layoutOpen && (
              <KnightsSetup
                layoutOnly
                initialTiles={ownTiles ?? undefined}
                value={{ layout: layoutName, first: toMove }}
                onChange={(form) => {
                  const empty = emptyPosition(form.layout, toMove);
                  if (empty && shapeOf(empty) !== shapeOf(root)) setUp(empty);
                }}
              />
            )}
          </div>
          <div class="card">
            <AnalysisToggle on={analysisOn} onChange={setAnalysisOn} state={analysis} />
            {analysisOn && facts && (
              <>
                <BestLine
                  path={path}
                  cursor={cursor}
                  line={lineAhead}
                  onJump={setCursor}
                  onBack={back}
                  onForward={forward}
                  canForward={canForward}
                />
                <VerdictList verdicts={analysis.verdicts} />
              </>
            )}
          </div>
          <div class="card">
            <PasteField onLoad={loadPasted} />
            <p class="small">
              {t('analysisBoard.position')} <code data-testid="position-text">{shown}</code>
            </p>
            <p class="row">
              <a class="button small secondary" href={shareUrl} data-testid="share-link">
                {t('analysisBoard.share')}
              </a>
              <button
                class="small secondary"
                data-testid="share-copy"
                onClick={() => void navigator.clipboard?.writeText(shareUrl)}
              >
                {t('analysisBoard.copy')}
              </button>
            </p>
          </div>
        </aside>
      </div>
    </main>
  );
}

/**
 * The field a position is pasted into, with its own state: a keystroke draws the field again, not the
 * board, the move list and the rest of the screen. `onLoad` gets a position the engine accepts.
 */
function PasteField(props: { onLoad: (position: string) => void }) {
  const t = useT();
  const [pasted, setPasted] = useState('');
  const [pasteError, setPasteError] = useState<string | null>(null);
  const load = () => {
    const read = checkSetup(pasted);
    if (!read.ok) return setPasteError(positionProblemText(t, read.problem));
    setPasteError(null);
    props.onLoad(read.facts.position);
  };
  return (
    <>
      <label class="field">
        <span>{t('analysisBoard.paste')}</span>
        <input
          type="text"
          data-testid="position-input"
          value={pasted}
          placeholder={START}
          spellcheck={false}
          onInput={(e) => setPasted(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && load()}
        />
      </label>
      <div class="row">
        <button class="small" data-testid="position-load" onClick={load}>
          {t('analysisBoard.load')}
        </button>
      </div>
      {pasteError && (
        <p class="error" role="alert" data-testid="position-error">
          {pasteError}
        </p>
      )}
    </>
  );
}
