import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRecord, unwrap } from '@attila/core';
import { Position, replayKnightsRecord, STANDARD_LAYOUT } from '@attila/knights';
import { describe, expect, it } from 'vitest';
import { attila } from './cli.test-support.js';

function lastPosition(stdout: string): Position {
  const lines = stdout.split('\n').filter((l) => l.startsWith('position: '));
  return unwrap(Position.parse(lines[lines.length - 1].slice('position: '.length)));
}

describe('attila knights', { timeout: 120_000 }, () => {
  it('perft counts move sequences; moves lists legal moves', async () => {
    const [perft, moves] = await Promise.all([
      attila(['knights', 'perft', '...../...../...../..... R', '4']),
      attila(['knights', 'moves', 'R#H#H/.####/#####/R#H#R H']),
    ]);
    expect(perft).toMatchObject({ code: 0, stdout: '114456\n' });
    expect(moves).toMatchObject({ code: 0, stdout: 'c4-a3,c4\n' });
  });

  it('refuses a malformed position with the reason', async () => {
    const [r, d] = await Promise.all([
      attila(['knights', 'perft', '...../...../..... R', '2']),
      attila(['knights', 'perft', 'standard', 'deep']),
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error: .*not a legal layout: the layout has 15 squares/);
    expect(d.stderr).toMatch(/<depth> is a whole number/);
  });

  it('play: two people at one keyboard, moves piped in, an illegal one refused with its reason', async () => {
    // A whole game chosen in advance with the engine: always the first legal move.
    let p = Position.empty(STANDARD_LAYOUT, 'R');
    const moves: string[] = [];
    while (p.winner() === null) {
      const m = p.legalMoves()[0];
      moves.push(m);
      p = unwrap(p.play(m));
    }
    const input = ['z9', 'a1-b3,c1', ...moves.slice(0, 7), 'a1', ...moves.slice(7)].join('\n') + '\n';
    const r = await attila(['knights', 'play'], input);
    expect(r.stdout).toContain('Illegal move "z9": z9 is not a square of this board');
    expect(r.stdout).toContain('Illegal move "a1-b3,c1": the knights are still being placed');
    expect(r.stdout).toMatch(/Illegal move "a1": all knights are placed/);
    expect(r.stdout).toContain(`position: ${p.toString()}`);
    expect(r.stdout).toMatch(/Game over: the (Romans|Huns) cannot move any knight\. The (Romans|Huns) win\./);
    expect(r.code).toBe(0);
  });

  it('play against the random bot, answering prompt by prompt, and write a record that replays', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'attila-knights-'));
    const recordFile = join(dir, 'game.json');
    let refusedOnce = false;
    const r = await attila(
      [
        'knights',
        'play',
        '--bot',
        'random',
        '--side',
        'H',
        '--seed',
        '5',
        '--layout',
        'tee',
        '--record',
        recordFile,
      ],
      (stdout) => {
        if (!refusedOnce) {
          refusedOnce = true;
          return 'b1-c3';
        }
        const p = lastPosition(stdout);
        return p.legalMoves().at(-1) ?? null;
      },
    );
    expect(r.stdout).toMatch(/You play the Huns; the random bot plays the Romans/);
    expect(r.stdout).toMatch(/Romans \(random bot\) play [a-f][1-6]\n/);
    expect(r.stdout).toMatch(/Illegal move "b1-c3": "b1-c3" is not a move/);
    expect(r.stdout).toMatch(/Game over/);
    expect(r.code).toBe(0);
    const record = unwrap(parseRecord(readFileSync(recordFile, 'utf8')));
    expect(record.players[0]).toMatchObject({ kind: 'bot', bot: 'random' });
    const replay = unwrap(replayKnightsRecord(record));
    expect(replay.states.at(-1)!.position.toString()).toBe(lastPosition(r.stdout).toString());
  });

  it('play refuses an unknown bot', async () => {
    const r = await attila(['knights', 'play', '--bot', 'genius']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/there is no Knights bot "genius"; the bots are: random/);
  });
});
