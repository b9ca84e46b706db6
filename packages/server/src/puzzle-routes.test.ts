import { describe, expect, it } from 'vitest';
import { standardPuzzles } from '@attila/bots';
import { Position } from '@attila/knights';
import { dailyIndex, judgeAttempt } from './puzzle-routes.js';

const z = standardPuzzles().find((p) => p.plies === 5)!;
const players = z.line.filter((_, i) => i % 2 === 0);

describe('puzzle attempts are judged by the server from the moves alone', () => {
  it("the solution's moves solve it; a wrong first move fails; an unfinished attempt is neither", () => {
    expect(judgeAttempt(z, players)).toBe(true);
    expect(judgeAttempt(z, players.slice(0, 2))).toBeNull();
    const start = Position.parse(z.position);
    if (!start.ok) throw new Error(start.error.message);
    const solution = start.value.playCode((start.value.parseMove(players[0]) as { value: number }).value);
    const wrong = start.value
      .legalMoves()
      .find(
        (m) =>
          start.value.playCode((start.value.parseMove(m) as { value: number }).value).toString() !==
          solution.toString(),
      )!;
    expect(judgeAttempt(z, [wrong])).toBe(false);
    // Not a legal move there at all: a wrong move too, never an exception.
    expect(judgeAttempt(z, ['a1-a1,a1'])).toBe(false);
    // Moves past the end of the solution are refused as unfinished nonsense, not counted as solved.
    expect(judgeAttempt(z, [...players, players[0]])).toBeNull();
  });

  it('the daily puzzle depends on the date alone, and the dates spread over the set', () => {
    const n = standardPuzzles().length;
    expect(dailyIndex('2026-12-01', n)).toBe(dailyIndex('2026-12-01', n));
    const days = Array.from({ length: 60 }, (_, d) =>
      dailyIndex(new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10), n),
    );
    expect(new Set(days).size).toBeGreaterThan(50);
    expect(days.every((i) => Number.isInteger(i) && i >= 0 && i < n)).toBe(true);
  });
});
