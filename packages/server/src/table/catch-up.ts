/**
 * Several processes share storage: before a change, or when another process's news is heard, a table's copy
 * catches up with what the others stored (seats, status, moves), replaying only the moves it has not seen,
 * or the whole game when moves were taken back since (the line changed).
 */
import type { AnyGame } from '../games.js';
import { patched } from '../change.js';
import { replayStored } from '../moves.js';
import {
  playOf,
  type Storage,
  type StoredMove,
  type StoredTable,
  type TablePatch,
} from '../storage/types.js';
import type { TableCopy } from './change-kind.js';

/** Reads what other processes wrote for `copy`'s table and brings the copy up to it. */
export async function catchUpWithStorage(game: AnyGame, copy: TableCopy, storage: Storage): Promise<void> {
  const meta = await storage.getTable(copy.meta.id);
  if (!meta) return;
  const stored = await storage.getMoves(copy.meta.id);
  if (playOf(meta).line !== playOf(copy.meta).line) return reload(game, copy, meta, stored);
  const moves = stored.slice(copy.moves.length);
  const replayed = replayStored(game, copy.meta.id, copy.state, moves);
  copy.state = replayed.state;
  for (const m of moves) copy.moves.push(m.move);
  copy.history.push(...replayed.entries);
  copy.meta = meta;
}

/** Another process took moves back: the game is replayed from its settings, seed and stored moves. */
function reload(game: AnyGame, copy: TableCopy, meta: StoredTable, stored: readonly StoredMove[]): void {
  const settings = game.parseSettings(meta.settings);
  if (!settings.ok) throw new Error(`table ${meta.id}: ${settings.error.message}`);
  const start = game.setup(settings.value, meta.seed);
  if (!start.ok) throw new Error(`table ${meta.id}: ${start.error.message}`);
  const replayed = replayStored(game, meta.id, start.value, stored);
  copy.state = replayed.state;
  copy.moves.length = 0;
  copy.moves.push(...stored.map((m) => m.move));
  copy.history.length = 0;
  copy.history.push(...replayed.entries);
  copy.meta = meta;
}

/**
 * Another process's move, heard with its patch of the table's row, played on a copy that held everything
 * before it: the copy is then what a read of storage would have made it. False if the move does not replay
 * (the copy is left as it was, and storage will be read).
 */
export function followMove(game: AnyGame, copy: TableCopy, move: StoredMove, patch: TablePatch): boolean {
  let replayed: ReturnType<typeof replayStored>;
  try {
    replayed = replayStored(game, copy.meta.id, copy.state, [move]);
  } catch {
    return false;
  }
  copy.state = replayed.state;
  copy.moves.push(move.move);
  copy.history.push(...replayed.entries);
  copy.meta = patched(copy.meta, [], patch);
  return true;
}
