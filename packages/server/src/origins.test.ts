import { describe, expect, it } from 'vitest';
import { originAllowed, parseAllowList } from './origins.js';

describe('the Origin check of /ws', () => {
  it('lets the server’s own pages and programs without an Origin through', () => {
    expect(originAllowed('http://127.0.0.1:8080', '127.0.0.1:8080', [])).toBe(true);
    expect(originAllowed('https://attila.example', 'attila.example', [])).toBe(true);
    expect(originAllowed(undefined, '127.0.0.1:8080', [])).toBe(true);
  });

  it('refuses other origins unless listed, and origins that do not parse', () => {
    expect(originAllowed('https://evil.example', '127.0.0.1:8080', [])).toBe(false);
    expect(originAllowed('http://127.0.0.1:9999', '127.0.0.1:8080', [])).toBe(false);
    expect(originAllowed('null', '127.0.0.1:8080', [])).toBe(false);
    expect(originAllowed('https://friend.example', 'x:1', ['https://friend.example'])).toBe(true);
    expect(originAllowed('http://friend.example', 'x:1', ['https://friend.example'])).toBe(false);
    expect(originAllowed('https://anything.example', 'x:1', '*')).toBe(true);
  });

  it('parses the allow-list, refusing what is not an origin', () => {
    expect(parseAllowList('https://a.example, http://b.example:8080')).toEqual({
      ok: true,
      value: ['https://a.example', 'http://b.example:8080'],
    });
    expect(parseAllowList('*')).toEqual({ ok: true, value: '*' });
    expect(parseAllowList('')).toEqual({ ok: true, value: [] });
    expect(parseAllowList('a.example').ok).toBe(false);
    expect(parseAllowList('https://a.example/path').ok).toBe(false);
  });
});
