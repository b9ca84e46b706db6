export type { AnyTribesBot, Budget, OmniscientBot, TribesBot } from './bot.js';
export { isOmniscient } from './bot.js';
export { randomBot } from './random.js';
export { greedyBot } from './greedy.js';
export { standing } from './standing.js';
export { search, searchMoves, type SearchOptions, type SearchStats } from './ismcts.js';
export { ismctsBot, cheatingBot, peekingBot, DEFAULT_BUDGET } from './search-bots.js';
export {
  LEVEL_BUDGETS,
  tribesBots,
  tribesBotFns,
  TRIBES_BOT_NAMES,
  isTribesBotName,
  chooseTribesMove,
  honestMove,
  type TribesBotName,
} from './levels.js';
export * from './arena/index.js';
