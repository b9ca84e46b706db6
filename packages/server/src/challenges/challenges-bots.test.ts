/**
 * Challenges and bot accounts (the bot API's event stream hears a challenge as a `challenge` line, the bot
 * accepts it with its bearer token, and the stream then starts the game), and a player deleted while a
 * challenge waited: the last acceptance is refused and no table is made; and a challenge expiring on a clock
 * the test controls.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostLine } from '@attila/protocol/bot-lines';
import type { ChallengeView } from '@attila/protocol/challenges';
import { startServer, type RunningServer } from '../server.js';
import { bearer, LineReader, newBotAccount } from '../test-support/bot-api-client.js';
import { tempDb } from '../test-support/http.js';
import { Visitor } from '../test-support/visitor.js';
import { startTestServer } from '../test-support/test-server.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({
    httpRate: false,
    botApi: { pollMs: 50 },
  });
});
afterAll(() => server.close());

async function account(name: string): Promise<Visitor> {
  const v = new Visitor(server.url);
  await v.post('/api/me/guest');
  expect((await v.post('/api/account/claim', { name, password: 'a good long password' })).status).toBe(200);
  return v;
}

async function lineOf(stream: LineReader, type: HostLine['type']): Promise<HostLine> {
  for (;;) {
    const line = await stream.next(10_000);
    if (!line) throw new Error(`the stream ended before a ${type} line`);
    if (line.type === type) return line;
  }
}

type One = { challenge: ChallengeView };

describe('challenges and bot accounts', () => {
  it('a bot account hears a challenge on its event stream, accepts it through the API, and the game starts', async () => {
    const bot = await newBotAccount(server.url, 'ChallengedBot');
    const person = await account('Gaiseric');
    const stream = await LineReader.open(server.url, bot.token, '/api/bot/stream');
    await lineOf(stream, 'hello');
    const made = await person.post<One>('/api/challenges', { game: 'knights', players: ['ChallengedBot'] });
    const heard = await lineOf(stream, 'challenge');
    expect(heard).toMatchObject({
      type: 'challenge',
      challenge: {
        id: made.body.challenge.id,
        from: 'Gaiseric',
        status: 'pending',
        seat: 1,
        game: 'knights',
      },
    });
    const noToken = await bearer(
      server.url,
      null,
      'POST',
      `/api/bot/challenges/${made.body.challenge.id}/accept`,
    );
    expect(noToken.status).toBe(401);
    const accepted = await bearer<One>(
      server.url,
      bot.token,
      'POST',
      `/api/bot/challenges/${made.body.challenge.id}/accept`,
    );
    expect(accepted.status).toBe(200);
    const table = accepted.body.challenge.table;
    const start = await lineOf(stream, 'start');
    expect(start).toMatchObject({ type: 'start', table, seats: [1] });
    stream.close();
  });

  it('a bot declines through the API; a pending challenge is on the stream when it opens', async () => {
    const bot = await newBotAccount(server.url, 'DecliningBot');
    const person = await account('Huneric');
    const made = await person.post<One>('/api/challenges', { game: 'knights', players: ['DecliningBot'] });
    const stream = await LineReader.open(server.url, bot.token, '/api/bot/stream');
    const heard = await lineOf(stream, 'challenge');
    expect(heard.type === 'challenge' && heard.challenge.id).toBe(made.body.challenge.id);
    const declined = await bearer<One>(
      server.url,
      bot.token,
      'POST',
      `/api/bot/challenges/${made.body.challenge.id}/decline`,
    );
    expect(declined.body.challenge.status).toBe('declined');
    const told = await lineOf(stream, 'challenge');
    expect(told.type === 'challenge' && told.challenge.status).toBe('declined');
    stream.close();
  });

  it('a player deleted while a 3-seat challenge waited: the last acceptance is refused, no table made', async () => {
    const [a, b, c] = [await account('Thrasamund'), await account('Hilderic'), await account('Gelimer')];
    const made = await a.post<One>('/api/challenges', {
      game: 'tribes',
      settings: { players: 3 },
      players: ['Hilderic', 'Gelimer'],
    });
    const id = made.body.challenge.id;
    expect((await c.post(`/api/challenges/${id}/accept`)).status).toBe(200);
    expect((await c.post('/api/account/delete', { password: 'a good long password' })).status).toBe(200);
    const last = await b.post<{ error: { code: string } }>(`/api/challenges/${id}/accept`);
    expect(last.status).toBe(409);
    expect(last.body.error.code).toBe('challenge.deleted-player');
    const seen = (await a.get<One>(`/api/challenges/${id}`)).body.challenge;
    expect(seen).toMatchObject({ status: 'pending', table: null });
  });
});

describe('challenges expire', () => {
  it('a live challenge lapses after 10 minutes of a clock the test controls: shown expired, refused', async () => {
    let now = Date.parse('2026-12-01T12:00:00Z');
    const timed = await startServer({
      port: 0,
      dbFile: tempDb(),
      logger: pino({ level: 'silent' }),
      httpRate: false,
      now: () => now,
    });
    const at = async (name: string) => {
      const v = new Visitor(timed.url);
      await v.post('/api/me/guest');
      await v.post('/api/account/claim', { name, password: 'a good long password' });
      return v;
    };
    const [a, b] = [await at('Radagaisus'), await at('Sarus')];
    const made = await a.post<One>('/api/challenges', { game: 'knights', players: ['Sarus'] });
    const id = made.body.challenge.id;
    expect(made.body.challenge.expiresAt - made.body.challenge.createdAt).toBe(10 * 60_000);
    now += 10 * 60_000 - 1;
    expect((await b.get<One>(`/api/challenges/${id}`)).body.challenge.status).toBe('pending');
    now += 1;
    expect((await b.get<One>(`/api/challenges/${id}`)).body.challenge.status).toBe('expired');
    const late = await b.post<{ error: { code: string } }>(`/api/challenges/${id}/accept`);
    expect(late.body.error.code).toBe('challenge.expired');
    const cancel = await a.post<{ error: { code: string } }>(`/api/challenges/${id}/cancel`);
    expect(cancel.body.error.code).toBe('challenge.expired');
    await timed.close();
  });
});
