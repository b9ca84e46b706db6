import { describe, expect, it } from 'vitest';
import { dataDir, defaultDbFile, defaultTablebaseDir } from './data-dir.js';

describe('the default database file', () => {
  it('is in $XDG_DATA_HOME/attila when that is an absolute path', () => {
    expect(defaultDbFile({ XDG_DATA_HOME: '/data/me' }, '/home/me')).toBe('/data/me/attila/attila.db');
  });

  it('is in ~/.local/share/attila without XDG_DATA_HOME, or with a relative one (the rule ignores it)', () => {
    expect(defaultDbFile({}, '/home/me')).toBe('/home/me/.local/share/attila/attila.db');
    expect(dataDir({ XDG_DATA_HOME: 'relative/dir' }, '/home/me')).toBe('/home/me/.local/share/attila');
    expect(dataDir({ XDG_DATA_HOME: '' }, '/home/me')).toBe('/home/me/.local/share/attila');
  });
});

describe('the default knights tablebase folder', () => {
  it('is $ATTILA_TABLEBASE_DIR, else the data folder, never the folder the command runs in', () => {
    expect(defaultTablebaseDir({ ATTILA_TABLEBASE_DIR: '/srv/tb' }, '/home/me')).toBe('/srv/tb');
    expect(defaultTablebaseDir({ XDG_DATA_HOME: '/data/me' }, '/home/me')).toBe('/data/me/attila/tablebase');
    expect(defaultTablebaseDir({}, '/home/me')).toBe('/home/me/.local/share/attila/tablebase');
  });
});
