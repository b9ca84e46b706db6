export {
  KNIGHTS_LEVELS,
  greedyKnightsBot,
  knightsBotMove,
  mixture,
  perfectKnightsBot,
  type KnightsBot,
  type KnightsLevel,
} from './levels.js';
export { greedyMove, mobilityAfter } from './greedy.js';
export { perfectMove, tablePlacement } from './perfect.js';
export { bookMove, OpeningBook, standardOpeningBook, STANDARD_BOOK_FILE } from './book/book.js';
export { KnightsSolver, MATE, scoreToValue, type SolverPosition } from './solver/search.js';
export {
  exactScore,
  solveExact,
  solveExactKnowing,
  solveQuick,
  solverFor,
  solverPosition,
  valueScore,
  valuesOfMoves,
  type ExactAnswer,
  type QuickAnswer,
} from './solver/solve.js';
export {
  betterValue,
  layoutGeometry,
  OpeningTable,
  tableSpaceFor,
  valueAfter,
  type PlacementValue,
} from './table/table.js';
export { openingTableFor, standardOpeningTable, STANDARD_TABLE_FILE } from './table/load.js';
export * from './puzzles/index.js';
export * from './tablebase/index.js';
