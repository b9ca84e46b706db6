/**
 * What the operator's metrics (ops/prometheus.ts) hear from the hot path: one call per committed change, per
 * refusal, per bot answer. The table and the driver call it through `Metrics.observer`; with metrics off it is
 * absent and nothing is measured. Implementations must stay cheap: no allocation per call but their counters.
 */
export interface Observer {
  /** A change was stored and applied: its kind, the table's status before and after, who made it. */
  changed(game: string, kind: string, before: string, after: string, byBot: boolean): void;
  /** How long storing one change took (the database write of the hot path). */
  storageWrite(seconds: number): void;
  /** How long publishing one change took (preparing each audience's message and handing it to the broadcast). */
  broadcast(seconds: number): void;
  /** A command or request refused, by its error code (`move.illegal`, `http.404`, ...). */
  refused(code: string): void;
  /** A bot answered (or failed) after thinking this long. */
  botThought(game: string, seconds: number): void;
}
