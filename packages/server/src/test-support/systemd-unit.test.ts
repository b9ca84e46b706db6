/**
 * The unit reader of the deployment guide's test reads as systemd does (systemd.service(5) "Command
 * lines", systemd.exec(5) "Environment"): continued lines, quotes, `${VAR}` one word and `$VAR` split, and
 * refuses what it does not know rather than start something else.
 */
import { describe, expect, it } from 'vitest';
import { hostname } from 'node:os';
import {
  commandLine,
  parseEnvironmentFile,
  parseUnit,
  setting,
  settings,
  specifiers,
  variablesOf,
} from './systemd-unit.js';

const UNIT = `# a comment
[Unit]
Description=On port %i

[Service]
Environment=A=1 "B=two words"
Environment=C=3
ExecStart=/usr/bin/node app.js --port %i \\
  # a comment inside is skipped
  --name %H-%i --url \${URL} $OPTS
`;

describe('reading a systemd unit', () => {
  it('joins continued lines, keeps repeated keys in order, and reads one value once', () => {
    const unit = parseUnit(UNIT);
    expect(setting(unit, 'Service', 'ExecStart')).toBe(
      '/usr/bin/node app.js --port %i --name %H-%i --url ${URL} $OPTS',
    );
    expect(settings(unit, 'Service', 'Environment')).toEqual(['A=1 "B=two words"', 'C=3']);
    expect(() => setting(unit, 'Service', 'Environment')).toThrow(/2 times/);
    expect(() => setting(unit, 'Service', 'User')).toThrow(/0 times/);
  });

  it('expands the specifiers it knows and refuses the others', () => {
    expect(specifiers('%n on %i, %H, 100%%', 'attila@8081.service', '8081')).toBe(
      `attila@8081.service on 8081, ${hostname()}, 100%`,
    );
    expect(() => specifiers('%u', 'x.service', '1')).toThrow(/%u/);
  });

  it('makes ${VAR} one word (empty when unset) and splits $VAR alone into words (none when unset)', () => {
    const line = setting(parseUnit(UNIT), 'Service', 'ExecStart').replaceAll('%i', '1').replaceAll('%H', 'h');
    expect(commandLine(line, { URL: 'a b', OPTS: ' --x  1 ' })).toEqual([
      '/usr/bin/node',
      'app.js',
      '--port',
      '1',
      '--name',
      'h-1',
      '--url',
      'a b',
      '--x',
      '1',
    ]);
    expect(commandLine(line, {}).slice(-2)).toEqual(['--url', '']);
    expect(variablesOf(line)).toEqual(['URL', 'OPTS']);
    expect(() => commandLine('-/usr/bin/node x', {})).toThrow(/prefixes/);
  });

  it('reads an environment file and refuses a line that is not KEY=VALUE', () => {
    expect(parseEnvironmentFile('# c\nA=1\n\nB="two words"\nC=x=y\n')).toEqual({
      A: '1',
      B: 'two words',
      C: 'x=y',
    });
    expect(() => parseEnvironmentFile('export A=1')).toThrow(/KEY=VALUE/);
    expect(() => parseUnit('Key=without section')).toThrow(/section/);
  });
});
