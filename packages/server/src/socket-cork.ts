/**
 * A tick's socket writes leave together: each socket written to is corked until the tick's work is done,
 * then every one is uncorked by one callback, so a socket's messages of that tick go out in one `writev`.
 */
export interface Corkable {
  cork(): void;
  uncork(): void;
}

/** The TCP sockets written to in this tick, corked until the tick's work (its promise jobs too) is done. */
const corked = new Set<Corkable>();

function uncorkAll(): void {
  for (const raw of corked) raw.uncork();
  corked.clear();
}

/**
 * Holds `raw`'s writes until this tick's work is done, then they leave in one `writev`: one callback for
 * all sockets (`process.nextTick` runs after the promise jobs queued meanwhile, so the moves of a whole
 * group commit go out together, and it costs less than a `queueMicrotask` per socket).
 */
export function corkUntilTicksEnd(raw: Corkable): void {
  if (corked.has(raw)) return;
  raw.cork();
  corked.add(raw);
  if (corked.size === 1) process.nextTick(uncorkAll);
}
