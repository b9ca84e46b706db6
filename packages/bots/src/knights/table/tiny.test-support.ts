/** A 3×4 board (12 squares) for tests: the whole opening table of six knights on it builds in seconds. */
import { shapeGeometry } from './shape-geometry.js';

export const TINY_SHAPE = '..../..../....';
export const TINY_GEOMETRY = shapeGeometry(TINY_SHAPE);
