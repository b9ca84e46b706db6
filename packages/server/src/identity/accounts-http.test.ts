/**
 * Accounts over HTTP against the real server, on SQLite and on PostgreSQL. Longer than 400 lines, on purpose:
 * each store's tests share one server (started once per store: the slow part) and its sign-in limits.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse, Me, PlayerProfile, SeatGrant, SessionInfo } from '@attila/protocol';
import { startServer, type RunningServer } from '../server.js';
import { tempDb } from '../test-support/http.js';
import { seatClients, playRandomly } from '../test-support/play.js';
import { dropSchema, freshSchema, postgresUp, POSTGRES_URL } from '../test-support/services.js';
import { Visitor } from '../test-support/visitor.js';
import { skipWithout } from '../test-support/skip-without.js';

// Many visitors share one address here: the per-address HTTP limit is raised (the sign-in limits are not).
const quiet = {
  port: 0,
  botDelayMs: 0,
  botMinThinkMs: 0,
  logger: pino({ level: 'silent' }),
  httpRate: { writesPerMinute: 10_000, readsPerMinute: 10_000 },
};
const schema = freshSchema();

const backends: [string, boolean, () => Promise<RunningServer>][] = [
  [
    'SQLite',
    true,
    () => startServer({ ...quiet, dbFile: tempDb(), loginLimits: { perNameAddress: 3, perAddress: 1000 } }),
  ],
  [
    'PostgreSQL',
    postgresUp,
    () =>
      startServer({
        ...quiet,
        postgres: POSTGRES_URL,
        postgresSchema: schema,
        loginLimits: { perNameAddress: 3, perAddress: 1000 },
      }),
  ],
];

afterAll(async () => {
  if (postgresUp) await dropSchema(schema);
});

type MeBody = { player: Me | null };
const error = (code: string) => ({ error: { code, message: expect.any(String) } });
let n = 0;
const uniqueName = () => `Player${Date.now() % 100000}x${++n}`;

/** The visitor plays one game of Nim to its end against a client without cookies; the table's id. */
async function playNim(v: Visitor): Promise<string> {
  const created = await v.post<CreateTableResponse>('/api/tables', {
    game: 'nim',
    seats: [{ type: 'human' }, { type: 'human' }],
    name: 'ignored',
  });
  expect(created.status).toBe(201);
  const { table, seat, token } = created.body;
  const other = await new Visitor(v.url).post<SeatGrant>(`/api/tables/${table.id}/join`, { name: 'Token' });
  expect(other.status).toBe(200);
  const players = await seatClients(v.url, table.id, [
    { seat: seat ?? 0, token: token ?? '' },
    { seat: other.body.seat, token: other.body.token },
  ]);
  await playRandomly(players, 'nim-seed');
  for (const p of players) p.client.close();
  return table.id;
}

