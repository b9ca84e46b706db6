/**
 * `attila bot match`: the example bots (Python, TypeScript) play whole games of both games through the bot
 * protocol as real child processes, and every way a bot program can misbehave ends the match with an error
 * that says what it did.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseRecord, replayMoves } from '@attila/core';
import { knightsGame } from '@attila/knights';
import { describe, expect, it } from 'vitest';
import { attila } from './cli.test-support.js';

const ROOT = resolve(import.meta.dirname, '../../../..');
const PYTHON_BOT = ['python3', join(ROOT, 'examples/bots/python/attila_bot.py')];
const TS_BOT = [process.execPath, '--import', 'tsx', join(ROOT, 'examples/bots/typescript/attila-bot.ts')];

/** A bot program in a few lines of Python: `answer(turn, tries)` is an expression giving the move. */
function python(answer: string, { ready = true } = {}): string[] {
  const source = [
    'import json, sys',
    'tries = {}',
    'for line in sys.stdin:',
    '    m = json.loads(line)',
    ready
      ? '    if m["type"] == "hello": print(json.dumps({"type": "ready", "name": "t", "protocol": "attila-bot/1"}), flush=True)'
      : '    if m["type"] == "hello": print("hello there", flush=True)',
    '    if m["type"] == "turn":',
    '        k = (m["table"], m["seq"]); tries[k] = tries.get(k, 0) + 1; n = tries[k]',
    `        print(json.dumps({"type": "move", "table": m["table"], "seq": m["seq"], "move": ${answer}}), flush=True)`,
  ].join('\n');
  return ['python3', '-c', source];
}

describe('attila bot match', { timeout: 60_000 }, () => {
  it('the Python example bot plays Knights against the hard bot, both seats, records that replay', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'attila-match-'));
    const run = await attila([
      'bot',
      'match',
      '--seats',
      'program,hard',
      '--games',
      '2',
      '--records',
      dir,
      '--json',
      '--',
      ...PYTHON_BOT,
    ]);
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { bot: string; results: { seats: string[] }[] };
    expect(report.bot).toBe('python-random');
    expect(report.results.map((r) => r.seats)).toEqual([
      ['program', 'hard'],
      ['hard', 'program'],
    ]);
    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    for (const file of files) {
      const record = parseRecord(readFileSync(join(dir, file), 'utf8'));
      if (!record.ok) throw new Error(record.error.message);
      const settings = knightsGame.parseSettings(record.value.settings);
      if (!settings.ok) throw new Error(settings.error.message);
      const replayed = replayMoves(knightsGame, settings.value, record.value.seed, record.value.moves);
      if (!replayed.ok) throw new Error(replayed.error.message);
      expect(knightsGame.result(replayed.value.states.at(-1)!)).toEqual(record.value.result);
    }
  });

  it('the TypeScript example bot plays a 4-player Tribes game holding two seats', async () => {
    const run = await attila([
      'bot',
      'match',
      '--game',
      'tribes',
      '--seats',
      'program,random,program,easy',
      '--games',
      '1',
      '--json',
      '--',
      ...TS_BOT,
    ]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as {
      players: number;
      results: { result: { winners: number[] }; moves: number }[];
    };
    expect(report.players).toBe(4);
    expect(report.results[0].moves).toBeGreaterThan(20);
    expect(report.results[0].result.winners.length).toBeGreaterThan(0);
  });

  it('the Python example bot plays Tribes with the same moves from the same seed (deterministic)', async () => {
    const args = [
      'bot',
      'match',
      '--game',
      'tribes',
      '--players',
      '3',
      '--games',
      '1',
      '--json',
      '--',
      ...PYTHON_BOT,
      's',
    ];
    const [a, b] = await Promise.all([attila(args), attila(args)]);
    expect(a.code).toBe(0);
    expect(JSON.parse(a.stdout)).toEqual(JSON.parse(b.stdout));
  });

  it('a refused move is told to the bot with the rule and the turn asked again', async () => {
    const run = await attila([
      'bot',
      'match',
      '--games',
      '1',
      '--',
      ...python('"z9" if n == 1 else m["legal"][0]'),
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/won 1 of 1|won 0 of 1/);
  });

  it('a bot that keeps sending refused moves ends the match, quoting its move and the reason', async () => {
    const run = await attila(['bot', 'match', '--games', '1', '--', ...python('"z9"')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/"z9" was refused \(.+\) for the 4th time in one turn/);
  });

  it('a line that is not JSON is quoted with what a line may be', async () => {
    const run = await attila(['bot', 'match', '--', ...python('""', { ready: false })]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('the bot wrote "hello there", which is not JSON');
    expect(run.stderr).toContain('{"type":"ready"');
  });

  it('a move for another turn is refused as a protocol error', async () => {
    const run = await attila([
      'bot',
      'match',
      '--',
      ...python('m["legal"][0]').map((a) => a.replace('"seq": m["seq"]', '"seq": m["seq"] + 1')),
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /answered table knights-match-0 move 1, but the turn asked is table knights-match-0 move 0/,
    );
  });

  it('a bot that exits, or does not answer in time, ends the match saying so', async () => {
    const [exits, silent] = await Promise.all([
      attila(['bot', 'match', '--', 'python3', '-c', 'import sys; sys.stdin.readline()']),
      attila(['bot', 'match', '--move-timeout', '300', '--', 'python3', '-c', 'import time; time.sleep(30)']),
    ]);
    expect(exits.code).toBe(1);
    expect(exits.stderr).toMatch(/exited \(status 0\) while the host was waiting/);
    expect(silent.code).toBe(1);
    expect(silent.stderr).toMatch(/did not answer within 300 ms/);
  });

  it('bad options get errors that say what is allowed', async () => {
    const [game, seats, unknown, start] = await Promise.all([
      attila(['bot', 'match', '--game', 'chess', '--', 'true']),
      attila(['bot', 'match', '--seats', 'hard,random', '--', 'true']),
      attila(['bot', 'match', '--seats', 'program,grandmaster', '--', 'true']),
      attila(['bot', 'match', '--', '/no/such/bot']),
    ]);
    expect(game.stderr).toContain('--game must be "knights" or "tribes", not "chess"');
    expect(seats.stderr).toContain('--seats must give at least one seat to "program"');
    expect(unknown.stderr).toMatch(
      /unknown knights bot "grandmaster": the bots are program, random, .*perfect/,
    );
    expect(start.stderr).toContain('cannot run /no/such/bot');
    expect([game.code, seats.code, unknown.code, start.code]).toEqual([1, 1, 1, 1]);
  });
});
