/**
 * Setting up a position on the analysis board. The setup is the position's text itself, spelled right but
 * not necessarily legal (six Roman knights, a knight with no move, ...): the player edits it square by
 * square and the engine says whether it is a position (`examinePosition`) and, if not, what is wrong.
 */
import {
  examinePosition,
  knightsGame,
  readPosition,
  type PositionFacts,
  type PositionProblem,
  type Side,
} from '@attila/knights';

/** What a click on a square puts there. */
export type SetupTool = 'R' | 'H' | 'scorched' | 'free';

const CHAR: Readonly<Record<SetupTool, string>> = { R: 'R', H: 'H', scorched: '#', free: '.' };

/** The empty board of a layout (a preset name or a shape) with `toMove` to place first, or null. */
export function emptyPosition(layout: string, toMove: Side): string | null {
  const settings = knightsGame.parseSettings({ layout, first: toMove });
  if (!settings.ok) return null;
  const state = knightsGame.setup(settings.value, 'analysis');
  return state.ok ? knightsGame.view(state.value, 'spectator').position : null;
}

/**
 * The setup with `tool` applied to `square`: the square gets the tool's content, or becomes free again if
 * it already had it (a second click takes a knight off). Null for a square that is not on the board.
 */
export function withSquare(position: string, square: string, tool: SetupTool): string | null {
  const drawing = readPosition(position);
  const target = drawing?.squares.find((s) => s.name === square && s.cell !== 'gap');
  if (!drawing || !target) return null;
  const rows = position.trim().split(' ')[0].split('/');
  const now = rows[target.row][target.col];
  const put = now === CHAR[tool] ? '.' : CHAR[tool];
  rows[target.row] = rows[target.row].slice(0, target.col) + put + rows[target.row].slice(target.col + 1);
  return `${rows.join('/')} ${drawing.toMove}`;
}

export function withSideToMove(position: string, side: Side): string {
  return position.trim().replace(/ [RH]$/, ` ${side}`);
}

/** The setup with every square free again (same layout and side to move). */
export function cleared(position: string): string {
  return position.trim().replace(/[RH#](?=.* [RH]$)/g, '.');
}

/** The shape of a setup's board (`.` a square, `_` a gap), to tell which layout it is on. */
export function shapeOf(position: string): string {
  return position.trim().split(' ')[0].replace(/[RH#]/g, '.');
}

export type SetupCheck =
  | { readonly ok: true; readonly facts: PositionFacts }
  | { readonly ok: false; readonly problem: PositionProblem };

/** The engine's verdict on a setup. */
export function checkSetup(position: string): SetupCheck {
  const read = examinePosition(position);
  return read.ok ? { ok: true, facts: read.value } : read;
}
