/** The reconstructed default map that ships with the package (see data/default-map.json and tribes-map.md). */
import { unwrap } from '@attila/core';
import defaultMapJson from '../data/default-map.json' with { type: 'json' };
import { parseMap, type TribesMap } from './map.js';

export const DEFAULT_MAP: TribesMap = unwrap(parseMap(defaultMapJson));
