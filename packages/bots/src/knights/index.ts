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
export { perfectMove } from './perfect.js';
export { bookMove, OpeningBook, standardOpeningBook, STANDARD_BOOK_FILE } from './book/book.js';
export { KnightsSolver, MATE, scoreToValue, type SolverPosition } from './solver/search.js';
export {
  exactScore,
  solveExact,
  solveQuick,
  solverFor,
  solverPosition,
  valuesOfMoves,
  type ExactAnswer,
  type QuickAnswer,
} from './solver/solve.js';
