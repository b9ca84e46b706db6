export * from './arena.js';
export { makePlayer, playedSpec, SPEC_HELP, type ArenaPlayer } from './players.js';
export { parseBudget, budgetText, BUDGET_HELP } from './budget.js';
export { ExternalBot, PROTOCOL } from './external.js';
export { meanInterval, rateInterval, type Interval } from './stats.js';
export {
  gameRanges,
  runFromRecords,
  summarizeRecords,
  type RecordedRun,
  type SourcedRecord,
} from './summary.js';
