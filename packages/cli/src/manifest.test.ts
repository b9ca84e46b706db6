import { describe, expect, it } from 'vitest';

describe('the @attila/cli manifest', () => {
  it('exports the command tree from a file that exists', async () => {
    const cli = await import('@attila/cli');
    const program = await cli.buildProgram();
    expect(program.name()).toBe('attila');
    expect(program.commands.map((c) => c.name())).toEqual([
      'serve',
      'arena',
      'tribes',
      'knights',
      'tournament',
      'replay',
      'admin',
      'bot',
    ]);
  });

  it('loads only the solver for knights solve and analyse (a whole process under a second), every command otherwise', async () => {
    const cli = await import('@attila/cli');
    const knights = async (args: string[]) =>
      (await cli.buildProgram(args)).commands
        .find((c) => c.name() === 'knights')!
        .commands.map((c) => c.name());
    expect(await knights(['knights', 'solve', '--tablebase', '/tmp/x', '...../...../...../..... R'])).toEqual(
      ['solve', 'analyse'],
    );
    expect(await knights(['knights', 'analyze', 'R..../...../...../..... H'])).toEqual(['solve', 'analyse']);
    const all = await knights(['knights', '--help']);
    expect(all).toEqual(
      expect.arrayContaining(['perft', 'play', 'solve', 'analyse', 'puzzles', 'tablebase']),
    );
    expect(await knights(['knights', 'play', '--bot', 'solve'])).toEqual(all);
  });
});
