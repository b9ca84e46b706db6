/**
 * The one child-process line channel under the arena's outside bots (`ExternalBot`, attila-arena/1) and the
 * command line's bot programs (`BotProgram`, attila-bot/1): real programs (small Node scripts), every way
 * one can fail told as such.
 */
import { describe, expect, it } from 'vitest';
import { LineChild } from './line-child.js';
import { ExternalBot } from './tribes/arena/external.js';

const node = (script: string) => `${JSON.stringify(process.execPath)} -e ${JSON.stringify(script)}`;
// One line: the shell gets it inside double quotes.
const ECHO_MOVE =
  "require('readline').createInterface({ input: process.stdin }).on('line', (l) => { const m = JSON.parse(l); " +
  "if (m.type === 'move') console.log(JSON.stringify({ move: 'a' + m.n })); if (m.type === 'bye') process.exit(0); });";

describe('LineChild and the arena bot on it', () => {
  it('an outside bot answers each question with a line; empty lines are skipped; bye ends it', async () => {
    const bot = new ExternalBot(node(`console.log(''); ${ECHO_MOVE}`), 10_000);
    expect(await bot.askMove({ type: 'move', n: 1 })).toBe('a1');
    expect(await bot.askMove({ type: 'move', n: 2 })).toBe('a2');
    await bot.close();
  });

  it('a bot that exits, or stays silent past its time, is told as such (and not asked again)', async () => {
    const exits = new ExternalBot(node('process.exit(3)'), 10_000);
    await expect(exits.askMove({ type: 'move' })).rejects.toThrow(/exited with code 3 before answering/);
    const silent = new ExternalBot(node('setInterval(() => {}, 1000)'), 300);
    await expect(silent.askMove({ type: 'move' })).rejects.toThrow(/gave no answer within 300 ms/);
    await expect(silent.askMove({ type: 'move' })).rejects.toThrow(/gave no answer within 300 ms/);
    await silent.close();
  });

  it('a program that cannot start, and lines written before anyone asked, are kept in order', async () => {
    const missing = LineChild.spawn('/no/such/program', [], { stderr: () => undefined });
    expect(await missing.next(5_000)).toMatchObject({ kind: 'ended', why: 'start' });
    const early = LineChild.spawn(process.execPath, ['-e', 'console.log("1"); console.log("2")'], {
      stderr: () => undefined,
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(await early.next(5_000)).toEqual({ kind: 'line', text: '1' });
    expect(await early.next(5_000)).toEqual({ kind: 'line', text: '2' });
    expect(await early.next(5_000)).toMatchObject({ kind: 'ended', why: 'exited', code: 0 });
  });
});
