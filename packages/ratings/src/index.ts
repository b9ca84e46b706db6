export * from './rating.js';
export * from './speed.js';
export * from './ranking.js';
export * from './rate-game.js';
export * from './pool.js';
export {
  GLICKO2_SCALE,
  expectedScoreAgainst,
  ratingPeriod,
  type GlickoResult,
  type GlickoState,
} from './glicko2.js';
export { bradleyTerryFull, winChance, type SkillBelief } from './weng-lin.js';
export * from './bot-ratings.js';
export * from './puzzle-rating.js';
