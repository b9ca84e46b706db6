export * from './puzzle.js';
export { canonicalKey, mapMove, mapPosition, moveClasses, symmetryBetween } from './symmetry.js';
export { puzzleAt, strongestDefence, uniqueWin, winningMoves } from './find.js';
export { botGame, MAX_FREE, PuzzleMiner, type MinedGame, type MiningReport } from './mine.js';
export { checkPuzzle, checkPuzzles, type PuzzleCheck } from './check.js';
export { STANDARD_PUZZLES_FILE, standardPuzzles } from './load.js';
