/**
 * The command line's common ground: `attila replay FILE` reads either game's record and each game's
 * `replay` its own (a Knights record is no longer refused everywhere); one error style (`error: ...` on
 * standard error, exit status 1) with a help hint naming the command; progress while a Knights arena runs;
 * and `knights play` and `tribes play` treating an empty line, "quit" and the input's end alike.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { attila } from './cli.test-support.js';

const dir = mkdtempSync(join(tmpdir(), 'attila-replay-'));

describe('attila replay, errors, progress and play input', { timeout: 120_000 }, () => {
  it('a Knights record from "knights play --record" is replayed by "knights replay" and "replay"; "tribes replay" names the command that reads it', async () => {
    const file = join(dir, 'knights.json');
    const played = await attila(
      ['knights', 'play', '--bot', 'random', '--side', 'none', '--seed', '3', '--record', file],
      '',
    );
    expect(played.code).toBe(0);
    const recorded = JSON.parse(readFileSync(file, 'utf8')) as {
      result: { winners: number[] };
      moves: string[];
    };
    const [own, any, other] = await Promise.all([
      attila(['knights', 'replay', file]),
      attila(['replay', file]),
      attila(['tribes', 'replay', file]),
    ]);
    expect(own.code).toBe(0);
    expect(JSON.parse(own.stdout)).toMatchObject({
      winners: recorded.result.winners,
      moves: recorded.moves.length,
    });
    expect(any.stdout).toBe(own.stdout);
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(
      /^error: .*is a knights record, not a tribes one: replay it with "attila replay /,
    );
  });

  it('"replay" reads a Tribes record too, and refuses a record whose moves were changed', async () => {
    const file = join(dir, 'tribes.json');
    const made = await attila([
      'tribes',
      'selfplay',
      '--players',
      '2',
      '--bots',
      'random',
      '--seed',
      '4',
      '--record',
      file,
    ]);
    expect(made.code).toBe(0);
    const replay = await attila(['replay', file]);
    expect(replay.code).toBe(0);
    expect(JSON.parse(replay.stdout)).toEqual(JSON.parse(made.stdout));
    const record = JSON.parse(readFileSync(file, 'utf8')) as { moves: string[] };
    record.moves[0] = 'play Nobody nowhere';
    const tampered = join(dir, 'tampered.json');
    writeFileSync(tampered, JSON.stringify(record));
    const refused = await attila(['replay', tampered]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^error: .*tampered\.json/);
  });

  it('every refusal is "error: ..." on standard error with exit status 1, and the hint names the command', async () => {
    const runs = await Promise.all([
      attila(['arena', '--games', '1']),
      attila(['knights', 'replay', join(dir, 'missing.json')]),
      attila(['bot', 'connect', '--server', 'ftp://x', '--token', 't', '--', 'true']),
      attila([
        'bot',
        'connect',
        '--server',
        'http://127.0.0.1:1',
        '--token',
        't',
        '--clocks',
        'blitz',
        '--',
        'true',
      ]),
      attila(['knights', 'play', '--bot', 'genius']),
      attila(['nosuchcommand']),
    ]);
    for (const r of runs) {
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^error: /);
      expect(r.stderr).not.toMatch(/attila <command>|error: error:/);
    }
    expect(runs[0].stderr).toMatch(/\(attila arena --help shows what it takes\)/);
    expect(runs[2].stderr).toMatch(/\(attila bot connect --help shows what it takes\)/);
    expect(runs[3].stderr).toMatch(/--clocks takes any or untimed, move, game, days, bank/);
  });

  it('a Knights arena prints its progress as each game ends, before its report', async () => {
    const r = await attila(['arena', '--game', 'knights', '--bots', 'random,random', '--games', '3']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/\r1\/3 games, \d+ s\r2\/3 games, \d+ s\r3\/3 games, \d+ s\n/);
    expect(r.stdout).toMatch(/knights, 3 games/);
  });

  it('knights play and tribes play: an empty line asks again, "quit" abandons with status 1, as does the input ending', async () => {
    const tribes = await attila(
      ['tribes', 'play', '--players', '2', '--seats', 'human,random', '--seed', '1', '--first-player', '0'],
      '\n\n\nquit\n',
    );
    const knights = await attila(['knights', 'play', '--bot', 'random'], '\n\n\nquit\n');
    for (const r of [tribes, knights]) {
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/Game abandoned\./);
      expect(r.stdout).not.toMatch(/cannot read|Illegal move|choose 1 to/);
    }
    const [tribesEnd, knightsEnd] = await Promise.all([
      attila(
        ['tribes', 'play', '--players', '2', '--seats', 'human,random', '--seed', '1', '--first-player', '0'],
        '',
      ),
      attila(['knights', 'play', '--bot', 'random'], ''),
    ]);
    for (const r of [tribesEnd, knightsEnd]) {
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/Input ended before the game was over\./);
    }
  });
});
