/**
 * The events' pure pairing and standings, on their own: what `attila tournament simulate` imports, so the
 * command line pairs exactly as the server does without loading the server (its databases, web push).
 */
export { twoSeatWinner } from './game-winner.js';
export { arenaStandings, pairArena, type ArenaGame, type ArenaPlayer, type ArenaStanding } from './arena.js';
export {
  pairSwissRound,
  swissStandings,
  type SwissGame,
  type SwissPlayer,
  type SwissStanding,
} from './swiss.js';
export {
  seatTribesRound,
  tribesStandings,
  type TribesEntrant,
  type TribesShape,
  type TribesStanding,
  type TribesTable,
} from './tribes-rounds.js';
