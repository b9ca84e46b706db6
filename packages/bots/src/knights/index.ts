export { knightsBots, randomKnightsBot, type KnightsBot } from './bots.js';
