/**
 * Each refusal code of a move (Knights: packages/knights/src/notation.ts; Tribes: packages/tribes/src/game.ts)
 * as the rule it breaks, in the player's words: a translation key under `lessons.refusal.*`. A code without an
 * entry is shown by the general text (the lessons' own moves never produce one: their tests check it).
 * Tribes refuses every move against the rules with one code, `move.illegal`: its lessons offer only the
 * allowed provinces and say in the task why the others are not.
 */
import type { MoveErrorCode } from '@attila/knights';
import type { TribesErrorCode } from '@attila/tribes';

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
  'move.illegal': 'lessons.refusal.tribesIllegal',
  'move.not-your-turn': 'lessons.refusal.notYourTurn',
  'move.game-over': 'lessons.refusal.gameOver',
} satisfies Partial<Record<MoveErrorCode | TribesErrorCode, string>>;

/** The translation key explaining a refusal code. */
export function refusalText(code: string): string {
  return REFUSAL_TEXT[code] ?? 'lessons.refusal.other';
}
