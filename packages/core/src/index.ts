export * from './result.js';
export * from './bits.js';
export * from './rng.js';
export * from './record.js';
export * from './game.js';
export * from './replay.js';
export * from './bot.js';
export * from './errors.js';
