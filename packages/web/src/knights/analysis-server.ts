/**
 * The server's side of the analysis: one question about a position's moves, and the move phase's early
 * question, asked in the render that shows a position so its round trip overlaps drawing it.
 */
/** How long the server may search a placement position before the browser takes over the rest. */
export const SERVER_BUDGET_MS = 2000;

export interface ServerAnswer {
  readonly verdicts: readonly { move: string; value: number; exact: boolean }[];
  readonly complete: boolean;
}

/** The server's verdicts on a position's moves, or null when there is no server to ask. */
export async function askServer(
  position: string,
  signal: AbortSignal,
  budgetMs = SERVER_BUDGET_MS,
): Promise<ServerAnswer | null> {
  try {
    const res = await fetch('/api/knights/analyse', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ position, budgetMs }),
      signal,
    });
    return res.ok ? ((await res.json()) as ServerAnswer) : null;
  } catch {
    // Offline, or no server (the dev server without one): the browser searches alone.
    return null;
  }
}

export interface EarlyQuestion {
  readonly position: string;
  readonly answer: Promise<ServerAnswer | null>;
  readonly aborter: AbortController;
  /** The answer once it came (undefined before): the effect that takes it then shows it in its own render. */
  settled?: ServerAnswer | null;
}

/**
 * The move phase's question to the server, asked in the render that shows the position rather than in the
 * effect after it: the round trip then overlaps drawing the new position and the frame before the effect
 * (tens of milliseconds of a 200 ms aim on a busy machine). One at a time: a question for another position
 * replaces (and aborts) one the effect never took.
 */
let early: EarlyQuestion | null = null;

export function askEarly(position: string): EarlyQuestion {
  if (early?.position === position) return early;
  early?.aborter.abort();
  const aborter = new AbortController();
  const question: EarlyQuestion = { position, answer: askServer(position, aborter.signal, 0), aborter };
  void question.answer.then((a) => (question.settled = a));
  early = question;
  return question;
}

/** The early question about this position, if one was asked; it is the caller's from then on. */
export function takeEarly(position: string): EarlyQuestion | null {
  if (early?.position !== position) return null;
  const taken = early;
  early = null;
  return taken;
}
