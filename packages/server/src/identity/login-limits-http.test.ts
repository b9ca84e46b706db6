/**
 * The password limits over a real server (login-limits.ts): many attempts at once, other addresses
 * (loopback 127.0.0.x), the owner's known device, and every route that checks a password.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server.js';
import { tempDb } from '../test-support/http.js';
import { Visitor } from '../test-support/visitor.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    port: 0,
    logger: pino({ level: 'silent' }),
    dbFile: tempDb(),
    // The HTTP API's own per-address limit is raised: these tests are about the password limits.
    httpRate: { writesPerMinute: 10_000, readsPerMinute: 10_000 },
    loginLimits: { perName: 10 },
  });
});
afterAll(() => server.close());

let n = 0;
const uniqueName = () => `Owner${Date.now() % 100000}x${++n}`;
const PASSWORD = 'correct horse';

/** A new account, claimed from `address`: the visitor is one of its known devices. */
async function account(address = '127.0.0.1') {
  const name = uniqueName();
  const owner = new Visitor(server.url, 'owner', address);
  await owner.post('/api/me/guest');
  expect((await owner.post('/api/account/claim', { name, password: PASSWORD })).status).toBe(200);
  return { name, owner };
}
const statuses = (answers: { status: number }[]) =>
  answers.reduce<Record<number, number>>((c, a) => ({ ...c, [a.status]: (c[a.status] ?? 0) + 1 }), {});

describe('password limits (default 5 per name from one address, 20 per address, per 15 minutes)', () => {
  it('40 wrong passwords for one name sent at once: 5 are verified, 35 refused unverified', async () => {
    const { name } = await account();
    const attacker = new Visitor(server.url, 'attacker', '127.0.0.2');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        attacker.post('/api/account/login', { name, password: `guess ${i}` }),
      ),
    );
    expect(statuses(answers)).toEqual({ 401: 5, 429: 35 });
    const limited = answers.find((a) => a.status === 429);
    expect(limited?.body).toMatchObject({ error: { code: 'login.rate-limited' } });
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(800);
  });

  it('60 names at once from one address: 20 are verified', async () => {
    const sprayer = new Visitor(server.url, 'sprayer', '127.0.0.3');
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        sprayer.post('/api/account/login', { name: `${uniqueName()}s${i}`, password: 'guess xxxx' }),
      ),
    );
    expect(statuses(answers)).toEqual({ 401: 20, 429: 40 });
  });

  it("a stranger's failures lock out neither the owner from another address nor the owner's device", async () => {
    const { name, owner } = await account('127.0.0.4');
    const attacker = new Visitor(server.url, 'attacker', '127.0.0.5');
    for (let i = 0; i < 7; i++) await attacker.post('/api/account/login', { name, password: `guess ${i}` });
    expect((await attacker.post('/api/account/login', { name, password: PASSWORD })).status).toBe(429);
    // The owner on a new device, from another address.
    const laptop = new Visitor(server.url, 'laptop', '127.0.0.6');
    expect((await laptop.post('/api/account/login', { name, password: PASSWORD })).status).toBe(200);
    // The owner's known device, from the attacker's own address (one network).
    const phone = owner.at('127.0.0.5');
    expect((await phone.post('/api/account/login', { name, password: PASSWORD })).status).toBe(200);
  });

  it('guessers on many addresses exhaust the name for new devices; a known device still signs in', async () => {
    const { name, owner } = await account('127.0.0.7');
    for (const address of ['127.0.0.8', '127.0.0.9', '127.0.0.10']) {
      const attacker = new Visitor(server.url, 'attacker', address);
      await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          attacker.post('/api/account/login', { name, password: `g ${i}` }),
        ),
      );
    }
    const newDevice = new Visitor(server.url, 'new', '127.0.0.11');
    const refused = await newDevice.post('/api/account/login', { name, password: PASSWORD });
    expect(refused).toMatchObject({
      status: 429,
      body: { error: { message: expect.stringContaining('this name') } },
    });
    const known = owner.at('127.0.0.11');
    expect((await known.post('/api/account/login', { name, password: PASSWORD })).status).toBe(200);
  });

  it('changing the password: 10 guesses of the current one at once, 5 verified, then even the right one waits', async () => {
    const { owner } = await account('127.0.0.12');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        owner.post('/api/account/password', { current: `guess ${i}xx`, password: 'battery staple' }),
      ),
    );
    expect(statuses(answers)).toEqual({ 403: 5, 429: 5 });
    expect(answers.find((a) => a.status === 403)?.body).toMatchObject({
      error: { code: 'account.password-wrong' },
    });
    const right = await owner.post('/api/account/password', {
      current: PASSWORD,
      password: 'battery staple',
    });
    expect(right).toMatchObject({ status: 429, body: { error: { code: 'login.rate-limited' } } });
  });

  it('deleting the account: 10 guesses at once, 5 verified; the account is still there', async () => {
    const { name, owner } = await account('127.0.0.13');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => owner.post('/api/account/delete', { password: `guess ${i}xx` })),
    );
    expect(statuses(answers)).toEqual({ 403: 5, 429: 5 });
    expect((await owner.post('/api/account/delete', { password: PASSWORD })).status).toBe(429);
    expect((await owner.get<{ profile: { name: string } }>(`/api/players/${name}`)).body.profile.name).toBe(
      name,
    );
  });
});
