/**
 * Why a move is not allowed: the rule of docs/rules/tribes.md it breaks, as its own code and a sentence.
 * Only refused moves come here (the public API's `playMove`, once `legalMoveCodes` has said no), so it is
 * written for clarity, not speed: bots never reach it. The checks follow the rules page in order: whose
 * decision it is, which step of the turn, the card, the province, the conflict, the action tiles.
 */
import {
  MoveKind,
  moveCardTotal,
  moveCount,
  moveKind,
  moveProvince,
  moveTribe,
  type MoveCode,
} from './moves.js';
import { hasPlayableCard, tribesIn } from './legal.js';
import { Phase, Tile, type TribesState } from './state.js';
import { PROVINCE_CAPACITY, TRIBE_COUNT, TRIBES } from './tribes.js';

/** Each rule a move can break, by the rules page's name for it. */
export const TRIBES_RULE_CODES = [
  /** Step 1 is pending: a card must be played (or, with none playable, discarded). */
  'move.step-play',
  /** Step 2 is pending: influence, or a second marker of the card's tribe. */
  'move.step-influence',
  /** A conflict is being fought: the seat lays cards face down (possibly none). */
  'move.step-commit',
  /** The card (or cards) named are not in the hand. */
  'move.card-not-in-hand',
  /** The tribe has no marker left in the supply. */
  'move.supply-empty',
  /** Sardinia and Corsica: no marker may ever be placed there. */
  'move.province-closed',
  /** A province with a peace tile takes no more markers. */
  'move.peace-tile',
  /** A province already holding 5 markers takes no more. */
  'move.province-full',
  /** A tribe with no marker on the board enters through a start province. */
  'move.first-marker',
  /** Later markers go to a start province, a province holding the tribe, or one bordering it. */
  'move.not-adjacent',
  /** Discarding is only for a player with no playable card (house rule). */
  'move.discard-not-forced',
  /** Default rule: only cards of tribes present in the province may be laid in its conflict. */
  'move.commit-absent-tribe',
  /** Action tiles are used in one's own turn only (not during another player's turn's conflict). */
  'move.tile-own-turn',
  /** Each action tile is used once per game. */
  'move.tile-used',
  /** At most one action tile per turn. */
  'move.tile-one-per-turn',
] as const;

export type TribesRuleCode = (typeof TRIBES_RULE_CODES)[number];

export interface RuleBroken {
  readonly code: TribesRuleCode;
  readonly message: string;
}

const T = TRIBE_COUNT;
const broken = (code: TribesRuleCode, message: string): RuleBroken => ({ code, message });

function provinceName(s: TribesState, p: number): string {
  return s.map.provinces[p]?.name ?? `province ${p}`;
}

/** Why a marker of `tribe` may not go into province `p` now, or null if it may. */
function placementRule(s: TribesState, tribe: number, p: number): RuleBroken | null {
  const name = TRIBES[tribe];
  const where = provinceName(s, p);
  const bit = 1 << p;
  if (!s.supply[tribe]) return broken('move.supply-empty', `the ${name} have no marker left in the supply`);
  if (!(s.map.playableMask & bit)) {
    return broken('move.province-closed', `no marker may ever be placed in ${where}`);
  }
  if (s.peace & bit) {
    return broken('move.peace-tile', `${where} has a peace tile: a peaceful province takes no more markers`);
  }
  if (s.total[p] >= PROVINCE_CAPACITY) {
    return broken('move.province-full', `${where} already holds ${PROVINCE_CAPACITY} markers`);
  }
  if (!(s.reach[tribe] & bit)) {
    if (!s.presence[tribe]) {
      return broken(
        'move.first-marker',
        `the ${name} have no marker on the board: their first goes into a start province`,
      );
    }
    return broken(
      'move.not-adjacent',
      `${where} is not a start province and neither holds the ${name} nor borders a province that does`,
    );
  }
  return null;
}

