/// <reference lib="webworker" />
/**
 * The Knights solver (packages/bots) in a worker: for the position on screen, the exact value of every
 * legal move, from the mover's side (+N: wins in N plies, -N: loses in N plies).
 */
import { moveToString, Position } from '@attila/knights';
import { solverFor, solverPosition, valuesOfMoves } from '@attila/bots/knights-solver';

self.onmessage = (e: MessageEvent<{ id: number; position: string }>) => {
  const parsed = Position.parse(e.data.position);
  if (!parsed.ok) {
    self.postMessage({ id: e.data.id, error: parsed.error.message });
    return;
  }
  const position = parsed.value;
  // A 2^20-entry table: ample for one game's analysis, small enough for a phone.
  const solver = solverFor(position.layout, 20);
  const values = valuesOfMoves(solver, solverPosition(position));
  self.postMessage({
    id: e.data.id,
    verdicts: values.map((v) => ({ move: moveToString(position.layout, v.move), value: v.value })),
  });
};
