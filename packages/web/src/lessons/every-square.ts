/**
 * In a lesson the board offers every square, not only the legal ones, so a player may try a wrong move and
 * learn from the engine's answer which rule it breaks. These are all the move texts that name squares of the
 * board (placements on any square; any knight, any landing, any square to scorch): the engine, not this
 * list, says which of them are allowed.
 */
import { formatMove, readPosition, type Phase } from '@attila/knights';

export function everySquareMoves(position: string, phase: Phase): string[] {
  const drawing = readPosition(position);
  if (!drawing || phase === 'over') return [];
  const squares = drawing.squares.filter((s) => s.cell !== 'gap');
  if (phase === 'placement') return squares.map((s) => formatMove({ kind: 'place', to: s.name }));
  const moves: string[] = [];
  for (const from of squares.filter((s) => s.cell === 'R' || s.cell === 'H'))
    for (const to of squares)
      if (to !== from)
        for (const scorch of squares)
          moves.push(formatMove({ kind: 'move', from: from.name, to: to.name, scorch: scorch.name }));
  return moves;
}
