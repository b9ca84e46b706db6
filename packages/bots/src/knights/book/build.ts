/**
 * Builds (and resumes) the opening book of the standard board by proving the placement phase from the empty
 * board: an AND/OR search over placements, up to symmetry, whose leaves (all six knights placed) the solver
 * answers with its quick search. Every placement position proven is appended to `standard.book` at once, so
 * a stopped build resumes where it was; `--verify` re-proves every entry from scratch instead.
 *
 *   npx tsx packages/bots/src/knights/book/build.ts [--verify] [--minutes N]
 *
 * The side to place wins when one placement leaves the other side lost (the first found is stored); it loses
 * when every placement leaves the other side won, and then the stored placement is the one whose refutation
 * cost the most search (the win that is hardest to find).
 */
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { Position, STANDARD_LAYOUT, moveToString, PLACEMENT, popcount } from '@attila/knights';
import { mobilityAfter } from '../greedy.js';
import { KnightsSolver } from '../solver/search.js';
import { solveQuick, solverPosition } from '../solver/solve.js';
import { canonicalKey, OpeningBook, STANDARD_BOOK_FILE } from './book.js';

const layout = STANDARD_LAYOUT;
const args = process.argv.slice(2);
const verify = args.includes('--verify');
const minutesArg = args.indexOf('--minutes');
const deadline = minutesArg >= 0 ? Date.now() + Number(args[minutesArg + 1]) * 60_000 : Infinity;

const solver = new KnightsSolver(
  { size: layout.size, jumps: layout.jumps, symmetries: layout.symmetries.map((s) => s.perm) },
  23,
);

class OutOfTime extends Error {}

interface Proof {
  readonly value: number;
  readonly square: number;
  readonly nodes: number;
}

const book = verify ? new OpeningBook(layout) : OpeningBook.load(layout, STANDARD_BOOK_FILE);
if (!existsSync(STANDARD_BOOK_FILE) || verify) {
  const header = [
    '# Knights opening book, standard 4x5 layout: placement positions proven by the solver.',
    '# <position> <side> <value: +1 side to place wins, -1 loses> <placement> <search nodes of the proof>',
    '# Rebuild and re-verify: npx tsx packages/bots/src/knights/book/build.ts',
  ].join('\n');
  if (!verify) writeFileSync(STANDARD_BOOK_FILE, `${header}\n`);
}
const leafCache = new Map<string, number>();
let leaves = 0;
const started = Date.now();

/** Children of a placement position, one per symmetry class, most promising (mobility) first. */
function children(p: Position): number[] {
  const seen = new Set<string>();
  const out: Array<[number, number]> = [];
  const board = p.toBoard();
  for (const move of p.legalMoveCodes()) {
    const c = p.playCode(move);
    const [key] = canonicalKey(layout, c.romans, c.huns, c.side);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push([move, mobilityAfter(board, move)]);
  }
  return out.sort((a, b) => b[1] - a[1]).map(([m]) => m);
}

/** Proves the value of a position for the side to move: +1 or -1, with the move and the effort. */
function prove(p: Position): Proof {
  if (Date.now() > deadline) throw new OutOfTime();
  const board = p.toBoard();
  if (!board.inPlacement()) {
    const [key] = canonicalKey(layout, p.romans, p.huns, p.side);
    const known = leafCache.get(key);
    if (known !== undefined) return { value: known, square: -1, nodes: 0 };
    const q = solveQuick(solver, solverPosition(p));
    leaves++;
    leafCache.set(key, q.value);
    return { value: q.value === 0 ? -1 : q.value, square: -1, nodes: q.nodes };
  }
  const entry = book.lookup(p);
  if (entry) return { value: entry.value, square: entry.square, nodes: entry.nodes };
  let total = 0;
  let hardest: Proof | null = null;
  const moves = children(p);
  if (moves.length === 0) return record(p, { value: -1, square: -1, nodes: 0 });
  for (const move of moves) {
    const child = prove(p.playCode(move));
    total += child.nodes;
    if (child.value < 0) return record(p, { value: 1, square: move & 31, nodes: total });
    if (!hardest || child.nodes > hardest.nodes)
      hardest = { value: -1, square: move & 31, nodes: child.nodes };
  }
  return record(p, { value: -1, square: hardest!.square, nodes: total });
}

function record(p: Position, proof: Proof): Proof {
  if (proof.square < 0) return proof; // no legal placement: nothing to store
  book.add(p, proof.value, proof.square, proof.nodes);
  if (!verify) {
    const line = `${p.toString()} ${proof.value > 0 ? '+1' : '-1'} ${layout.names[proof.square]} ${proof.nodes}`;
    appendFileSync(STANDARD_BOOK_FILE, `${line}\n`);
  }
  const placed = popcount(p.romans | p.huns);
  if (placed <= 3) {
    const secs = ((Date.now() - started) / 1000).toFixed(0);
    console.log(`${secs}s proven ${p.toString()} ${proof.value > 0 ? '+1' : '-1'} (${leaves} leaves solved)`);
  }
  return proof;
}

if (verify) {
  // Re-prove every shipped entry from scratch and compare.
  const shipped = OpeningBook.load(layout, STANDARD_BOOK_FILE);
  let checked = 0;
  for (const [position, entry] of shipped.entries()) {
    const proof = prove(position);
    if (proof.value !== entry.value) {
      console.error(`MISMATCH ${position.toString()}: book ${entry.value}, solver ${proof.value}`);
      process.exit(1);
    }
    if (entry.value > 0) {
      // The stored placement must itself win: the position after it is lost for the other side.
      const after = prove(position.playCode(PLACEMENT | entry.square));
      if (after.value > 0) {
        console.error(`WRONG MOVE ${position.toString()} ${moveToString(layout, PLACEMENT | entry.square)}`);
        process.exit(1);
      }
    }
    checked++;
  }
  console.log(
    `verified ${checked} book entries (${leaves} leaves solved) in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
} else {
  try {
    const root = prove(Position.empty(layout, 'R'));
    console.log(
      `the empty standard board is a ${root.value > 0 ? 'first' : 'second'}-player win; book has ${book.size} entries`,
    );
  } catch (e) {
    if (!(e instanceof OutOfTime)) throw e;
    console.log(`stopped at the time limit: ${book.size} entries proven so far; run again to continue`);
  }
  console.log(`${leaves} leaves solved in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
