/**
 * Everything a bot does besides moving, over real HTTP: resigning, aborting, chatting both ways, asking for
 * and answering a takeback, taking back a seat the take-over bot took, a rematch; challenging people and
 * declining with a reason; and the per-token rate limits. Each refusal changes nothing.
 */
import type { CreateTableResponse, SeatGrant } from '@attila/protocol';
import type { HostLine } from '@attila/protocol/bot-lines';
import type { ChallengeView } from '@attila/protocol/challenges';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer } from '../server.js';
import { bearer, LineReader, newBotAccount, type BotAccount } from '../test-support/bot-api-client.js';
import { startTestServer } from '../test-support/test-server.js';
import { Visitor } from '../test-support/visitor.js';

let server: RunningServer;
let limited: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ httpRate: false, botApi: { pollMs: 50, heartbeatMs: 500 } });
  limited = await startTestServer({
    httpRate: false,
    botApi: { pollMs: 50, rate: { readsPerMinute: 2, writesPerMinute: 3 } },
  });
});
afterAll(async () => {
  await server.close();
  await limited.close();
});

let n = 0;
const unique = (base: string) => `${base}${Date.now() % 100000}x${++n}`;
const refusal = (code: string) => ({ error: { code, message: expect.any(String) } });

async function lineOf<T extends HostLine['type']>(
  stream: LineReader,
  type: T,
): Promise<Extract<HostLine, { type: T }>> {
  for (;;) {
    const line = await stream.next(15_000);
    if (!line) throw new Error(`the stream ended before a ${type} line`);
    if (line.type === type) return line as Extract<HostLine, { type: T }>;
  }
}

/** Two bot accounts at one Knights table (A at seat 0, B at seat 1), the game started. */
async function twoBots(extra: Record<string, unknown> = {}) {
  const a = await newBotAccount(server.url, unique('BotA'));
  const b = await newBotAccount(server.url, unique('BotB'));
  const made = await bearer<CreateTableResponse>(server.url, a.token, 'POST', '/api/tables', {
    game: 'knights',
    seats: [{ type: 'human' }, { type: 'human' }],
    name: 'x',
    ...extra,
  });
  expect(made.status).toBe(201);
  const table = made.body.table.id;
  const joined = await bearer<SeatGrant>(server.url, b.token, 'POST', `/api/tables/${table}/join`, {
    name: 'x',
  });
  expect(joined.status).toBe(200);
  return { a, b, table };
}

const act = (who: BotAccount, table: string, action: string, body: unknown = {}, url = server.url) =>
  bearer(url, who.token, 'POST', `/api/bot/game/${table}/${action}`, body);
const move = (who: BotAccount, table: string, seq: number, m: string) =>
  bearer(server.url, who.token, 'POST', `/api/bot/game/${table}/move`, { seq, move: m });

