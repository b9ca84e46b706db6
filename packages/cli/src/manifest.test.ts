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
      'replay',
      'admin',
      'bot',
    ]);
  });
});
