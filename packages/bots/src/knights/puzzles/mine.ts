/**
 * Mining puzzles from games: every move-phase position of every game is tested (`puzzleAt`), positions are
 * deduplicated up to symmetry, and bot-vs-bot games are played from a seed (the same seed, the same games,
 * the same puzzles). Positions with more than `MAX_FREE` free squares are skipped: there the solver's test
 * costs seconds, and in a trial of 20 bot games none of the 100 positions with 11 to 14 free squares was a
 * puzzle (a forced win in at most 9 plies with one winning move is an endgame matter).
 */
import { popcount, Rng } from '@attila/core';
import { Position, STANDARD_LAYOUT } from '@attila/knights';
import { greedyMove } from '../greedy.js';
import { perfectMove } from '../perfect.js';
import { puzzleAt } from './find.js';
import { canonicalKey } from './symmetry.js';
import { PUZZLE_THEMES, type KnightsPuzzle } from './puzzle.js';

export const MAX_FREE = 10;

/** A finished (or abandoned) game as the positions it went through, with where it came from. */
export interface MinedGame {
  readonly source: string;
  readonly positions: readonly Position[];
}

/**
 * A mining bot: a random move with chance `wild`, else the mobility move; once at most `MAX_FREE` squares
 * are free (where the solver is fast) the perfect move with chance `exact`. Mixed skills make mistakes, so
 * won positions come up often, and exact endgames make the long wins (7 and 9 plies) that random play misses.
 */
interface MiningStyle {
  readonly wild: number;
  readonly exact: number;
}
const STYLES: readonly MiningStyle[] = [
  { wild: 1, exact: 0 },
  { wild: 0.4, exact: 0 },
  { wild: 0, exact: 0 },
  { wild: 0.4, exact: 0.5 },
];

function styledMove(style: MiningStyle, p: Position, rng: Rng): number {
  const board = p.toBoard();
  if (popcount(p.free()) <= MAX_FREE && p.phase() === 'turns' && rng.nextFloat() < style.exact) {
    return perfectMove(p, rng);
  }
  return rng.nextFloat() < style.wild ? board.randomMove(rng) : greedyMove(board, rng);
}

/** Game `index` of the bot games of `seed`, on the standard board: each game has its own generator. */
export function botGame(seed: string, index: number): MinedGame {
  const rng = Rng.fromSeed(`${seed}:${index}`);
  const pick = () => STYLES[Math.floor(rng.nextFloat() * STYLES.length)];
  const styles = [pick(), pick()];
  let p = Position.empty(STANDARD_LAYOUT, rng.nextFloat() < 0.5 ? 'R' : 'H');
  const positions = [p];
  while (p.phase() !== 'over') {
    p = p.playCode(styledMove(styles[p.side], p, rng));
    positions.push(p);
  }
  return { source: `bots:${seed}:${index}`, positions };
}

export interface MiningReport {
  games: number;
  positions: number;
  tested: number;
  duplicates: number;
  byTheme: Record<number, number>;
}

/** Mines `games` into `found` (kept across calls: positions already seen, up to symmetry, are skipped). */
export class PuzzleMiner {
  readonly puzzles: KnightsPuzzle[] = [];
  readonly report: MiningReport = {
    games: 0,
    positions: 0,
    tested: 0,
    duplicates: 0,
    byTheme: Object.fromEntries(PUZZLE_THEMES.map((t) => [t, 0])),
  };
  private readonly seen = new Set<string>();

  /** Puzzles found before (an earlier run's file): kept, and their positions not tested again. */
  keep(puzzles: readonly KnightsPuzzle[]): void {
    for (const z of puzzles) {
      const p = Position.parse(z.position);
      if (!p.ok) continue;
      const key = `${p.value.layout.shape}|${canonicalKey(p.value)}`;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.puzzles.push(z);
    }
  }

  add(game: MinedGame): void {
    this.report.games++;
    for (const p of game.positions) {
      this.report.positions++;
      if (popcount(p.free()) > MAX_FREE || p.phase() !== 'turns') continue;
      const key = `${p.layout.shape}|${canonicalKey(p)}`;
      if (this.seen.has(key)) {
        this.report.duplicates++;
        continue;
      }
      this.seen.add(key);
      this.report.tested++;
      const z = puzzleAt(p, game.source);
      if (z) {
        this.puzzles.push(z);
        this.report.byTheme[z.plies]++;
      }
    }
  }
}
