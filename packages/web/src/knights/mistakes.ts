/**
 * Exact mistakes: each move of a finished game judged by the solver's value of the position before it and of
 * the move played, both from the mover's side (rules page, "Values": +N wins in N plies, -N loses in N).
 * A **blunder** turns a won position into a lost one. A **mistake** keeps the result but gives a lot away:
 * a win that now lasts at least `MISTAKE_PLIES` plies longer, or a loss that now ends at least
 * `MISTAKE_PLIES` plies sooner. Anything else keeps the result within that margin (`best` when the value is
 * unchanged). Where only the sign of a value is known (the opening book) a blunder is still seen; the
 * margin of a mistake is not, so such a move is never called a mistake.
 */

/** Two turns, one of each side: a win that lasts 4 plies longer has let the opponent play on twice more. */
export const MISTAKE_PLIES = 4;

/** A value the solver found: exact, or only its sign (+1 a win, -1 a loss of unknown length). */
export interface KnownValue {
  readonly value: number;
  readonly exact: boolean;
}

export type MoveMark = 'best' | 'good' | 'mistake' | 'blunder' | 'unknown';

/** A move's value for its mover from the value of the position it leaves to the opponent. */
export function valueOfMove(after: KnownValue): KnownValue {
  const v = after.value;
  if (v === 0) return { value: 1, exact: after.exact };
  if (!after.exact) return { value: -Math.sign(v), exact: false };
  return { value: v > 0 ? -(v + 1) : -v + 1, exact: true };
}

/** The mark of a move from the value of the position before it and the value of the move (mover's side). */
export function classifyMove(before: KnownValue | null, move: KnownValue | null): MoveMark {
  if (before === null || move === null || before.value === 0) return 'unknown';
  const won = before.value > 0;
  if (won && move.value < 0) return 'blunder';
  if (!before.exact || !move.exact) return 'unknown';
  if (move.value === before.value) return 'best';
  // A win: the move's win is slower (a larger N). A loss: the move's loss is quicker (a smaller N).
  const givenAway = won ? move.value - before.value : before.value - move.value;
  return Math.abs(givenAway) >= MISTAKE_PLIES ? 'mistake' : 'good';
}

export interface JudgedMove {
  /** 1-based, as the move list numbers moves. */
  readonly ply: number;
  readonly move: string;
  readonly before: KnownValue | null;
  readonly after: KnownValue | null;
  readonly mark: MoveMark;
  /** A move that kept the value of the position before (shown for blunders and mistakes). */
  readonly better: string | null;
}

/**
 * Every move judged: `values[i]` is the value of the position after `i` plies from its side to move (null
 * while unknown), `best[i]` a move that keeps it; `moves[i]` leads from position `i` to `i + 1`.
 */
export function judgeGame(
  moves: readonly string[],
  values: readonly (KnownValue | null)[],
  best: readonly (string | null)[],
): JudgedMove[] {
  return moves.map((move, i) => {
    const before = values[i] ?? null;
    const next = values[i + 1] ?? null;
    const after = next === null ? null : valueOfMove(next);
    const mark = classifyMove(before, after);
    const bad = mark === 'blunder' || mark === 'mistake';
    return {
      ply: i + 1,
      move,
      before,
      after,
      mark,
      better: bad && best[i] !== move ? (best[i] ?? null) : null,
    };
  });
}

export interface MistakeSummary {
  readonly blunders: number;
  readonly mistakes: number;
  /** The first blunder, else the first mistake, else null. */
  readonly first: JudgedMove | null;
}

export function summarize(judged: readonly JudgedMove[]): MistakeSummary {
  const blunders = judged.filter((j) => j.mark === 'blunder');
  const mistakes = judged.filter((j) => j.mark === 'mistake');
  return { blunders: blunders.length, mistakes: mistakes.length, first: blunders[0] ?? mistakes[0] ?? null };
}

export interface MoveVerdictOf {
  readonly move: string;
  readonly value: number;
  readonly exact: boolean;
}

/**
 * A position's value and a move that keeps it, from verdicts on its moves (the server's answer: some moves
 * may be missing, some known only by sign), or null when they do not settle it: a win needs one winning move
 * (its length is exact only when every move is known exactly), a loss needs every move known to lose.
 */
export function valueFromVerdicts(
  verdicts: readonly MoveVerdictOf[],
  legalMoves: number,
): { readonly value: KnownValue; readonly best: string } | null {
  const all = verdicts.length === legalMoves && verdicts.every((v) => v.exact);
  const wins = verdicts
    .filter((v) => v.value > 0)
    .sort((a, b) => Number(b.exact) - Number(a.exact) || a.value - b.value);
  if (wins.length > 0) {
    return {
      value: all ? { value: wins[0].value, exact: true } : { value: 1, exact: false },
      best: wins[0].move,
    };
  }
  if (verdicts.length < legalMoves || legalMoves === 0) return null;
  const slowest = [...verdicts].sort((a, b) => a.value - b.value)[0];
  return {
    value: all ? { value: slowest.value, exact: true } : { value: -1, exact: false },
    best: slowest.move,
  };
}
