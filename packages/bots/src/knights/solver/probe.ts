/**
 * The table probe of a search node, one for turns and placements: looks up the position whose canonical key
 * `keys` holds, and either decides the node (an exact score, or a bound outside the window) or narrows the
 * window. One reused object per solver, so a probe allocates nothing.
 */
import type { CanonicalKeys } from './canonical.js';
import type { TranspositionTable } from './table.js';

export class TableProbe {
  /** The window narrowed by the entry (when `probe` returned false). */
  alpha = 0;
  beta = 0;
  /** The stored move in the searched orientation (a dead scorch still `NO_SQUARE`: see `realMove`), or -1. */
  move = -1;
  /** When `probe` returned true: the node's score. */
  score = 0;
  /** When `probe` returned true: the move that keeps `score` (the entry's move when its lower bound cut), or -1. */
  cutMove = -1;

  constructor(
    private readonly table: TranspositionTable,
    private readonly keys: CanonicalKeys,
  ) {}

  /** True when the table decides the node (`score`, `cutMove`); else `alpha`, `beta` and `move` are set. */
  probe(alpha: number, beta: number): boolean {
    const table = this.table;
    const keys = this.keys;
    const e = table.find(keys.keyA, keys.keyB, keys.keyC);
    let move = -1;
    if (e >= 0) {
      const lo = table.lower(e);
      const hi = table.upper(e);
      move = keys.mapMove(table.move(e), keys.keySym, true);
      if (lo >= beta || lo === hi) {
        this.score = lo;
        this.cutMove = move;
        return true;
      }
      if (hi <= alpha) {
        this.score = hi;
        this.cutMove = -1;
        return true;
      }
      if (lo > alpha) alpha = lo;
      if (hi < beta) beta = hi;
    }
    this.move = move;
    this.alpha = alpha;
    this.beta = beta;
    return false;
  }
}
