export type { Budget, StateReadingBot, TribesBot } from './bot.js';
export { greedyBot } from './greedy.js';
export { standing } from './standing.js';
export { search, searchMoves, type SearchOptions, type SearchStats } from './ismcts.js';
export { ismctsBot, cheatingBot, peekingBot, searchDecision, DEFAULT_BUDGET } from './search-bots.js';
export {
  LEVEL_BUDGETS,
  honestMove,
  honestTribesBot,
  measuringSearchers,
  omniscientTribesBot,
  tribesSearchers,
  type TribesHonestBot,
} from './levels.js';
export * from './arena/index.js';
export {
  reviewGame,
  winChances,
  SWINGS,
  type GameReview,
  type ReviewedTurn,
  type BotAlternative,
  type Swing,
  type ReviewOptions,
  type ReviewErrorCode,
} from './review.js';