describe.each(backends)('players and accounts over HTTP (%s)', { timeout: 60_000 }, (_name, up, start) => {
  let server: RunningServer;
  beforeAll(async () => {
    if (up) server = await start();
  });
  afterAll(async () => {
    if (up) await server.close();
  });

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'a visitor is a guest at once: signed httpOnly SameSite=Lax cookie, generated name',
    async () => {
      const v = new Visitor(server.url);
      expect((await v.get<MeBody>('/api/me')).body).toEqual({ player: null });
      const made = await v.post<MeBody>('/api/me/guest');
      expect(made.status).toBe(201);
      const cookie = made.headers.getSetCookie()[0];
      expect(cookie).toMatch(/^attila_session=[^;]+\.[^;]+;/); // value.signature
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Path=\//);
      expect(made.body.player).toMatchObject({
        kind: 'guest',
        name: expect.stringMatching(/^\w+ \w+ \d\d$/),
      });
      // A guest may choose its display name (display-name rules, no bot's name); it sits under it.
      expect((await v.post<MeBody>('/api/me/name', { name: ' Aetius ' })).body.player?.name).toBe('Aetius');
      expect((await v.post('/api/me/name', { name: 'Random bot' })).body).toEqual(error('name.bot'));
      expect((await v.post('/api/me/name', { name: 'A\u202Eb' })).body).toEqual(error('request.invalid'));
      expect((await v.get<MeBody>('/api/me')).body.player?.name).toBe('Aetius');
      const again = await v.post<MeBody>('/api/me/guest');
      expect(again.status).toBe(200);
      expect(again.body.player?.id).toBe(made.body.player?.id);
      // A cookie whose signature does not match is nobody's.
      const tampered = (v.cookies.get('attila_session') ?? '').replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
      const other = new Visitor(server.url);
      other.cookies.set('attila_session', tampered);
      expect((await other.get<MeBody>('/api/me')).body).toEqual({ player: null });
    },
  );

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'a guest plays, claims an account (its games move with it), signs out and in again',
    async () => {
      const v = new Visitor(server.url);
      const guest = (await v.post<MeBody>('/api/me/guest')).body.player as Me;
      const tableId = await playNim(v);
      const table = (await v.get<{ table: { seats: { name: string }[] } }>(`/api/tables/${tableId}`)).body
        .table;
      expect(table.seats[0].name).toBe(guest.name); // the session's name, not the one in the body
      const mine = await v.get<{ profile: PlayerProfile }>('/api/me/games');
      expect(mine.body.profile.games.map((g) => g.table.id)).toEqual([tableId]);

      const name = uniqueName();
      const claimed = await v.post<MeBody>('/api/account/claim', { name, password: 'correct horse' });
      expect(claimed.body).toEqual({ player: { ...guest, name, kind: 'account' } });
      expect((await v.post('/api/account/claim', { name: 'Other', password: 'correct horse' })).body).toEqual(
        error('account.already'),
      );
      expect((await v.post('/api/account/logout')).body).toEqual({ player: null });
      expect((await v.get<MeBody>('/api/me')).body.player).toBeNull();

      // Wrong password and unknown name: one answer.
      const wrong = await v.post('/api/account/login', { name, password: 'wrong horse' });
      const unknown = await v.post('/api/account/login', { name: `${name}zz`, password: 'wrong horse' });
      expect(wrong).toMatchObject({ status: 401, body: error('login.failed') });
      expect(unknown.status).toBe(wrong.status);
      expect(unknown.body).toEqual(wrong.body);

      const back = await v.post<MeBody>('/api/account/login', {
        name: name.toUpperCase(),
        password: 'correct horse',
      });
      expect(back.body.player).toMatchObject({ id: guest.id, name, kind: 'account' });
      // The finished game's seat now reads the account's name.
      const renamed = await v.get<{ table: { seats: { name: string }[] } }>(`/api/tables/${tableId}`);
      expect(
        (await v.get<{ profile: PlayerProfile }>('/api/me/games')).body.profile.games[0].table.seats[0].name,
      ).toBe(name);
      expect(renamed.status).toBe(200);
      const profile = await v.get<{ profile: PlayerProfile }>(
        `/api/players/${encodeURIComponent(name.toLowerCase())}`,
      );
      expect(profile.body.profile).toMatchObject({ name, kind: 'account' });
      expect(profile.body.profile.stats).toEqual([
        { game: 'nim', played: 1, won: expect.any(Number), rating: null, ratings: [] },
      ]);
      expect(profile.body.profile.games).toEqual([
        expect.objectContaining({ seat: 0, result: expect.stringMatching(/^(won|lost)$/) }),
      ]);
      const won = profile.body.profile.games[0].result === 'won';
      const filtered = await v.get<{ profile: PlayerProfile }>(`/api/players/${name}?game=nim&result=won`);
      expect(filtered.body.profile.games).toHaveLength(won ? 1 : 0);
      expect((await v.get(`/api/players/${name}?game=chess`)).body).toEqual(error('request.invalid'));
      expect((await v.get('/api/players/nobody-at-all')).body).toEqual(error('player.not-found'));
    },
  );

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'a guest who signs in to an existing account brings its games along',
    async () => {
      const owner = new Visitor(server.url);
      await owner.post('/api/me/guest');
      const name = uniqueName();
      await owner.post('/api/account/claim', { name, password: 'correct horse' });
      const elsewhere = new Visitor(server.url);
      await elsewhere.post('/api/me/guest');
      const tableId = await playNim(elsewhere);
      await elsewhere.post('/api/account/login', { name, password: 'correct horse' });
      const games = (await owner.get<{ profile: PlayerProfile }>('/api/me/games')).body.profile.games;
      expect(games.map((g) => g.table.id)).toContain(tableId);
    },
  );

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'account names: unique ignoring case, not a bot, 3+ characters; passwords 8+',
    async () => {
      const a = new Visitor(server.url);
      await a.post('/api/me/guest');
      const name = uniqueName();
      await a.post('/api/account/claim', { name, password: 'correct horse' });
      const b = new Visitor(server.url);
      await b.post('/api/me/guest');
      const refusals: [unknown, string][] = [
        [{ name: name.toLowerCase(), password: 'correct horse' }, 'account.name-taken'],
        [{ name: 'Al', password: 'correct horse' }, 'account.name'],
        [{ name: 'Random Bot', password: 'correct horse' }, 'account.name'],
        [{ name: 'Deleted Player', password: 'correct horse' }, 'account.name'],
        [{ name: 'An\u200Bn', password: 'correct horse' }, 'account.name'],
        [{ name: uniqueName(), password: 'short' }, 'account.password'],
        [{ name: uniqueName() }, 'request.invalid'],
      ];
      for (const [body, code] of refusals)
        expect((await b.post('/api/account/claim', body)).body).toEqual(error(code));
      expect((await b.get<MeBody>('/api/me')).body.player?.kind).toBe('guest');
      expect(
        (
          await new Visitor(server.url).post('/api/account/claim', {
            name: uniqueName(),
            password: 'correct horse',
          })
        ).body,
      ).toEqual(error('session.none'));
    },
  );

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'sessions: listed, revoked; a new password ends the others',
    async () => {
      const name = uniqueName();
      const laptop = new Visitor(server.url, 'laptop');
      await laptop.post('/api/me/guest');
      await laptop.post('/api/account/claim', { name, password: 'correct horse' });
      const phone = new Visitor(server.url, 'phone');
      await phone.post('/api/account/login', { name, password: 'correct horse' });
      const tablet = new Visitor(server.url, 'tablet');
      await tablet.post('/api/account/login', { name, password: 'correct horse' });
      const list = (await laptop.get<{ sessions: SessionInfo[] }>('/api/account/sessions')).body.sessions;
      expect(list.map((s) => [s.userAgent, s.current]).sort()).toEqual([
        ['laptop', true],
        ['phone', false],
        ['tablet', false],
      ]);
      const phoneSession = list.find((s) => s.userAgent === 'phone')?.id;
      expect((await laptop.post(`/api/account/sessions/${phoneSession}/revoke`)).body).toEqual({
        revoked: phoneSession,
      });
      expect((await phone.get<MeBody>('/api/me')).body.player).toBeNull();
      expect((await laptop.post(`/api/account/sessions/${phoneSession}/revoke`)).body).toEqual(
        error('session.not-found'),
      );

      expect(
        (await laptop.post('/api/account/password', { current: 'wrong horse', password: 'battery staple' }))
          .body,
      ).toEqual(error('account.password-wrong'));
      expect(
        (await laptop.post('/api/account/password', { current: 'correct horse', password: 'short' })).body,
      ).toEqual(error('account.password'));
      expect(
        (await laptop.post('/api/account/password', { current: 'correct horse', password: 'battery staple' }))
          .body,
      ).toEqual({
        endedSessions: 1,
      });
      expect((await tablet.get<MeBody>('/api/me')).body.player).toBeNull();
      expect((await laptop.get<MeBody>('/api/me')).body.player?.name).toBe(name);
      expect((await tablet.post('/api/account/login', { name, password: 'correct horse' })).status).toBe(401);
      expect((await tablet.post('/api/account/login', { name, password: 'battery staple' })).status).toBe(
        200,
      );
    },
  );

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'CSRF: a change with the cookie needs the header and the server’s own Origin',
    async () => {
      const v = new Visitor(server.url);
      await v.post('/api/me/guest');
      const open = { game: 'knights', seats: [{ type: 'human' }, { type: 'human' }], name: 'Ann' };
      expect(await v.post('/api/tables', open, { noCsrf: true })).toMatchObject({
        status: 403,
        body: error('csrf.header'),
      });
      expect(await v.post('/api/tables', open, { origin: 'https://evil.example' })).toMatchObject({
        status: 403,
        body: error('csrf.origin'),
      });
      expect((await v.post('/api/account/logout', {}, { origin: 'https://evil.example' })).body).toEqual(
        error('csrf.origin'),
      );
      expect((await v.get<MeBody>('/api/me')).body.player).not.toBeNull();
      // A computation that changes nothing and reads no session is not refused for the cookie sent along.
      const analysed = await v.post('/api/knights/analyse', { position: 'nonsense' }, { noCsrf: true });
      expect(analysed.body).not.toEqual(error('csrf.header'));
      const valued = await v.post(
        '/api/knights/values',
        { positions: ['...../...../...../..... R'] },
        { noCsrf: true },
      );
      expect(valued).toMatchObject({ status: 200, body: { values: [{ value: -18 }] } });
      // Signing in is guarded even without a cookie (no page elsewhere signs a visitor in).
      expect(
        (
          await new Visitor(server.url).post(
            '/api/account/login',
            { name: 'x', password: 'y' },
            { noCsrf: true },
          )
        ).body,
      ).toEqual(error('csrf.header'));
      // A client without cookies (a bot, the CLI) is not affected, and its seat belongs to nobody.
      const bot = new Visitor(server.url);
      const created = await bot.post<CreateTableResponse>('/api/tables', open, {
        noCsrf: true,
        origin: null,
      });
      expect(created.status).toBe(201);
      const joined = await v.post<SeatGrant>(`/api/tables/${created.body.table.id}/join`, { name: 'Bob' });
      expect(joined.status).toBe(200);
      expect(joined.body.table.seats[1].name).not.toBe('Bob'); // the guest's own name
    },
  );

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'sign-ins are limited per name from one address: past the limit even the right password waits',
    async () => {
      const name = uniqueName();
      const v = new Visitor(server.url);
      await v.post('/api/me/guest');
      await v.post('/api/account/claim', { name, password: 'correct horse' });
      const attacker = new Visitor(server.url);
      for (let i = 0; i < 3; i++)
        expect((await attacker.post('/api/account/login', { name, password: `guess ${i}xx` })).status).toBe(
          401,
        );
      const limited = await attacker.post('/api/account/login', { name, password: 'correct horse' });
      expect(limited).toMatchObject({ status: 429, body: error('login.rate-limited') });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // An unknown name is limited the same way.
      const ghost = `${name}ghost`;
      for (let i = 0; i < 3; i++)
        await attacker.post('/api/account/login', { name: ghost, password: 'guess xxxx' });
      expect(
        (await attacker.post('/api/account/login', { name: ghost, password: 'guess xxxx' })).status,
      ).toBe(429);
    },
  );

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'deleting an account: password needed, not while seated; its games stay as "deleted player"',
    async () => {
      const v = new Visitor(server.url);
      await v.post('/api/me/guest');
      const tableId = await playNim(v);
      const name = uniqueName();
      await v.post('/api/account/claim', { name, password: 'correct horse' });
      const open = await v.post<CreateTableResponse>('/api/tables', {
        game: 'knights',
        seats: [{ type: 'human' }, { type: 'human' }],
      });
      expect((await v.post('/api/account/delete', { password: 'wrong horse' })).body).toEqual(
        error('account.password-wrong'),
      );
      expect((await v.post('/api/account/delete', { password: 'correct horse' })).body).toEqual(
        error('account.playing'),
      );
      await v.post(`/api/tables/${open.body.table.id}/leave`, {
        seat: open.body.seat,
        token: open.body.token,
      });
      expect((await v.post('/api/account/delete', { password: 'correct horse' })).body).toEqual({
        deleted: true,
      });
      expect((await v.get<MeBody>('/api/me')).body.player).toBeNull();
      expect((await v.get(`/api/players/${name}`)).body).toEqual(error('player.not-found'));
      const finished = await v.get<{ tables: { id: string; seats: { name: string }[] }[] }>(
        '/api/tables?status=finished',
      );
      expect(finished.body.tables.find((t) => t.id === tableId)?.seats[0].name).toBe('deleted player');
      expect((await v.post('/api/account/login', { name, password: 'correct horse' })).status).toBe(401);
    },
  );
});

