/**
 * The bot API over real HTTP on both databases: bot accounts (who may become one), tokens (shown once,
 * hashed, scopes, revoked), every refusal of the bearer check and of a move, the account's event stream, a
 * whole Knights game played through the API by a small client, and a Tribes bot shown only its own hand.
 */
import { playRecordedMoves, unwrap } from '@attila/core';
import type { CreateTableResponse } from '@attila/protocol';
import type { HostLine } from '@attila/protocol/bot-lines';
import { tribesGame } from '@attila/tribes';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server.js';
import { TestClient } from '../test-support/client.js';
import { bearer, LineReader, newBotAccount, playThroughApi } from '../test-support/bot-api-client.js';
import { get, post, tempDb } from '../test-support/http.js';
import { dropSchema, freshSchema, postgresUp, POSTGRES_URL } from '../test-support/services.js';
import { Visitor } from '../test-support/visitor.js';
import { hashApiToken } from './bearer.js';
import { skipWithout } from '../test-support/skip-without.js';

const quiet = {
  port: 0,
  botDelayMs: 0,
  botMinThinkMs: 0,
  logger: pino({ level: 'silent' }),
  httpRate: false as const,
  botApi: { heartbeatMs: 200, pollMs: 50 },
};
const schema = freshSchema();
const backends: [string, boolean, () => Promise<RunningServer>][] = [
  ['SQLite', true, () => startServer({ ...quiet, dbFile: tempDb() })],
  ['PostgreSQL', postgresUp, () => startServer({ ...quiet, postgres: POSTGRES_URL, postgresSchema: schema })],
];
afterAll(async () => {
  if (postgresUp) await dropSchema(schema);
});

let n = 0;
const unique = (base: string) => `${base}${Date.now() % 100000}x${++n}`;
const refusal = (code: string) => ({ error: { code, message: expect.any(String) } });
const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

async function nextOf(reader: LineReader, type: HostLine['type']): Promise<HostLine> {
  for (;;) {
    const line = await reader.next();
    if (line === null) throw new Error(`the stream ended before a "${type}" line`);
    if (line.type === type) return line;
  }
}