function missingCards(s: TribesState, seat: number, move: MoveCode): RuleBroken | null {
  for (let t = 0; t < T; t++) {
    if (moveCount(move, t) > s.hands[seat * T + t]) {
      const held = s.hands[seat * T + t];
      return broken(
        'move.card-not-in-hand',
        `the hand holds ${held} ${TRIBES[t]} card${held === 1 ? '' : 's'}, not ${moveCount(move, t)}`,
      );
    }
  }
  return null;
}

function tileRule(s: TribesState, seat: number, move: MoveCode): RuleBroken | null {
  if (seat !== s.active) {
    return broken('move.tile-own-turn', "action tiles are used in one's own turn, not in another player's");
  }
  const kind = moveKind(move);
  const tile = kind === MoveKind.Double ? Tile.Double : kind === MoveKind.Trade ? Tile.Trade : Tile.Influence;
  if (s.tilesUsed[seat] & tile) return broken('move.tile-used', 'each action tile is used once per game');
  if (s.tileThisTurn) return broken('move.tile-one-per-turn', 'at most one action tile is used in a turn');
  if (kind === MoveKind.Trade) return missingCards(s, seat, move);
  return null;
}

function stepRule(s: TribesState): RuleBroken {
  if (s.phase === Phase.Influence) {
    return broken(
      'move.step-influence',
      `the ${TRIBES[s.card]} card is played: now take influence or place a second ${TRIBES[s.card]} marker`,
    );
  }
  if (s.phase === Phase.Commit) {
    return broken('move.step-commit', 'a conflict is being fought: lay cards face down, or none');
  }
  return broken('move.step-play', 'play a card from the hand and place a marker of its tribe first');
}

/**
 * The rule a move by `seat` breaks, or null when the move is legal (or breaks none this page names). The
 * game-over and whose-decision checks come first, as in `playMove`.
 */
export function ruleBroken(s: TribesState, seat: number, move: MoveCode): RuleBroken | null {
  if (s.phase === Phase.Over || seat !== s.toAct) return null;
  const kind = moveKind(move);
  if (kind === MoveKind.Double || kind === MoveKind.Trade || kind === MoveKind.TwoInfluence) {
    return tileRule(s, seat, move);
  }
  switch (s.phase) {
    case Phase.Play:
      if (kind === MoveKind.Play) {
        const t = moveTribe(move);
        if (!s.hands[seat * T + t]) {
          return broken('move.card-not-in-hand', `the hand holds no ${TRIBES[t]} card`);
        }
        return placementRule(s, t, moveProvince(move));
      }
      if (kind === MoveKind.Discard) {
        if (hasPlayableCard(s)) {
          return broken(
            'move.discard-not-forced',
            'a card can be played: discarding is only for a hand with none',
          );
        }
        const t = moveTribe(move);
        return s.hands[seat * T + t]
          ? null
          : broken('move.card-not-in-hand', `the hand holds no ${TRIBES[t]} card`);
      }
      return stepRule(s);
    case Phase.Influence:
      if (kind === MoveKind.Influence) return null;
      return kind === MoveKind.Second ? placementRule(s, s.card, moveProvince(move)) : stepRule(s);
    case Phase.Commit: {
      if (kind !== MoveKind.Commit) return stepRule(s);
      const missing = missingCards(s, seat, move);
      if (missing) return missing;
      if (s.options.conflictBluffCards || moveCardTotal(move) === 0) return null;
      const p = s.conflicts[s.conflictIdx];
      const present = tribesIn(s, p);
      for (let t = 0; t < T; t++) {
        if (moveCount(move, t) && !((present >> t) & 1)) {
          return broken(
            'move.commit-absent-tribe',
            `the ${TRIBES[t]} have no marker in ${provinceName(s, p)}: only cards of tribes present there may be laid`,
          );
        }
      }
      return null;
    }
    default:
      return null;
  }
}