describe.each(backends.slice(0, 1))('passkeys over HTTP (%s)', (_name, _up, start) => {
  it('refusals: guests have none, no challenge, a malformed answer, an unknown passkey', async () => {
    const server = await start();
    try {
      const v = new Visitor(server.url);
      await v.post('/api/me/guest');
      expect((await v.post('/api/account/passkeys/options')).body).toEqual(error('account.guest'));
      expect((await v.post('/api/account/passkey-login', { response: { id: 'x' } })).body).toEqual(
        error('passkey.challenge'),
      );
      const options = await v.post<{ options: { challenge: string; rpId: string } }>(
        '/api/account/passkey-login/options',
      );
      expect(options.body.options.rpId).toBe('127.0.0.1');
      expect(options.body.options.challenge).toMatch(/^[\w-]{20,}$/);
      expect((await v.post('/api/account/passkey-login', { response: { id: 'x' } })).body).toEqual(
        error('passkey.invalid'),
      );
      // The challenge is used once.
      expect((await v.post('/api/account/passkey-login', { response: { id: 'x' } })).body).toEqual(
        error('passkey.challenge'),
      );
      await v.post('/api/account/claim', { name: uniqueName(), password: 'correct horse' });
      const reg = await v.post<{ options: { challenge: string; user: { name: string } } }>(
        '/api/account/passkeys/options',
      );
      expect(reg.status).toBe(200);
      expect(
        (await v.post('/api/account/passkeys', { response: { id: 'x', type: 'public-key' } })).body,
      ).toEqual(error('passkey.invalid'));
      expect((await v.post('/api/account/passkeys/nope/remove')).body).toEqual(error('passkey.not-found'));
      expect((await v.get('/api/account/passkeys')).body).toEqual({ passkeys: [] });
    } finally {
      await server.close();
    }
  });
});

describe('sessions expire', { timeout: 30_000 }, () => {
  it('when idle too long, and when too old however used', async () => {
    const server = await startServer({
      ...quiet,
      dbFile: tempDb(),
      sessions: { idleMs: 400, absoluteMs: 1600, touchEveryMs: 0 },
    });
    try {
      const idle = new Visitor(server.url);
      await idle.post('/api/me/guest');
      const busy = new Visitor(server.url);
      const started = Date.now();
      await busy.post('/api/me/guest');
      for (let t = 0; t < 3; t++) {
        await new Promise((r) => setTimeout(r, 250));
        expect((await busy.get<MeBody>('/api/me')).body.player).not.toBeNull();
      }
      expect((await idle.get<MeBody>('/api/me')).body.player).toBeNull();
      while (Date.now() - started < 1400) {
        await new Promise((r) => setTimeout(r, 250));
        await busy.get<MeBody>('/api/me');
      }
      await new Promise((r) => setTimeout(r, 300));
      expect((await busy.get<MeBody>('/api/me')).body.player).toBeNull();
    } finally {
      await server.close();
    }
  });
});
