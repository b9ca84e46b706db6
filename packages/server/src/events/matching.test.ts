import { describe, expect, it } from 'vitest';
import { Rng } from '@attila/core';
import { maxWeightMatching, type Edge } from './matching.js';

/** Every matching of the graph, by exhaustive search: the best (most edges, then heaviest) cardinality and weight. */
function bruteForce(vertices: number, edges: readonly Edge[]): { size: number; weight: number } {
  let best = { size: 0, weight: 0 };
  const used = Array<boolean>(vertices).fill(false);
  const walk = (from: number, size: number, weight: number) => {
    if (size > best.size || (size === best.size && weight > best.weight)) best = { size, weight };
    for (let i = from; i < edges.length; i++) {
      const e = edges[i];
      if (used[e.a] || used[e.b]) continue;
      used[e.a] = used[e.b] = true;
      walk(i + 1, size + 1, weight + e.weight);
      used[e.a] = used[e.b] = false;
    }
  };
  walk(0, 0, 0);
  return best;
}

describe('the weighted maximum matching (edmonds-blossom-fixed)', () => {
  it('finds the matching of most edges, then the heaviest, as exhaustive search does (300 random graphs)', () => {
    const rng = Rng.fromSeed('matching');
    for (let g = 0; g < 300; g++) {
      const vertices = 2 + rng.int(8);
      const edges: Edge[] = [];
      for (let a = 0; a < vertices; a++)
        for (let b = a + 1; b < vertices; b++)
          if (rng.int(3) > 0) edges.push({ a, b, weight: rng.int(1000) - 200 });
      const mate = maxWeightMatching(vertices, edges);
      let size = 0;
      let weight = 0;
      for (const e of edges)
        if (mate[e.a] === e.b) {
          expect(mate[e.b]).toBe(e.a);
          size++;
          weight += e.weight;
        }
      expect(mate.filter((m) => m >= 0).length).toBe(2 * size);
      expect({ size, weight }).toEqual(bruteForce(vertices, edges));
    }
  });

  it('leaves a vertex without edges unmatched and refuses weights that are not integers', () => {
    expect(maxWeightMatching(3, [{ a: 0, b: 1, weight: 5 }])).toEqual([1, 0, -1]);
    expect(maxWeightMatching(2, [])).toEqual([-1, -1]);
    expect(() => maxWeightMatching(2, [{ a: 0, b: 1, weight: 0.5 }])).toThrow(/integers/);
    expect(() => maxWeightMatching(2, [{ a: 0, b: 2, weight: 1 }])).toThrow(/not between/);
  });
});