describe('the bot API besides moves', { timeout: 60_000 }, () => {
  it('resign: the game ends for both streams, the other seat wins; a second resign changes nothing', async () => {
    const { a, b, table } = await twoBots();
    const streamB = await LineReader.open(server.url, b.token, `/api/bot/game/${table}/stream`);
    expect((await move(a, table, 0, 'a1')).status).toBe(200);
    await lineOf(streamB, 'turn');
    // B holds seat 1: resigning gives the game to seat 0.
    expect(await act(b, table, 'resign')).toMatchObject({ status: 200, body: { done: 'resign', seat: 1 } });
    expect((await lineOf(streamB, 'end')).result.winners).toEqual([0]);
    expect(await act(a, table, 'resign')).toMatchObject({ status: 409, body: refusal('resign.not-playing') });
    streamB.close();
  });

  it('a bot cannot act at a table it holds no seat at, nor for a seat that is not its own; bad bodies are refused', async () => {
    const { a, table } = await twoBots();
    const stranger = await newBotAccount(server.url, unique('Stranger'));
    expect(await act(stranger, table, 'resign')).toMatchObject({
      status: 403,
      body: refusal('bot.not-seated'),
    });
    expect(await act(a, table, 'resign', { seat: 1 })).toMatchObject({
      status: 403,
      body: refusal('bot.not-seated'),
    });
    expect(await act(a, table, 'chat', { text: '   ' })).toMatchObject({
      status: 400,
      body: refusal('request.invalid'),
    });
    expect(await act(a, table, 'takeback-answer', { answer: 'maybe' })).toMatchObject({
      status: 400,
      body: refusal('request.invalid'),
    });
    expect(await act(a, 'nosuchtable1', 'abort')).toMatchObject({
      status: 404,
      body: refusal('table.not-found'),
    });
    expect(await bearer(server.url, null, 'POST', `/api/bot/game/${table}/resign`, {})).toMatchObject({
      status: 401,
      body: refusal('token.missing'),
    });
    // Nothing changed: the game goes on, seat 0 to move.
    expect((await move(a, table, 0, 'a1')).status).toBe(200);
  });

  it('abort before both seats moved calls the game off; after, it is refused', async () => {
    const first = await twoBots();
    const stream = await LineReader.open(server.url, first.a.token, `/api/bot/game/${first.table}/stream`);
    expect((await act(first.a, first.table, 'abort')).status).toBe(200);
    expect((await lineOf(stream, 'end')).result.winners).toEqual([]);
    stream.close();

    const second = await twoBots();
    expect((await move(second.a, second.table, 0, 'a1')).status).toBe(200);
    expect((await move(second.b, second.table, 1, 'e4')).status).toBe(200);
    expect((await act(second.a, second.table, 'abort')).status).toBeGreaterThanOrEqual(400);
  });

  it('chat: a line of one seat reaches the other seat’s stream (not its own), with the writer’s name', async () => {
    const { a, b, table } = await twoBots();
    const streamA = await LineReader.open(server.url, a.token, `/api/bot/game/${table}/stream`);
    const streamB = await LineReader.open(server.url, b.token, `/api/bot/game/${table}/stream`);
    await lineOf(streamA, 'turn');
    expect((await act(a, table, 'chat', { text: 'good luck' })).status).toBe(200);
    expect(await lineOf(streamB, 'chat')).toEqual({
      type: 'chat',
      table,
      seat: 0,
      name: a.name,
      text: 'good luck',
    });
    expect((await act(b, table, 'chat', { text: 'you too' })).status).toBe(200);
    // A's stream tells B's line, and never A's own.
    expect(await lineOf(streamA, 'chat')).toMatchObject({ seat: 1, text: 'you too' });
    streamA.close();
    streamB.close();
  });

  it('takeback: the other seat’s stream hears the request, accepting it asks the mover again', async () => {
    const { a, b, table } = await twoBots();
    const streamA = await LineReader.open(server.url, a.token, `/api/bot/game/${table}/stream`);
    const streamB = await LineReader.open(server.url, b.token, `/api/bot/game/${table}/stream`);
    expect((await lineOf(streamA, 'turn')).seq).toBe(0);
    expect((await move(a, table, 0, 'a1')).status).toBe(200);
    expect((await lineOf(streamB, 'turn')).seq).toBe(1);
    expect((await act(a, table, 'takeback')).status).toBe(200);
    expect(await lineOf(streamB, 'takeback')).toEqual({ type: 'takeback', table, seat: 0, seq: 1 });
    expect((await act(b, table, 'takeback-answer', { answer: 'accept' })).status).toBe(200);
    // A is asked its first move again.
    const again = await lineOf(streamA, 'turn');
    expect(again.seq).toBe(0);
    expect(again.legal).toContain('a1');
    streamA.close();
    streamB.close();
  });

  it('reclaim: a seat the take-over bot took answers move.bot-controlled until the bot takes it back', async () => {
    const { a, b, table } = await twoBots({ clock: { mode: 'move', moveMs: 1000 }, takeover: 'random' });
    const streamB = await LineReader.open(server.url, b.token, `/api/bot/game/${table}/stream`);
    // A never moves: after a second the take-over bot plays seat 0's first move, and B is asked.
    const turnB = await lineOf(streamB, 'turn');
    expect(turnB.seq).toBe(1);
    expect((await move(b, table, 1, turnB.legal[0])).status).toBe(200);
    // Seat 0 is the take-over bot's now: A's move is refused until A reclaims it.
    const refused = await move(a, table, 2, 'a1');
    expect(refused.body).toMatchObject({
      type: 'refused',
      code: expect.stringMatching(/bot-controlled|not-your-turn|stale/),
    });
    expect(await act(a, table, 'reclaim')).toMatchObject({ status: 200, body: { done: 'reclaim', seat: 0 } });
    expect(await act(a, table, 'reclaim')).toMatchObject({ status: 409, body: refusal('reclaim.not-taken') });
    streamB.close();
  });

  it('rematch: after the end both seats accept and a new table is made', async () => {
    const { a, b, table } = await twoBots();
    expect((await act(a, table, 'rematch', { accept: true })).status).toBeGreaterThanOrEqual(400);
    expect((await act(a, table, 'resign')).status).toBe(200);
    expect((await act(a, table, 'rematch', { accept: true })).status).toBe(200);
    expect((await act(b, table, 'rematch', { accept: true })).status).toBe(200);
    const info = (await (await fetch(`${server.url}/api/tables/${table}`)).json()) as {
      table: { play: { rematch: { table: string | null } } };
    };
    expect(info.table.play.rematch.table).toEqual(expect.any(String));
  });
});

