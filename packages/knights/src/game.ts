/**
 * Knights as a `GameModule`: what the server, the web app, the bots' harness and the command line use.
 * Seat 0 plays the Romans (`R`), seat 1 the Huns (`H`). Perfect information: every viewer sees the same view.
 */
import { err, ok, type GameModule, type GameResult, type Result, type Viewer } from '@attila/core';
import { isPlacement, moveFrom, moveScorch, moveTo } from './board.js';
import type { Layout } from './layout.js';
import { moveToString, type MoveErrorCode } from './notation.js';
import { Position, SIDE_LETTERS, SIDE_NAMES, sideIndex, type Phase, type Side } from './position.js';
import { parseLayout, presetLayout, STANDARD_LAYOUT } from './presets.js';

export interface KnightsSettings {
  readonly layout: Layout;
  /** How the layout was given: a preset name, or the shape string. */
  readonly layoutName: string;
  /** Who places (and later moves) first. */
  readonly first: Side;
}

export interface KnightsState {
  readonly settings: KnightsSettings;
  readonly position: Position;
  /** The last move in notation, or null before the first. */
  readonly lastMove: string | null;
  readonly plies: number;
}

/**
 * What every viewer sees. The squares follow from the position string (one character per cell of the
 * bounding box) and the legal moves come from `legalMoves`, so neither is repeated here: a server sends a
 * view with every update.
 */
export interface KnightsView {
  /** The position in the notation of the rules page. */
  readonly position: string;
  readonly layout: {
    readonly shape: string;
    readonly name: string;
    readonly rows: number;
    readonly cols: number;
    /** One cutting of the shape into the four tiles (row/col of the top-left cell), for drawing tile edges. */
    readonly tiles: ReadonlyArray<{
      kind: 'S' | 'L';
      row: number;
      col: number;
      height: number;
      width: number;
    }>;
  };
  readonly knights: ReadonlyArray<{ readonly side: Side; readonly square: string }>;
  readonly scorched: readonly string[];
  readonly first: Side;
  readonly sideToMove: Side;
  /** The seat that must act, or null when the game is over. */
  readonly seatToMove: number | null;
  readonly phase: Phase;
  readonly lastMove: string | null;
  readonly plies: number;
  readonly winner: Side | null;
}

/** Something that happened in a Knights game (every event is public: the game has no secrets). */
export type KnightsEvent =
  | { readonly type: 'placed'; readonly side: Side; readonly square: string }
  | {
      readonly type: 'moved';
      readonly side: Side;
      readonly from: string;
      readonly to: string;
      readonly scorch: string;
    }
  | { readonly type: 'game-over'; readonly winner: Side; readonly reason: string };

export const KNIGHTS_RULES_VERSION = '1';

const SETTINGS_HELP =
  'settings are { layout: <preset name, shape string or tile placements>, first: "R" | "H" }';

export type KnightsSettingsErrorCode = 'knights.settings';

export function parseKnightsSettings(raw: unknown): Result<KnightsSettings, KnightsSettingsErrorCode> {
  const value: unknown = raw ?? {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return err('knights.settings', `Knights ${SETTINGS_HELP}; got ${JSON.stringify(raw)}`);
  }
  const unknown = Object.keys(value).filter((k) => k !== 'layout' && k !== 'first');
  if (unknown.length > 0)
    return err('knights.settings', `unknown setting "${unknown[0]}": Knights ${SETTINGS_HELP}`);
  const first = ('first' in value ? value.first : undefined) ?? 'R';
  if (first !== 'R' && first !== 'H') {
    return err('knights.settings', `"first" is "R" (Romans) or "H" (Huns), not ${JSON.stringify(first)}`);
  }
  const layoutText = ('layout' in value ? value.layout : undefined) ?? 'standard';
  if (typeof layoutText !== 'string') {
    return err('knights.settings', `"layout" is a string: ${SETTINGS_HELP}`);
  }
  const layout = parseLayout(layoutText);
  if (!layout.ok) return err('knights.settings', `bad layout: ${layout.error.message}`);
  const layoutName = presetLayout(layoutText.trim()) ? layoutText.trim() : layout.value.shape;
  return ok({ layout: layout.value, layoutName, first });
}

export function knightsSettingsToJson(s: KnightsSettings): Record<string, unknown> {
  return { layout: s.layoutName, first: s.first };
}

export function knightsStart(settings: KnightsSettings): KnightsState {
  return { settings, position: Position.empty(settings.layout, settings.first), lastMove: null, plies: 0 };
}

function overReason(p: Position): string {
  const loser = SIDE_NAMES[p.side];
  return p.toBoard().inPlacement()
    ? `the ${loser} have no legal placement`
    : `the ${loser} cannot move any knight`;
}

