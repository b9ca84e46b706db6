import { describe, expect, it } from 'vitest';

describe('the @attila/cli manifest', () => {
  it('exports the command tree from a file that exists', async () => {
    const cli = await import('@attila/cli');
    expect(cli.buildProgram().name()).toBe('attila');
  });
});
