/**
 * The search's playouts: fast random play on the engine's mutable path, biased the way real players are.
 * A uniformly random player lays a random handful of cards in every conflict and almost never takes
 * influence (one option against a dozen provinces for a second marker); this policy plays more like a
 * beginner (see `rollout`) and leaves the action tiles alone, which makes playouts both faster and closer to
 * real games.
 */
import type { Rng } from '@attila/core';
import {
  INFLUENCE_MOVE,
  MAX_MOVES,
  Phase,
  TRIBE_COUNT,
  applyInPlace,
  centuryOf,
  moveTribe,
  legalMoveCodes,
  type TribesState,
} from '@attila/tribes';
import { winChance2p } from './evaluation.js';
import { standing } from './standing.js';

const buffer = new Int32Array(MAX_MOVES);
const preferred = new Int32Array(MAX_MOVES);
const ALL_TILES = 7;
/** Out of 256: how often a playout player lays no card in a conflict. */
const LAY_NOTHING = 192;

/**
 * Tribes on which `seat` leads or would lead by taking this century's influence once (nobody else has more),
 * as a mask: where a card of the tribe pays, since its markers score for the leader. Counting the tribes it can
 * take over, not only those it leads already, plays more like `greedy` and made the search stronger (README,
 * tuning table).
 */
function aimMask(s: TribesState, seat: number): number {
  let mask = 0;
  const gain = centuryOf(s.peacePlaced) - 3;
  for (let t = 0; t < TRIBE_COUNT; t++) {
    const mine = s.influence[seat * TRIBE_COUNT + t] + gain;
    let lead = true;
    for (let i = 0; i < s.players && lead; i++)
      if (i !== seat && s.influence[i * TRIBE_COUNT + t] > mine) lead = false;
    if (lead) mask |= 1 << t;
  }
  return mask;
}

/** Whether taking influence on the current card's tribe gains or keeps first place for the active seat. */
function influencePays(s: TribesState): boolean {
  const t = s.card;
  const mine = s.influence[s.active * TRIBE_COUNT + t];
  let rival = 0;
  for (let i = 0; i < s.players; i++)
    if (i !== s.active) rival = Math.max(rival, s.influence[i * TRIBE_COUNT + t]);
  const gain = centuryOf(s.peacePlaced) - 3;
  // Already far ahead: a second marker of the tribe is worth more than more influence.
  return mine + gain >= rival && mine - rival < 2 * gain + 2;
}

/**
 * Plays `s` in place to the end, or for at most `maxMoves` moves. The policy is random with a beginner's
 * bias: half the time it plays a card of a tribe it leads or can take the lead of (`aimMask`), it takes
 * influence when that wins or keeps first place (otherwise a second marker, at random), and it usually lays
 * no card in a conflict.
 */
export function rollout(s: TribesState, rng: Rng, maxMoves = Infinity): void {
  // Tiles are out of playouts: marking them used also spares the move generator their enumeration.
  s.tilesUsed.fill(ALL_TILES);
  s.tileThisTurn = true;
  for (let k = 0; k < maxMoves && s.phase !== Phase.Over; k++) {
    const n = legalMoveCodes(s, buffer);
    let move: number;
    if (n === 1) move = buffer[0];
    else {
      const r = rng.nextU32();
      if (s.phase === Phase.Commit) {
        // The empty commitment is listed first.
        move = (r & 255) < LAY_NOTHING ? buffer[0] : buffer[1 + ((r >>> 8) % (n - 1))];
      } else if (s.phase === Phase.Influence) {
        move = (r & 255) < 32 || influencePays(s) ? INFLUENCE_MOVE : buffer[1 + ((r >>> 8) % (n - 1))];
      } else {
        move = buffer[(r >>> 8) % n];
        if ((r & 255) < 128) {
          const aim = aimMask(s, s.active);
          let m = 0;
          for (let i = 0; i < n; i++) if ((aim >> moveTribe(buffer[i])) & 1) preferred[m++] = buffer[i];
          if (m > 0) move = preferred[(r >>> 8) % m];
        }
      }
    }
    applyInPlace(s, move);
  }
}

/**
 * Each seat's reward for an unfinished game, in [0, 1], so that a cut-off playout still says who is ahead:
 * with 2 players the learned chance of winning (evaluation.ts; `scale` is not used), with more a logistic of
 * the seat's standing (score and the points it would score now, against its best rival).
 */
export function estimatedRewards(s: TribesState, out: Float64Array, scale: number): void {
  if (s.players === 2) {
    out[0] = winChance2p(s, 0);
    out[1] = 1 - out[0];
    return;
  }
  for (let i = 0; i < s.players; i++) out[i] = 1 / (1 + Math.exp(-standing(s, i) / scale));
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