export function knightsResult(state: KnightsState): GameResult | null {
  const winner = state.position.winner();
  if (!winner) return null;
  return { winners: [sideIndex(winner)], reason: overReason(state.position) };
}

// Positions and layouts are immutable, and a server asks for the same position's moves and layout drawing
// for every audience of every update: compute each once.
const legalMovesMemo = new WeakMap<Position, readonly string[]>();
const layoutViewMemo = new WeakMap<Layout, Map<string, KnightsView['layout']>>();

/** The position's legal moves in notation, sorted (memoized). */
function legalMovesOf(p: Position): readonly string[] {
  let moves = legalMovesMemo.get(p);
  if (!moves) {
    moves = Object.freeze(p.legalMoves());
    legalMovesMemo.set(p, moves);
  }
  return moves;
}

function layoutView(layout: Layout, name: string): KnightsView['layout'] {
  let byName = layoutViewMemo.get(layout);
  if (!byName) layoutViewMemo.set(layout, (byName = new Map()));
  let view = byName.get(name);
  if (!view) {
    view = {
      shape: layout.shape,
      name,
      rows: layout.rows,
      cols: layout.cols,
      tiles: layout.tiles.map((t) => ({
        kind: t.kind,
        row: t.row,
        col: t.col,
        height: t.height,
        width: t.width,
      })),
    };
    byName.set(name, view);
  }
  return view;
}

export function knightsView(state: KnightsState): KnightsView {
  const p = state.position;
  const layout = p.layout;
  const winner = p.winner();
  const knights: Array<{ side: Side; square: string }> = [];
  for (const side of SIDE_LETTERS) for (const square of p.knightSquares(side)) knights.push({ side, square });
  return {
    position: p.toString(),
    layout: layoutView(layout, state.settings.layoutName),
    knights,
    scorched: layout.maskNames(p.scorched),
    first: state.settings.first,
    sideToMove: p.sideToMove,
    seatToMove: winner ? null : p.side,
    phase: winner ? 'over' : p.phase(),
    lastMove: state.lastMove,
    plies: state.plies,
    winner,
  };
}

/** Why a move is refused: the game is over, it is the other seat's turn, or the move itself (see notation). */
export type KnightsPlayErrorCode = 'knights.over' | 'knights.turn' | MoveErrorCode;

export function knightsPlay(
  state: KnightsState,
  seat: number,
  move: string,
): Result<{ state: KnightsState; events: KnightsEvent[] }, KnightsPlayErrorCode> {
  const p = state.position;
  if (p.winner()) return err('knights.over', `the game is over: ${overReason(p)}`);
  if (seat !== p.side) {
    return err(
      'knights.turn',
      `it is the ${SIDE_NAMES[p.side]}' turn (seat ${p.side}), not seat ${seat}'s (seat 0 plays the Romans, seat 1 the Huns)`,
    );
  }
  const code = p.parseMove(move);
  if (!code.ok) return code;
  const next = p.playCode(code.value);
  const names = p.layout.names;
  const side = p.sideToMove;
  const events: KnightsEvent[] = [
    isPlacement(code.value)
      ? { type: 'placed', side, square: names[moveTo(code.value)] }
      : {
          type: 'moved',
          side,
          from: names[moveFrom(code.value)],
          to: names[moveTo(code.value)],
          scorch: names[moveScorch(code.value)],
        },
  ];
  const winner = next.winner();
  if (winner) events.push({ type: 'game-over', winner, reason: overReason(next) });
  const text = moveToString(p.layout, code.value);
  return ok({
    state: { settings: state.settings, position: next, lastMove: text, plies: state.plies + 1 },
    events,
  });
}

export const knightsGame: GameModule<KnightsSettings, KnightsState, KnightsView, KnightsEvent> = {
  kind: 'knights',
  rulesVersion: KNIGHTS_RULES_VERSION,
  seats: { min: 2, max: 2 },
  parseSettings: parseKnightsSettings,
  settingsToJson: knightsSettingsToJson,
  playerCount: () => 2,
  setup: (settings) => ok(knightsStart(settings)),
  toAct: (state) => (state.position.winner() ? [] : [state.position.side]),
  legalMoves: (state, seat) =>
    seat === state.position.side && !state.position.winner() ? legalMovesOf(state.position) : [],
  play: knightsPlay,
  view: (state, _viewer: Viewer) => knightsView(state),
  sameViewForEveryone: true,
  result: knightsResult,
};

/** The standard settings: the 4x5 board, Romans first. */
export const DEFAULT_KNIGHTS_SETTINGS: KnightsSettings = {
  layout: STANDARD_LAYOUT,
  layoutName: 'standard',
  first: 'R',
};
