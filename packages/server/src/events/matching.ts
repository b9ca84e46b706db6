/**
 * Weighted maximum matching, the one primitive every pairing here rests on: `edmonds-blossom-fixed`
 * (Joris van Rantwijk's mwmatching.py, the reference implementation of Edmonds' blossom algorithm in
 * O(n³), ported to JavaScript, with the original port's leaked globals declared). Weights must be integers:
 * the algorithm's dual variables are then exact halves, and no rounding decides a pairing.
 */
import blossom from 'edmonds-blossom-fixed';

export interface Edge {
  readonly a: number;
  readonly b: number;
  /** Higher is better; an integer. */
  readonly weight: number;
}

/**
 * The heaviest matching among those that pair the most vertices (`maxCardinality`), as `mate[v]` (-1:
 * unmatched). `vertices` is the vertex count (vertices without an edge stay unmatched).
 */
export function maxWeightMatching(vertices: number, edges: readonly Edge[]): number[] {
  const mate = Array<number>(vertices).fill(-1);
  if (edges.length === 0) return mate;
  for (const e of edges) {
    if (!Number.isSafeInteger(e.weight))
      throw new Error(`matching weights must be integers, not ${e.weight}`);
    if (e.a === e.b || e.a < 0 || e.b < 0 || e.a >= vertices || e.b >= vertices)
      throw new Error(`edge ${e.a}-${e.b} is not between two of ${vertices} vertices`);
  }
  const found = blossom(
    edges.map((e) => [e.a, e.b, e.weight]),
    true,
  );
  found.forEach((m, v) => {
    if (v < vertices) mate[v] = m;
  });
  return mate;
}
