export * from './tribes.js';
export * from './map.js';
export { DEFAULT_MAP } from './default-map.js';
export * from './settings.js';
export { TribesState, Phase, EndReason, Tile, centuryOf, peaceTilesLeft } from './state.js';
export * from './moves.js';
export { applyInPlace, END_REASON_TEXT, type Events } from './engine.js';
export { MAX_MOVES, legalMoveCodes, isLegal, hasPlayableCard, placementMask, tribesIn } from './legal.js';
export { scoreTribe } from './scoring.js';
export { createGame } from './setup.js';
export { formatMove, parseMove, NOTATION_HELP } from './notation.js';
export * from './view.js';
export { determinize, determinizer, type Determinizer } from './determinize.js';
export { randomMove, randomPlayout } from './playout.js';
export { describeEvent, renderView } from './text.js';
export {
  tribesGame,
  playMove as playTribesMove,
  legalCodes,
  RULES_VERSION,
  type MoveErrorCode,
} from './game.js';
export {
  tribesRecord,
  replayTribesRecord,
  type ReplayedTribes,
  type TribesRecordErrorCode,
} from './record.js';
export type { TribesErrorCode } from './errors.js';
export { ruleBroken, TRIBES_RULE_CODES, type TribesRuleCode, type RuleBroken } from './refusal.js';
export { moveToObject, moveFromObject, moveObjectToText, type TribesMove } from './typed-move.js';
export * from './events.js';
export { readMove, moveText } from './notation.js';
export { explainTribe } from './scoring.js';
export { cardInfluence, CENTURIES } from './state.js';
export {
  choicesOf,
  cardList,
  maxPerTribe,
  twoInfluenceTracks,
  tribeNamed,
  cardsOf,
  type TribesChoices,
} from './client.js';
