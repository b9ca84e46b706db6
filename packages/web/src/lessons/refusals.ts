/**
 * Each refusal code of a move (Knights: packages/knights/src/notation.ts; Tribes: packages/tribes/src/game.ts)
 * as the rule it breaks, in the player's words: a translation key under `lessons.refusal.*`. A code without an
 * entry is shown by the general text (the lessons' own moves never produce one: their tests check it).
 * Tribes names each rule too (packages/tribes/src/refusal.ts, `TRIBES_RULE_CODES`): every one has a text.
 */
import type { MoveErrorCode } from '@attila/knights';
import type { TribesErrorCode, TribesRuleCode } from '@attila/tribes';

/** Every rule a Tribes move can break (the compiler checks the list is complete). */
const TRIBES_RULE_TEXT = {
  'move.step-play': 'lessons.refusal.tribes.stepPlay',
  'move.step-influence': 'lessons.refusal.tribes.stepInfluence',
  'move.step-commit': 'lessons.refusal.tribes.stepCommit',
  'move.card-not-in-hand': 'lessons.refusal.tribes.cardNotInHand',
  'move.supply-empty': 'lessons.refusal.tribes.supplyEmpty',
  'move.province-closed': 'lessons.refusal.tribes.provinceClosed',
  'move.peace-tile': 'lessons.refusal.tribes.peaceTile',
  'move.province-full': 'lessons.refusal.tribes.provinceFull',
  'move.first-marker': 'lessons.refusal.tribes.firstMarker',
  'move.not-adjacent': 'lessons.refusal.tribes.notAdjacent',
  'move.discard-not-forced': 'lessons.refusal.tribes.discardNotForced',
  'move.commit-absent-tribe': 'lessons.refusal.tribes.commitAbsentTribe',
  'move.tile-own-turn': 'lessons.refusal.tribes.tileOwnTurn',
  'move.tile-used': 'lessons.refusal.tribes.tileUsed',
  'move.tile-one-per-turn': 'lessons.refusal.tribes.tileOnePerTurn',
} satisfies Record<TribesRuleCode, string>;

export const REFUSAL_TEXT: Readonly<Partial<Record<string, string>>> = {
  'knights.move.place-taken': 'lessons.refusal.placeTaken',
  'knights.move.trap': 'lessons.refusal.trap',
  'knights.move.trap-other': 'lessons.refusal.trapOther',
  'knights.move.not-your-knight': 'lessons.refusal.notYourKnight',
  'knights.move.not-a-jump': 'lessons.refusal.notAJump',
  'knights.move.land-taken': 'lessons.refusal.landTaken',
  'knights.move.scorch-landing': 'lessons.refusal.scorchLanding',
  'knights.move.scorch-taken': 'lessons.refusal.scorchTaken',
  'knights.move.placing': 'lessons.refusal.placing',
  'knights.move.moving': 'lessons.refusal.moving',
  'knights.move.game-over': 'lessons.refusal.gameOver',
  ...TRIBES_RULE_TEXT,
  'move.illegal': 'lessons.refusal.tribesIllegal',
  'move.not-your-turn': 'lessons.refusal.notYourTurn',
  'move.game-over': 'lessons.refusal.gameOver',
} satisfies Partial<Record<MoveErrorCode | TribesErrorCode, string>>;

/** The translation key explaining a refusal code. */
export function refusalText(code: string): string {
  return REFUSAL_TEXT[code] ?? 'lessons.refusal.other';
}
