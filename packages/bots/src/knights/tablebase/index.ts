export { TablebaseSpace } from './space.js';
export { buildTablebase, buildAllLayers } from './build.js';
export { codeOfValue, valueOfCode } from './codes.js';
export { TablebaseFile, TablebaseWriter } from './file.js';
export { openingTableFromLayer0 } from './opening.js';
export {
  buildTablebaseThreaded,
  type BuildProgress,
  type BuildSummary,
  type LayerFigures,
} from './threaded.js';
export {
  buildMemoryBytes,
  DEFAULT_TABLEBASE_DIR,
  makeTablebase,
  tablebaseFileIn,
  tablebaseFileName,
  type MakeOptions,
} from './make.js';
export {
  forgetTablebase,
  tablebaseDir,
  tablebaseFor,
  tablebaseMoveValues,
  tablebaseSpaceFor,
  tablebaseValue,
  tablebaseValuesOf,
  useTablebaseDir,
} from './lookup.js';
export { installMovePhaseOracle, movePhaseOracle, type MovePhaseOracle } from './oracle.js';
