/**
 * The server's table values of a game's positions (`POST /api/knights/values`): each position's exact value
 * and one move that keeps it, from the opening table and the move-phase tablebase, at once and never
 * searched; null for a position the tables do not know. The whole answer is null offline or with no server.
 */
export interface TableValue {
  readonly value: number;
  readonly best: string | null;
}

export async function askTableValues(
  positions: readonly string[],
  signal: AbortSignal,
): Promise<ReadonlyArray<TableValue | null> | null> {
  try {
    const res = await fetch('/api/knights/values', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ positions }),
      signal,
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { values?: ReadonlyArray<TableValue | null> };
    return Array.isArray(body.values) && body.values.length === positions.length ? body.values : null;
  } catch {
    return null;
  }
}
