/**
 * The search's playouts: fast random play on the engine's mutable path, biased the way real players are.
 * A uniformly random player lays a random handful of cards in every conflict and almost never takes
 * influence (one option against a dozen provinces for a second marker); this policy usually lays nothing,
 * takes influence half the time, and leaves the action tiles alone, which makes playouts both faster and
 * closer to real games.
 */
import type { Rng } from '@attila/core';
import {
  INFLUENCE_MOVE,
  MAX_MOVES,
  Phase,
  applyInPlace,
  legalMoveCodes,
  type TribesState,
} from '@attila/tribes';

const buffer = new Int32Array(MAX_MOVES);
const ALL_TILES = 7;
/** Out of 256: how often a playout player lays no card in a conflict, and takes influence in step 2. */
const LAY_NOTHING = 192;
const TAKE_INFLUENCE = 128;

/** Plays `s` to the end in place. */
export function rollout(s: TribesState, rng: Rng): void {
  // Tiles are out of playouts: marking them used also spares the move generator their enumeration.
  s.tilesUsed.fill(ALL_TILES);
  s.tileThisTurn = true;
  while (s.phase !== Phase.Over) {
    const n = legalMoveCodes(s, buffer);
    let move: number;
    if (n === 1) move = buffer[0];
    else {
      const r = rng.nextU32();
      if (s.phase === Phase.Commit) {
        // The empty commitment is listed first.
        move = (r & 255) < LAY_NOTHING ? buffer[0] : buffer[1 + ((r >>> 8) % (n - 1))];
      } else if (s.phase === Phase.Influence && (r & 255) < TAKE_INFLUENCE) move = INFLUENCE_MOVE;
      else move = buffer[(r >>> 8) % n];
    }
    applyInPlace(s, move);
  }
}

/** Each seat's reward for a finished game, in [0, 1]: mostly its share of the victory, a little its score. */
export function rewards(s: TribesState, out: Float64Array): void {
  const n = s.players;
  let best = -Infinity;
  let worst = Infinity;
  for (let i = 0; i < n; i++) {
    best = Math.max(best, s.scores[i]);
    worst = Math.min(worst, s.scores[i]);
  }
  let winners = 0;
  for (let i = 0; i < n; i++) if (s.scores[i] === best) winners++;
  const spread = best - worst || 1;
  for (let i = 0; i < n; i++) {
    const win = s.scores[i] === best ? 1 / winners : 0;
    out[i] = 0.85 * win + 0.15 * ((s.scores[i] - worst) / spread);
  }
}
