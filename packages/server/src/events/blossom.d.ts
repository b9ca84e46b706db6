/** Types of `edmonds-blossom-fixed` (a CommonJS module; no published types). */
declare module 'edmonds-blossom-fixed' {
  /**
   * Maximum-weight matching of a general graph (Edmonds' blossom algorithm, Joris van Rantwijk's
   * mwmatching.py ported). `edges`: `[u, v, weight]` with vertices numbered from 0; `maxCardinality`:
   * among the matchings of the most edges, the heaviest. Returns `mate[v]` (the vertex matched with v, or -1).
   */
  function blossom(edges: [number, number, number][], maxCardinality?: boolean): number[];
  export default blossom;
}