describe('bots and challenges', { timeout: 60_000 }, () => {
  it('a bot challenges a person by name; the person declines with a reason the bot reads', async () => {
    const bot = await newBotAccount(server.url, unique('Challenger'));
    const person = new Visitor(server.url);
    await person.post('/api/me/guest');
    const name = unique('Person');
    await person.post('/api/account/claim', { name, password: 'a long password' });
    const made = await bearer<{ challenge: ChallengeView }>(
      server.url,
      bot.token,
      'POST',
      '/api/bot/challenges',
      {
        game: 'knights',
        players: [name],
      },
    );
    expect(made.status).toBe(201);
    const id = made.body.challenge.id;
    const events = await LineReader.open(server.url, bot.token, '/api/bot/stream');
    const declined = await person.post<{ challenge: ChallengeView }>(`/api/challenges/${id}/decline`, {
      reason: 'not now',
    });
    expect(declined.status).toBe(200);
    // The bot's event stream tells the change, with the reason.
    for (;;) {
      const line = await lineOf(events, 'challenge');
      if (line.challenge.status !== 'declined') continue;
      expect(line.challenge.seats.find((s) => !s.challenger)).toMatchObject({
        name,
        answer: 'declined',
        reason: 'not now',
      });
      break;
    }
    events.close();
  });

  it('a bot declines a person’s challenge with a reason; a reason too long is refused and changes nothing', async () => {
    const bot = await newBotAccount(server.url, unique('Decliner'));
    const person = new Visitor(server.url);
    await person.post('/api/me/guest');
    await person.post('/api/account/claim', { name: unique('Asker'), password: 'a long password' });
    const made = await person.post<{ challenge: ChallengeView }>('/api/challenges', {
      game: 'knights',
      players: [bot.name],
    });
    const id = made.body.challenge.id;
    const long = await bearer(server.url, bot.token, 'POST', `/api/bot/challenges/${id}/decline`, {
      reason: 'x'.repeat(201),
    });
    expect(long).toMatchObject({ status: 400, body: refusal('request.invalid') });
    expect(
      (await person.get<{ challenge: ChallengeView }>(`/api/challenges/${id}`)).body.challenge.status,
    ).toBe('pending');
    const ok = await bearer(server.url, bot.token, 'POST', `/api/bot/challenges/${id}/decline`, {
      reason: 'I play only 5+0 games',
    });
    expect(ok.status).toBe(200);
    const seen = (await person.get<{ challenge: ChallengeView }>(`/api/challenges/${id}`)).body.challenge;
    expect(seen.status).toBe('declined');
    expect(seen.seats[1]).toMatchObject({
      name: bot.name,
      answer: 'declined',
      reason: 'I play only 5+0 games',
    });
  });
});

describe('per-token rate limits', { timeout: 60_000 }, () => {
  it('past the minute’s allowance a token is refused with rate.limited (429); another token is not', async () => {
    const one = await newBotAccount(limited.url, unique('Busy'));
    const other = await newBotAccount(limited.url, unique('Calm'));
    for (let i = 0; i < 3; i++) {
      expect((await act(one, 'nosuchtable1', 'resign', {}, limited.url)).status).toBe(404);
    }
    const over = await act(one, 'nosuchtable1', 'resign', {}, limited.url);
    expect(over).toMatchObject({ status: 429, body: refusal('rate.limited') });
    expect((over.body as { error: { message: string } }).error.message).toMatch(/at most 3 .* per minute/);
    expect((await act(other, 'nosuchtable1', 'resign', {}, limited.url)).status).toBe(404);
    // Reads are counted apart: the busy token still opens its stream.
    const stream = await LineReader.open(limited.url, one.token, '/api/bot/stream');
    expect(stream.status).toBe(200);
    stream.close();
  });
});
