import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRecord, unwrap } from '@attila/core';
import { describe, expect, it } from 'vitest';
import { attila } from './cli.test-support.js';

describe('attila tribes', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'attila-tribes-'));

  it('selfplay plays a whole game between bots and prints the final scores as JSON; replay re-checks the record', async () => {
    const file = join(dir, 'x.json');
    const [run, again] = await Promise.all([
      attila(['tribes', 'selfplay', '--players', '3', '--seed', '7', '--record', file]),
      attila(['tribes', 'selfplay', '--players', '3', '--seed', '7']),
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.scores).toHaveLength(3);
    expect(result.winners.length).toBeGreaterThan(0);
    const record = unwrap(parseRecord(readFileSync(file, 'utf8')));
    expect(record.game).toBe('tribes');
    expect(record.settings).toMatchObject({ players: 3, options: { tieRounding: 'down' } });
    expect(record.moves.length).toBe(result.moves);
    expect(again.stdout).toBe(run.stdout);

    // A tampered record is refused with the move number.
    const moves = [...record.moves];
    const i = moves.findIndex((m) => m.startsWith('play '));
    moves[i] = 'play Franks creta';
    const tampered = join(dir, 'tampered.json');
    writeFileSync(tampered, JSON.stringify({ ...record, moves }));
    const lying = join(dir, 'lying.json');
    writeFileSync(lying, JSON.stringify({ ...record, result: { ...record.result, scores: [0, 0, 0] } }));
    const [replay, refused, liar] = await Promise.all([
      attila(['tribes', 'replay', file]),
      attila(['tribes', 'replay', tampered]),
      attila(['tribes', 'replay', lying]),
    ]);
    expect(replay.code).toBe(0);
    expect(JSON.parse(replay.stdout)).toEqual(result);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`move ${i + 1} ("play Franks creta")`);
    // So is a record whose result does not match its moves.
    expect(liar.code).toBe(1);
    expect(liar.stderr).toMatch(/the record says/);
  });

  it('selfplay with 2 and 5 players and named bots; bad arguments are refused clearly', async () => {
    const [two, five, badBot, badPlayers, badOption] = await Promise.all([
      attila(['tribes', 'selfplay', '--players', '2', '--seed', 's', '--bots', 'random,greedy']),
      attila(['tribes', 'selfplay', '--players', '5', '--seed', 's', '--options', '{"tieRounding":"up"}']),
      attila(['tribes', 'selfplay', '--bots', 'genius']),
      attila(['tribes', 'selfplay', '--players', '7']),
      attila(['tribes', 'selfplay', '--options', '{"tieRounding":"sideways"}']),
    ]);
    expect(JSON.parse(two.stdout).scores).toHaveLength(2);
    expect(JSON.parse(five.stdout).scores).toHaveLength(5);
    expect(badBot.code).toBe(1);
    expect(badBot.stderr).toMatch(/"genius" is not a player; use human or a bot: random/);
    expect(badPlayers.stderr).toMatch(/"players" must be 2, 3, 4 or 5/);
    expect(badOption.stderr).toMatch(/tieRounding must be "down" or "up"/);
  });

  it('play: a person against bots in the terminal, seeing only their own hand', async () => {
    // Always pick the first legal move; stop after a few decisions with "quit".
    const input = ['1', 'nonsense', 'tile influence Goths', '1', '1', '1', '1', 'quit'].join('\n') + '\n';
    const run = await attila(
      [
        'tribes',
        'play',
        '--players',
        '3',
        '--seed',
        '3',
        '--first-player',
        '0',
        '--seats',
        'human,random,random',
      ],
      input,
    );
    // "quit" abandons the game: status 1, as in `knights play`.
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/Game abandoned\./);
    expect(run.stdout).toMatch(/your hand \(seat 0\)/);
    expect(run.stdout).not.toMatch(/your hand \(seat [12]\)/);
    expect(run.stdout).toMatch(/seat 0 plays \w+/);
    expect(run.stdout).toMatch(/cannot read the move "nonsense"/);
    expect(run.stdout).toMatch(/seat 1 \(random\)/);
    expect(run.stdout).toMatch(/or an action tile: tile double \| tile trade/);
    expect(run.stdout).toMatch(/seat 0 uses Two Influence/);
  });

  it('replay refuses a file that is not a tribes record', async () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, '{"format":"something"}');
    const [run, missing] = await Promise.all([
      attila(['tribes', 'replay', file]),
      attila(['tribes', 'replay', join(dir, 'missing.json')]),
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/not an Attila game record/);
    expect(run.stderr).toContain(file);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/cannot read .*missing\.json/);
  });
});
