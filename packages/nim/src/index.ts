export * from './game.js';
export * from './client.js';
