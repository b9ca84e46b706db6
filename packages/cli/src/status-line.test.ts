import { describe, expect, it } from 'vitest';
import type { GameStatus } from './bot-bridge.js';
import { StatusLine, statusText } from './status-line.js';

const game = (over: Partial<GameStatus> = {}): GameStatus => ({
  table: 'abc',
  game: 'knights',
  seq: 4,
  thinkingMs: 12_400,
  restarts: 0,
  ...over,
});

/** A stream that keeps what is written to it. */
function sink(isTTY: boolean) {
  const written: string[] = [];
  const out = {
    isTTY,
    columns: 60,
    write: (t: string) => written.push(t) > 0,
  } as unknown as NodeJS.WriteStream;
  return { out, written };
}

describe("the bridge's status line", () => {
  it('names every game with its move, how long the program has thought, and its restarts', () => {
    expect(statusText([])).toBe('no games; waiting for games and challenges');
    expect(
      statusText([game(), game({ table: 'def', game: 'tribes', seq: null, thinkingMs: null, restarts: 2 })]),
    ).toBe('2 games: abc knights move 4, thinking 12 s | def tribes waiting, 2 restarts');
  });

  it('on a terminal it redraws one line in place, and a log line goes above it', () => {
    const { out, written } = sink(true);
    const line = new StatusLine(() => [game()], out);
    line.draw(true);
    line.print(out, 'a log line\n');
    expect(written).toEqual([
      '\r\x1b[2K1 game: abc knights move 4, thinking 12 s',
      '\r\x1b[2K',
      'a log line\n',
      '1 game: abc knights move 4, thinking 12 s',
    ]);
  });

  it('in a log it prints a status line at each change, and in between only every so often', () => {
    const { out, written } = sink(false);
    const line = new StatusLine(() => [game()], out, false, 60_000);
    line.draw(true);
    line.draw(false);
    line.draw(true);
    expect(written).toEqual([
      'status: 1 game: abc knights move 4, thinking 12 s\n',
      'status: 1 game: abc knights move 4, thinking 12 s\n',
    ]);
  });
});
