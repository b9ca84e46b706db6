import { describe, expect, it } from 'vitest';
import { all, andThen, context, err, map, ok, unwrap } from './result.js';

describe('Result', () => {
  it('ok and err carry a value or a coded error', () => {
    expect(ok(3)).toEqual({ ok: true, value: 3 });
    expect(err('x.bad', 'bad x')).toEqual({ ok: false, error: { code: 'x.bad', message: 'bad x' } });
  });
  it('map and andThen pass failures through unchanged', () => {
    expect(map(ok(2), (x) => x * 2)).toEqual(ok(4));
    const e = err('e', 'm');
    expect(map(e, (x: number) => x * 2)).toBe(e);
    expect(andThen(ok(2), (x) => (x > 1 ? ok(x) : err('small', 'too small')))).toEqual(ok(2));
    expect(andThen(ok(0), (x) => (x > 1 ? ok(x) : err('small', 'too small')))).toEqual(
      err('small', 'too small'),
    );
  });
  it('all collects values or returns the first failure', () => {
    expect(all([ok(1), ok(2)])).toEqual(ok([1, 2]));
    expect(all([ok(1), err('a', 'first'), err('b', 'second')])).toEqual(err('a', 'first'));
  });
  it('context prefixes the message and keeps the code', () => {
    expect(context(err('c', 'oops'), 'line 3')).toEqual(err('c', 'line 3: oops'));
  });
  it('unwrap throws on a failure (a programmer error)', () => {
    expect(unwrap(ok('v'))).toBe('v');
    expect(() => unwrap(err('c', 'oops'))).toThrow(/oops/);
  });
});
