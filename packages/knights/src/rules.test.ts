/** One test (or more) per rule of docs/rules/knights.md, named after the rule. */
import { unwrap } from '@attila/core';
import { describe, expect, it } from 'vitest';
import { Board, MAX_MOVES } from './board.js';
import type { MoveErrorCode } from './notation.js';
import { Position } from './position.js';
import { parseLayout, PRESET_LAYOUTS, STANDARD_LAYOUT } from './presets.js';

const P = (text: string) => unwrap(Position.parse(text));

/** The message of a refused move, after checking the refusal's own code. */
function refusal(p: Position, move: string, code: MoveErrorCode): string {
  const r = p.play(move);
  if (r.ok) throw new Error(`expected ${move} to be refused in ${p.toString()}`);
  expect(r.error.code).toBe(code);
  return r.error.message;
}

/** Landing squares per knight, from the legal move list. */
function targets(p: Position): Record<string, string[]> {
  const out: Record<string, Set<string>> = {};
  for (const m of p.legalMoves()) {
    const [from, rest] = m.split('-');
    (out[from] ??= new Set()).add(rest.split(',')[0]);
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...v].sort()]));
}

describe('a turn: move one knight by a knight jump', () => {
  // Romans c2, c1, d1; Huns b3, d3, b1; c3, b2 and d2 scorched, around the Roman knight on c2.
  const p = P('...../.H#H./.#R#./.HRR. R');

  it('jumps over knights and scorched squares', () => {
    expect(targets(p)).toEqual({ c2: ['a1', 'a3', 'b4', 'd4', 'e1', 'e3'], c1: ['a2', 'e2'], d1: ['e3'] });
  });

  it('lands only on a free square of the board: not on a knight, not on scorched earth', () => {
    expect(refusal(p, 'c1-b3,a4', 'knights.move.land-taken')).toMatch(
      /cannot land on b3: it holds a Hun knight/,
    );
    expect(refusal(p, 'd1-c3,a4', 'knights.move.land-taken')).toMatch(/cannot land on c3: it is scorched/);
    expect(refusal(p, 'd1-b2,a4', 'knights.move.land-taken')).toMatch(/cannot land on b2: it is scorched/);
    expect(p.play('c2-d4,a4').ok).toBe(true);
  });

  it('only your own knights, only knight jumps', () => {
    expect(refusal(p, 'b3-a1,a4', 'knights.move.not-your-knight')).toMatch(
      /no Roman knight on b3; the Romans to move have knights on c2, c1, d1/,
    );
    expect(refusal(p, 'a4-b2,a3', 'knights.move.not-your-knight')).toMatch(/no Roman knight on a4/);
    expect(refusal(p, 'c2-c4,a4', 'knights.move.not-a-jump')).toMatch(/c2 to c4 is not a knight's jump/);
    expect(refusal(p, 'c2-f4,a4', 'knights.move.square')).toMatch(/f4 is not a square of this board/);
  });

  it('jumps over gaps and imaginary squares outside the tiles, but never lands on them', () => {
    // The ring layout has a hole at c3 and no a1, a2, d1, e1.
    const ring = P('H...R/...../.R_../_...H/_RH__ R');
    expect(unwrap(parseLayout('ring')).shape).toBe('...../...../.._../_..../_..__');
    expect(targets(ring)).toEqual({ b3: ['c5', 'd2', 'd4'], b1: ['a3', 'd2'], e5: ['c4', 'd3'] });
    expect(refusal(ring, 'b1-c3,a4', 'knights.move.square')).toMatch(/c3 is not a square of this board/);
    expect(refusal(ring, 'b3-a1,a4', 'knights.move.square')).toMatch(/a1 is not a square of this board/);
  });
});

describe('a turn: then scorch one free square anywhere on the board', () => {
  const p = P('...../.H#H./.#R#./.HRR. R');

  it('any free square, including the square the knight just left', () => {
    expect(unwrap(p.play('d1-e3,d1')).toString()).toBe('...../.H#HR/.#R#./.HR#. H');
    expect(unwrap(p.play('d1-e3,a4')).toString()).toBe('#..../.H#HR/.#R#./.HR.. H');
  });

  it('not the square the knight landed on, not a knight, not scorched earth, not off the board', () => {
    expect(refusal(p, 'd1-e3,e3', 'knights.move.scorch-landing')).toMatch(
      /e3 cannot be scorched: the knight has just landed there/,
    );
    expect(refusal(p, 'd1-e3,c3', 'knights.move.scorch-taken')).toMatch(
      /c3 cannot be scorched: it is scorched; scorch a free square/,
    );
    expect(refusal(p, 'd1-e3,b3', 'knights.move.scorch-taken')).toMatch(
      /b3 cannot be scorched: it holds a Hun knight/,
    );
    expect(refusal(p, 'd1-e3,c2', 'knights.move.scorch-taken')).toMatch(
      /c2 cannot be scorched: it holds a Roman knight/,
    );
    expect(refusal(p, 'd1-e3,a5', 'knights.move.square')).toMatch(/a5 is not a square/);
  });

  it('both steps are compulsory: a jump without a scorch is not a turn', () => {
    expect(refusal(p, 'd1-e3', 'knights.move.syntax')).toMatch(/not a move: .*"from-to,scorch"/);
    expect(refusal(p, 'e3', 'knights.move.moving')).toMatch(
      /all knights are placed: a turn is a knight's jump and a square to scorch/,
    );
  });

  it('every jump can be followed by a scorch of any free square: moves = jumps x free squares', () => {
    const free = 20 - 6 - 3;
    expect(p.legalMoves()).toHaveLength(9 * free);
  });
});

describe('setup: players place knights in turn, starting with the first player', () => {
  it('placements alternate, and nothing else is a move during placement', () => {
    let p = Position.empty(STANDARD_LAYOUT, 'H');
    expect(p.phase()).toBe('placement');
    expect(p.legalMoves()).toHaveLength(20);
    expect(refusal(p, 'a1-b3,c1', 'knights.move.placing')).toMatch(
      /knights are still being placed: name the free square/,
    );
    p = unwrap(p.play('a1'));
    expect(p.toString()).toBe('...../...../...../H.... R');
    expect(refusal(p, 'a1', 'knights.move.place-taken')).toMatch(
      /a1 holds a Hun knight: place a knight on a free square/,
    );
    expect(refusal(p, 'f1', 'knights.move.square')).toMatch(
      /f1 is not a square of this board \(columns a-e, rows 1-4\)/,
    );
  });

  it('after all six are placed, the first player makes the first move', () => {
    let p = Position.empty(STANDARD_LAYOUT, 'H');
    for (const sq of ['a1', 'e4', 'c2', 'b4', 'e1', 'a3']) p = unwrap(p.play(sq));
    expect(p.toString()).toBe('.R..R/R..../..H../H...H H');
    expect(p.phase()).toBe('turns');
    expect(p.sideToMove).toBe('H');
    expect(p.legalMoves()[0]).toMatch(/^[a-e][1-4]-[a-e][1-4],[a-e][1-4]$/);
  });
});

describe('no-trap placement rule: after each placement every knight must have a move', () => {
  it('refuses the last free square of an enemy knight', () => {
    // The Roman on a1 jumps only to b3 (taken) and c2: a Hun may not take c2.
    const p = P('...../.H.../...../R.... H');
    expect(p.legalMoves()).not.toContain('c2');
    expect(refusal(p, 'c2', 'knights.move.trap-other')).toMatch(
      /would leave the Roman knight on a1 without a move \(no-trap placement rule\)/,
    );
  });

  it('refuses the last free square of one of your own knights', () => {
    const p = P('...../.H.../...../R.... R');
    expect(p.legalMoves()).not.toContain('c2');
    expect(refusal(p, 'c2', 'knights.move.trap-other')).toMatch(/Roman knight on a1 without a move/);
  });

  it('names the knight left without a move, Roman or Hun, wherever it stands among the others', () => {
    // The knight on e1 keeps d3: only a1 is trapped, and the refusal names it.
    const huns = P('...../.H.../...../R...H R');
    expect(refusal(huns, 'c2', 'knights.move.trap-other')).toMatch(/the Roman knight on a1 without a move/);
    const romans = P('...../.R.../...../H...R H');
    expect(romans.legalMoves()).not.toContain('c2');
    expect(refusal(romans, 'c2', 'knights.move.trap-other')).toMatch(/the Hun knight on a1 without a move/);
  });

  it('refuses a square where the new knight itself would have no move', () => {
    // a1 jumps only to b3 and c2, both taken.
    const p = P('...../.R.../..H../..... R');
    expect(p.legalMoves()).not.toContain('a1');
    expect(refusal(p, 'a1', 'knights.move.trap')).toMatch(
      /a knight on a1 would have no move \(no-trap placement rule\)/,
    );
  });

  it('allows a placement that leaves every knight a move, even a single one', () => {
    const p = P('...../.H.../...../R.... R');
    expect(p.legalMoves()).toContain('d1');
    expect(unwrap(p.play('d1')).toString()).toBe('...../.H.../...../R..R. H');
  });

  it('holds in every position of random placements on every preset', () => {
    for (const { layout } of PRESET_LAYOUTS) {
      const b = new Board(layout, 0);
      const moves = new Int32Array(MAX_MOVES);
      while (b.inPlacement()) {
        const n = b.generateMoves(moves);
        expect(n).toBeGreaterThan(0);
        b.makeMove(moves[(n * 7) >> 3]);
        expect(Position.fromBoard(b).trappedKnights()).toEqual([]);
      }
    }
  });
});

describe('house rule: a player with no legal placement loses', () => {
  it(
    'no placement position on the standard board is without a legal placement (exhaustive)',
    { tags: ['slow'] },
    () => {
      const b = new Board(STANDARD_LAYOUT, 0);
      const seen = new Set<number>();
      const bufs = Array.from({ length: 6 }, () => new Int32Array(MAX_MOVES));
      let stuck = 0;
      const walk = (ply: number): void => {
        if (!b.inPlacement() || seen.has(b.key())) return;
        seen.add(b.key());
        const n = b.generateMoves(bufs[ply]);
        if (n === 0) stuck++;
        for (let i = 0; i < n; i++) {
          b.makeMove(bufs[ply][i]);
          walk(ply + 1);
          b.unmakeMove(bufs[ply][i]);
        }
      };
      walk(0);
      expect(seen.size).toBeGreaterThan(100_000);
      expect(stuck).toBe(0);
    },
  );

  it('the engine scores a placement position without a legal placement as lost by the side to place', () => {
    // Unreachable in play (the rule above shows why), so built directly on a board: the Roman on a1 is
    // already trapped, so no placement can satisfy the no-trap rule.
    const b = new Board(STANDARD_LAYOUT, 1);
    b.romans = (1 << STANDARD_LAYOUT.squareIndex('a1')) | (1 << STANDARD_LAYOUT.squareIndex('e4'));
    b.huns = (1 << STANDARD_LAYOUT.squareIndex('b3')) | (1 << STANDARD_LAYOUT.squareIndex('c2'));
    b.side = 1;
    expect(b.placementMask()).toBe(0);
    expect(b.hasAnyMove()).toBe(false);
    const p = Position.fromBoard(b);
    expect(p.phase()).toBe('over');
    expect(p.winner()).toBe('R');
    expect(p.legalMoves()).toEqual([]);
  });
});

describe('a player who cannot move any knight at the start of the turn loses', () => {
  it('the side to move has no jump: game over, the other side wins, every move refused', () => {
    const p = P('R#H#H/.####/#####/R#H#R R');
    expect(p.phase()).toBe('over');
    expect(p.winner()).toBe('H');
    expect(p.legalMoves()).toEqual([]);
    expect(refusal(p, 'a4-c3,a3', 'knights.move.game-over')).toMatch(
      /the game is over: the Romans cannot move and have lost/,
    );
  });

  it('the last jump and the last free square: the Huns trap the Romans', () => {
    const p = P('R#H#H/.####/#####/R#H#R H');
    expect(p.legalMoves()).toEqual(['c4-a3,c4']);
    const after = unwrap(p.play('c4-a3,c4'));
    expect(after.toString()).toBe('R###H/H####/#####/R#H#R R');
    expect(after.winner()).toBe('H');
  });

  it('a side with no move loses even when the other side could still move', () => {
    const p = P('R#H#H/.####/#####/R#H#R R');
    expect(p.toBoard().sideCanJump(1)).toBe(true);
    expect(p.winner()).toBe('H');
  });
});

describe('the whole game on non-rectangular layouts', () => {
  it('a full game on the cross, placement to the last trap', () => {
    let p = Position.empty(unwrap(parseLayout('cross')), 'R');
    let plies = 0;
    while (p.winner() === null) {
      const moves = p.legalMoves();
      expect(moves.length).toBeGreaterThan(0);
      // A fixed choice (the middle of the sorted list) keeps the game reproducible.
      p = unwrap(p.play(moves[moves.length >> 1]));
      plies++;
    }
    expect(plies).toBeGreaterThanOrEqual(7);
    expect(plies).toBeLessThanOrEqual(6 + 14);
    expect(p.phase()).toBe('over');
    expect(p.legalMoves()).toEqual([]);
  });
});
