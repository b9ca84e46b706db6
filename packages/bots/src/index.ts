export * from './registry.js';
export * from './tribes/index.js';
export * from './knights/index.js';
