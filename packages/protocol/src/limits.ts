/** Limits enforced at the edge (index.ts re-exports them). */
export const LIMITS = {
  /** A WebSocket message larger than this is refused (and a much larger one closes the socket). */
  messageBytes: 4096,
  /** HTTP request bodies. */
  bodyBytes: 16 * 1024,
  nameChars: 32,
  chatChars: 300,
  moveChars: 512,
  /** Messages per second a connection may send on average, and the burst it may save up. */
  ratePerSecond: 20,
  rateBurst: 40,
  /** How many chat messages a welcome carries. */
  chatHistory: 50,
  /** Chat lines a seat may send a minute (all its sockets together), and the burst it may save up. */
  chatPerMinute: 20,
  chatBurst: 5,
  /** Chat lines kept per table in storage (older ones are deleted). */
  chatKept: 200,
  clockMinMs: 1000,
  clockMaxMs: 24 * 3600 * 1000,
  /** A correspondence bank's starting time, increment and cap: at most 60 days each. */
  correspondenceMaxMs: 60 * 24 * 3600 * 1000,
} as const;