for (const [name, up, start] of backends) {
  describe.skipIf(skipWithout(up, 'PostgreSQL'))(`bot API (${name})`, { timeout: 60_000 }, () => {
    let server: RunningServer;
    let url: string;
    beforeAll(async () => {
      server = await start();
      url = server.url;
    });
    afterAll(() => server.close());

    it('a guest, or an account that played a game, cannot become a bot; an account once, for good', async () => {
      const guest = new Visitor(url);
      await guest.post('/api/me/guest');
      expect(await guest.post('/api/me/bot')).toMatchObject({ status: 409, body: refusal('bot.guest') });

      const person = new Visitor(url);
      await person.post('/api/me/guest');
      await person.post('/api/account/claim', { name: unique('Person'), password: 'a long password' });
      const played = await person.post<CreateTableResponse>('/api/tables', {
        game: 'knights',
        seats: [{ type: 'human' }, { type: 'bot', bot: 'random' }],
        name: 'x',
      });
      expect(played.body.table.status).toBe('playing');
      expect(await person.post('/api/me/bot')).toMatchObject({ status: 409, body: refusal('bot.played') });

      const fresh = new Visitor(url);
      await fresh.post('/api/me/guest');
      await fresh.post('/api/account/claim', { name: unique('Fresh'), password: 'a long password' });
      expect((await fresh.get('/api/me/bot')).body).toEqual({ bot: false, since: null });
      expect(await fresh.post('/api/me/tokens', { label: 'x', scopes: ['play'] })).toMatchObject({
        status: 409,
        body: refusal('bot.not-bot'),
      });
      expect((await fresh.post('/api/me/bot')).status).toBe(200);
      expect((await fresh.get('/api/me/bot')).body).toMatchObject({ bot: true });
      expect(await fresh.post('/api/me/bot')).toMatchObject({ status: 409, body: refusal('bot.already') });
      // A change with the cookie needs the CSRF header, as everywhere.
      expect(await fresh.post('/api/me/bot', {}, { noCsrf: true })).toMatchObject({
        status: 403,
        body: refusal('csrf.header'),
      });
    });

    it('tokens: shown once, listed without the secret, stored as SHA-256; bad, revoked, missing, wrong scope', async () => {
      const bot = await newBotAccount(url, unique('Tok'), ['play']);
      const reader = await newBotAccount(url, unique('Reader'), ['read']);
      const list = await bot.visitor.get<{ tokens: Record<string, unknown>[] }>('/api/me/tokens');
      expect(list.body.tokens).toHaveLength(1);
      expect(Object.keys(list.body.tokens[0]).sort()).toEqual(
        ['createdAt', 'id', 'label', 'lastUsedAt', 'revokedAt', 'scopes'].sort(),
      );
      expect(JSON.stringify(list.body)).not.toContain(bot.token);
      expect(JSON.stringify(list.body)).not.toContain(hashApiToken(bot.token));
      expect(await bot.visitor.post('/api/me/tokens', { label: 'x', scopes: ['admin'] })).toMatchObject({
        status: 400,
        body: refusal('request.invalid'),
      });

      const stream = '/api/bot/stream';
      expect(await bearer(url, null, 'GET', stream)).toMatchObject({
        status: 401,
        body: refusal('token.missing'),
      });
      expect(await bearer(url, 'attila_bot_nope', 'GET', stream)).toMatchObject({
        status: 401,
        body: refusal('token.invalid'),
      });
      const basic = await fetch(url + stream, { headers: { authorization: 'Basic eDp5' } });
      expect(basic.status).toBe(401);
      expect(await basic.json()).toEqual(refusal('token.invalid'));
      // A read token reads, but neither moves nor sits down.
      const hello = await LineReader.open(url, reader.token, stream);
      expect(hello.status).toBe(200);
      expect(hello.contentType).toMatch(/^application\/x-ndjson/);
      expect(await hello.next()).toEqual({
        type: 'hello',
        protocol: 'attila-bot/1',
        games: expect.any(Array),
      });
      hello.close();
      expect(
        await bearer(url, reader.token, 'POST', '/api/bot/game/abc/move', { seq: 0, move: 'a1' }),
      ).toMatchObject({ status: 403, body: refusal('token.scope') });
      expect(
        await bearer(url, reader.token, 'POST', '/api/tables', {
          game: 'knights',
          seats: [{ type: 'human' }, { type: 'bot', bot: 'random' }],
        }),
      ).toMatchObject({ status: 403, body: refusal('token.scope') });

      const id = list.body.tokens[0].id as string;
      expect((await bot.visitor.post(`/api/me/tokens/${id}/revoke`)).body).toEqual({ revoked: true });
      expect(await bot.visitor.post(`/api/me/tokens/${id}/revoke`)).toMatchObject({
        status: 404,
        body: refusal('token.not-found'),
      });
      expect(await bearer(url, bot.token, 'GET', stream)).toMatchObject({
        status: 401,
        body: refusal('token.revoked'),
      });
      const after = await bot.visitor.get<{ tokens: { revokedAt: number | null }[] }>('/api/me/tokens');
      expect(after.body.tokens[0].revokedAt).toEqual(expect.any(Number));
    });

    it('every refusal of a move: not your game, not your turn, stale, illegal, malformed; nothing changes', async () => {
      const bot = await newBotAccount(url, unique('Mover'));
      const other = await newBotAccount(url, unique('Other'));
      const events = await LineReader.open(url, bot.token, '/api/bot/stream');
      expect((await events.next())?.type).toBe('hello');
      // A person opens a 2-player Tribes table (seat 0 moves first) and the bot sits down with its token.
      const created = await post<CreateTableResponse>(url, '/api/tables', {
        game: 'tribes',
        settings: { players: 2, firstPlayer: 0 },
        seats: [{ type: 'human' }, { type: 'human' }],
        name: 'Ada',
      });
      const id = created.body.table.id;
      const joined = await bearer<{ seat: number; table: { status: string; seats: { name: string }[] } }>(
        url,
        bot.token,
        'POST',
        `/api/tables/${id}/join`,
        { name: 'ignored' },
      );
      expect(joined.status).toBe(200);
      expect(joined.body.seat).toBe(1);
      expect(joined.body.table.status).toBe('playing');
      expect(joined.body.table.seats[1].name).toBe(bot.name);
      expect(await nextOf(events, 'start')).toMatchObject({
        type: 'start',
        table: id,
        game: 'tribes',
        seats: [1],
        players: 2,
      });

      const move = (token: string, body: unknown, table = id) =>
        bearer(url, token, 'POST', `/api/bot/game/${table}/move`, body);
      const refused = (code: string, seq: number | null = 0) => ({
        type: 'refused',
        table: id,
        seq,
        code,
        message: expect.any(String),
        error: { code, message: expect.any(String) },
      });
      expect(await move(other.token, { seq: 0, move: 'influence' })).toMatchObject({
        status: 403,
        body: refused('bot.not-seated'),
      });
      expect(await move(bot.token, { seq: 0, move: 'x' }, 'no-such-table')).toMatchObject({
        status: 404,
        body: refusal('table.not-found'),
      });
      expect(await move(bot.token, { seq: 0, move: 'influence' })).toMatchObject({
        status: 409,
        body: refused('move.not-your-turn'),
      });
      expect(await move(bot.token, { seq: 'one', move: 'x' })).toMatchObject({
        status: 400,
        body: refused('request.invalid', null),
      });
      expect(await move(bot.token, '{"seq":0,')).toMatchObject({
        status: 400,
        body: refusal('request.json'),
      });
      expect(await move(bot.token, { seq: 0, move: 'x', extra: 1 })).toMatchObject({
        status: 400,
        body: refused('request.invalid'),
      });
      expect(await move(bot.token, { type: 'move', table: 'elsewhere', seq: 0, move: 'x' })).toMatchObject({
        status: 400,
        body: refused('request.invalid'),
      });

      // Ada plays her seat over a WebSocket, as the web app does.
      const ada = await TestClient.connect(url);
      ada.send({ type: 'hello', table: id, seat: 0, token: created.body.token });
      const welcome = await ada.next('welcome');
      const game = await LineReader.open(url, bot.token, `/api/bot/game/${id}/stream`);
      // Ada's turn (a card, then influence or a second card) until the bot's seat is to act.
      let snapshot = welcome.snapshot;
      while (snapshot && snapshot.legalMoves.length > 0) {
        ada.send({ type: 'move', seq: snapshot.seq, move: snapshot.legalMoves[0] });
        snapshot = (await ada.next('update')).snapshot;
      }
      const turn = await nextOf(game, 'turn');
      if (turn.type !== 'turn') throw new Error('a turn');
      const seq = turn.seq;
      expect(seq).toBe(snapshot?.seq);
      expect(turn.seat).toBe(1);
      expect(await move(bot.token, { seq: seq - 1, move: turn.legal[0] })).toMatchObject({
        status: 409,
        body: refused('move.stale', seq - 1),
      });
      const illegal = await move(bot.token, { seq, move: 'play Nobody nowhere' });
      expect(illegal.status).toBe(400);
      expect(illegal.body).toMatchObject({ type: 'refused', table: id, seq });
      const table = await get<{ table: { seq: number } }>(url, `/api/tables/${id}`);
      expect(table.body.table.seq).toBe(seq);
      // The whole move line of the bot protocol is a body too.
      expect(await move(bot.token, { type: 'move', table: id, seq, move: turn.legal[0] })).toEqual({
        status: 200,
        body: { type: 'accepted', table: id, seq: seq + 1 },
      });
      game.close();
      ada.close();
      events.close();
    });

    it('a whole Knights game through the API against a built-in bot; the event stream says start and end', async () => {
      const bot = await newBotAccount(url, unique('Knight'));
      const events = await LineReader.open(url, bot.token, '/api/bot/stream');
      expect((await events.next())?.type).toBe('hello');
      const created = await bearer<CreateTableResponse>(url, bot.token, 'POST', '/api/tables', {
        game: 'knights',
        seats: [{ type: 'bot', bot: 'easy' }, { type: 'human' }],
        name: 'ignored',
      });
      expect(created.status).toBe(201);
      expect(created.body.seat).toBe(1);
      const id = created.body.table.id;
      expect(await nextOf(events, 'start')).toMatchObject({
        table: id,
        game: 'knights',
        seats: [1],
        players: 2,
      });
      const lines = await playThroughApi(url, bot.token, id, 'knights');
      const turns = lines.filter((l) => l.type === 'turn');
      expect(turns.length).toBeGreaterThan(2);
      const end = lines.at(-1);
      expect(end?.type).toBe('end');
      expect(await nextOf(events, 'end')).toEqual(end);
      const record = await get<{ moves: string[]; result: unknown }>(url, `/api/tables/${id}/record`);
      expect(record.status).toBe(200);
      expect(end).toMatchObject({ result: record.body.result });
      events.close();
    });

    it('in Tribes a bot sees only its own seat: every turn is the engine view and legal moves of seat 0', async () => {
      const bot = await newBotAccount(url, unique('Tribe'));
      const created = await bearer<CreateTableResponse>(url, bot.token, 'POST', '/api/tables', {
        game: 'tribes',
        settings: { players: 3, firstPlayer: 0 },
        seats: [{ type: 'human' }, { type: 'bot', bot: 'random' }, { type: 'bot', bot: 'greedy' }],
      });
      expect(created.status).toBe(201);
      const id = created.body.table.id;
      const lines = await playThroughApi(url, bot.token, id, 'tribes');
      expect(lines.at(-1)?.type).toBe('end');
      const record = await get<{ settings: unknown; seed: string; moves: string[] }>(
        url,
        `/api/tables/${id}/record`,
      );
      const settings = unwrap(tribesGame.parseSettings(record.body.settings));
      const begin = unwrap(tribesGame.setup(settings, record.body.seed));
      const { played } = unwrap(playRecordedMoves(tribesGame, begin, record.body.moves));
      const states = [begin, ...played.map((p) => p.state)];
      const turns = lines.filter((l) => l.type === 'turn');
      expect(turns.length).toBeGreaterThan(5);
      for (const t of turns) {
        if (t.type !== 'turn') continue;
        const state = states[t.seq];
        expect(t.seat).toBe(0);
        expect(t.view, `turn ${t.seq}`).toEqual(plain(tribesGame.view(state, { seat: 0 })));
        expect(t.view).not.toEqual(plain(tribesGame.view(state, { seat: 1 })));
        expect(t.legal).toEqual(tribesGame.legalMoves(state, 0));
        expect(t.clockMs).toBeNull();
      }
    });

    it('a bot that stops answering loses on time like anyone: its turn shows the clock, then the end', async () => {
      const bot = await newBotAccount(url, unique('Slow'));
      const created = await bearer<CreateTableResponse>(url, bot.token, 'POST', '/api/tables', {
        game: 'knights',
        seats: [{ type: 'human' }, { type: 'bot', bot: 'random' }],
        clock: { mode: 'move', moveMs: 1000 },
      });
      expect(created.status).toBe(201);
      const id = created.body.table.id;
      const game = await LineReader.open(url, bot.token, `/api/bot/game/${id}/stream`);
      const turn = await nextOf(game, 'turn');
      if (turn.type !== 'turn') throw new Error('a turn');
      expect(turn.clockMs).toBeGreaterThan(0);
      expect(turn.clockMs).toBeLessThanOrEqual(1000);
      const end = await nextOf(game, 'end');
      if (end.type !== 'end') throw new Error('an end');
      expect(end.result.winners).toEqual([1]);
      expect(end.result.reason).toMatch(/time/);
      // The stream ends with the game.
      expect(await game.next()).toBeNull();
    });
  });
}
