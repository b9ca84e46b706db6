/**
 * Knights engine speed on one core: random full games from the empty standard board, and perft.
 * Run: npx tsx packages/knights/bench/bench.ts [seconds per measure, default 3]
 */
import { Rng } from '@attila/core';
import { Board, perft, Position, STANDARD_LAYOUT } from '@attila/knights';

const seconds = Number(process.argv[2] ?? 3);

function timed<T>(f: () => T): { value: T; ms: number } {
  const t0 = performance.now();
  const value = f();
  return { value, ms: performance.now() - t0 };
}

function randomGames(ms: number): { games: number; plies: number; elapsed: number; romanWins: number } {
  const rng = Rng.fromSeed('bench');
  const board = new Board(STANDARD_LAYOUT, 0);
  let games = 0;
  let plies = 0;
  let romanWins = 0;
  const t0 = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let batch = 0; batch < 1000; batch++) {
      board.romans = 0;
      board.huns = 0;
      board.scorched = 0;
      board.side = 0;
      for (;;) {
        const m = board.randomMove(rng);
        if (m < 0) break;
        board.makeMove(m);
        plies++;
      }
      romanWins += board.side; // the side to move at the end has lost
      games++;
    }
    elapsed = performance.now() - t0;
  }
  return { games, plies, elapsed, romanWins };
}

function perftRate(text: string, depth: number, bulk: boolean): string {
  const board = Position.parse(text);
  if (!board.ok) throw new Error(board.error.message);
  const b = board.value.toBoard();
  perft(b, Math.max(1, depth - 2), bulk); // warm-up
  let nodes = 0;
  let ms = 0;
  let runs = 0;
  while (ms < seconds * 1000) {
    const r = timed(() => perft(b, depth, bulk));
    nodes += r.value;
    ms += r.ms;
    runs++;
  }
  const rate = (nodes / ms) * 1000;
  return `perft ${depth} ${bulk ? 'bulk   ' : 'no-bulk'} ${text}: ${nodes / runs} leaves, ${(rate / 1e6).toFixed(1)}M nodes/s (${runs} runs, ${(ms / runs).toFixed(0)} ms each)`;
}

randomGames(300); // warm-up
const g = randomGames(seconds * 1000);
console.log(
  `random full games, empty standard board: ${Math.round((g.games / g.elapsed) * 1000).toLocaleString('en')} games/s ` +
    `(${g.games} games, ${(g.plies / g.games).toFixed(2)} plies/game, Romans (first) win ${((100 * g.romanWins) / g.games).toFixed(1)}%)`,
);
console.log(perftRate('...../...../...../..... R', 6, false));
console.log(perftRate('...../...../...../..... R', 7, true));
console.log(perftRate('R..H./..H../...R./.R..H R', 3, false));
console.log(perftRate('R..H./..H../...R./.R..H R', 4, true));
