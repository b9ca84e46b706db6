import { afterAll, describe, expect, it } from 'vitest';
import { SqliteStorage } from '../storage/sqlite.js';
import { tempDb } from '../test-support/http.js';
import { LoginAttempts, type Attempt } from './login-limits.js';

const storage = new SqliteStorage(tempDb());
afterAll(() => storage.close());
const limits = { perName: 4, perNameAddress: 2, perAddress: 3, perDevice: 2, windowMs: 1000 };
let n = 0;
const fresh = () => new LoginAttempts(storage.accounts.sql, limits);
const who = (nameKey: string, address: string, device: string | null = null): Attempt => ({
  nameKey,
  address,
  device,
});
const allowed = async (a: LoginAttempts, attempt: Attempt, now = 0) => (await a.admit(attempt, now)).allowed;

describe('password attempts (counted in the database before any password is looked at)', () => {
  it('per name from one address: the third attempt is refused, another address still tries', async () => {
    const a = fresh();
    const name = `ann${++n}`;
    expect(await allowed(a, who(name, 'ip1'))).toBe(true);
    expect(await allowed(a, who(name, 'ip1'))).toBe(true);
    expect(await a.admit(who(name, 'ip1'), 10)).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
      limit: 'this name from this address',
    });
    expect(await allowed(a, who(name, 'ip2'))).toBe(true);
    expect(await allowed(a, who(name, 'ip1'), 1000)).toBe(true); // the window ended
  });

  it('per address, whatever the names: the fourth name from one address is refused', async () => {
    const a = fresh();
    const ip = `ip-many-${++n}`;
    for (const name of ['x', 'y', 'z']) expect(await allowed(a, who(`${name}${n}`, ip))).toBe(true);
    expect(await a.admit(who(`w${n}`, ip), 0)).toMatchObject({ allowed: false, limit: 'this address' });
  });

  it('per name from everywhere, counted only for attempts the address limits let through', async () => {
    const a = fresh();
    const name = `bob${++n}`;
    // One address refused many times adds only its allowance to the name's count.
    for (let i = 0; i < 5; i++) await a.admit(who(name, 'ipA'), 0);
    expect(await allowed(a, who(name, 'ipB'))).toBe(true);
    expect(await allowed(a, who(name, 'ipB'))).toBe(true);
    expect(await a.admit(who(name, 'ipC'), 0)).toMatchObject({ allowed: false, limit: 'this name' });
    // The account's known device counts on its own: the owner is not locked out.
    expect(await allowed(a, who(name, 'ipA', 'device1'))).toBe(true);
    expect(await allowed(a, who(name, 'ipA', 'device1'))).toBe(true);
    expect(await a.admit(who(name, 'ipA', 'device1'), 0)).toMatchObject({
      allowed: false,
      limit: 'this device',
    });
    expect(await allowed(a, who(name, 'ipA', 'device2'))).toBe(true);
  });

  it('a right password clears its (name, address) count and gives the address its attempt back', async () => {
    const a = fresh();
    const name = `cid${++n}`;
    const ip = `ip-ok-${n}`;
    await a.admit(who(name, ip), 0);
    await a.admit(who(name, ip), 0);
    await a.succeeded(who(name, ip));
    expect(await allowed(a, who(name, ip))).toBe(true);
    expect(await allowed(a, who(name, ip))).toBe(true);
    // The address: 4 attempts, one handed back: 3 counted, so the next one is the fourth.
    expect(await a.admit(who(`other${n}`, ip), 0)).toMatchObject({ allowed: false, limit: 'this address' });
  });

  it('two attempts at once never both take the last free one', async () => {
    const a = fresh();
    const name = `dan${++n}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => a.admit(who(name, 'ipX'), 0)));
    expect(answers.filter((r) => r.allowed)).toHaveLength(2);
  });

  it('ended windows are purged', async () => {
    const a = fresh();
    await a.admit(who(`eve${++n}`, 'ipP'), 0);
    expect(await a.purge(5000)).toBeGreaterThan(0);
  });
});
