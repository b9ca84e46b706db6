import { describe, expect, it } from 'vitest';
import { csrfCheck } from './csrf.js';
import { hashPassword, parseNewPassword, passwordMatches, verifyNothing } from './passwords.js';
import { guestName, nameKey, parseAccountName } from './player-names.js';
import { DEFAULT_SESSION_POLICY, sessionExpired } from './session-policy.js';

const bots = ['random', 'greedy'];

describe('passwords', () => {
  it('are hashed with argon2id at OWASP parameters (m=19 MiB, t=2, p=1), salted, and verified', async () => {
    const h = await hashPassword('correct horse');
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword('correct horse')).not.toBe(h);
    expect(await passwordMatches('correct horse', h)).toBe(true);
    expect(await passwordMatches('correct horsE', h)).toBe(false);
    expect(await passwordMatches('x', 'not a hash')).toBe(false);
  });

  it('a name without an account costs as much time as a wrong password (no enumeration by timing)', async () => {
    const h = await hashPassword('correct horse');
    await verifyNothing('warm up');
    const time = async (f: () => Promise<unknown>) => {
      const t = performance.now();
      await f();
      return performance.now() - t;
    };
    // Interleaved, and compared by their medians: on a machine busy with other tests the load changes from
    // one moment to the next, which would tip two blocks of runs measured one after the other.
    const wrong: number[] = [];
    const nobody: number[] = [];
    for (let i = 0; i < 9; i++) {
      wrong.push(await time(() => passwordMatches('wrong horse', h)));
      nobody.push(await time(() => verifyNothing('wrong horse')));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const ratio = median(nobody) / median(wrong);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('a new password: 8 to 256 characters, any characters', () => {
    expect(parseNewPassword('short')).toMatchObject({ ok: false, error: { code: 'account.password' } });
    expect(parseNewPassword('x'.repeat(257))).toMatchObject({
      ok: false,
      error: { code: 'account.password' },
    });
    expect(parseNewPassword(12345678)).toMatchObject({ ok: false });
    expect(parseNewPassword('пароль пароль')).toEqual({ ok: true, value: 'пароль пароль' });
  });
});

describe('account names', () => {
  it('fold case and compatibility forms for uniqueness', () => {
    expect(nameKey('Ann')).toBe(nameKey('aNN'));
    expect(nameKey('Ａｎｎ')).toBe(nameKey('ann'));
  });

  it('refuse short names, bots, "deleted player" and invisible characters, saying why', () => {
    for (const [raw, why] of [
      ['Al', 'at least 3'],
      ['Greedy Bot', "bot's name"],
      ['deleted  player', 'deleted accounts'],
      ['A\u202Enn', 'U+202E'],
      ['x'.repeat(33), 'at most 32'],
    ] as const) {
      const r = parseAccountName(raw, bots);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toContain(why);
    }
    expect(parseAccountName(' Rémi ', bots)).toEqual({ ok: true, value: 'Rémi' });
  });

  it('guests get two words and a number, never a bot name', () => {
    expect(guestName(bots)).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+ \d\d$/);
    let calls = 0;
    // The first pick would read "Quiet Otter 10"; with "quietotter10" as a bot, another is drawn.
    const pick = (n: number) => (calls++ < 3 ? [6, 0, 0][calls - 1] : n - 1);
    expect(guestName(['Quiet Otter 10'], pick)).not.toBe('Quiet Otter 10');
  });
});

describe('sessions', () => {
  const day = 24 * 3600 * 1000;
  it('end after 30 idle days or 180 days in all', () => {
    const p = DEFAULT_SESSION_POLICY;
    expect(sessionExpired({ createdAt: 0, lastSeenAt: 0 }, 29 * day, p)).toBeNull();
    expect(sessionExpired({ createdAt: 0, lastSeenAt: 0 }, 30 * day, p)).toBe('idle');
    expect(sessionExpired({ createdAt: 0, lastSeenAt: 179 * day }, 180 * day, p)).toBe('absolute');
  });
});

describe('CSRF check', () => {
  const req = (headers: Record<string, string>) => ({
    method: 'POST',
    headers: { host: 'a.example', ...headers },
  });
  it('needs the header; refuses another origin (Origin, else Referer); allows listed origins', () => {
    expect(csrfCheck(req({}), [])).toMatchObject({ ok: false, error: { code: 'csrf.header' } });
    expect(csrfCheck(req({ 'x-attila-csrf': '0' }), [])).toMatchObject({ ok: false });
    expect(csrfCheck(req({ 'x-attila-csrf': '1' }), [])).toEqual({ ok: true, value: undefined });
    expect(csrfCheck(req({ 'x-attila-csrf': '1', origin: 'https://a.example' }), [])).toMatchObject({
      ok: true,
    });
    expect(csrfCheck(req({ 'x-attila-csrf': '1', origin: 'https://b.example' }), [])).toMatchObject({
      ok: false,
      error: { code: 'csrf.origin' },
    });
    expect(csrfCheck(req({ 'x-attila-csrf': '1', referer: 'https://b.example/x' }), [])).toMatchObject({
      ok: false,
    });
    expect(csrfCheck(req({ 'x-attila-csrf': '1', origin: 'null' }), [])).toMatchObject({ ok: false });
    expect(
      csrfCheck(req({ 'x-attila-csrf': '1', origin: 'https://b.example' }), ['https://b.example']),
    ).toMatchObject({ ok: true });
  });
});
