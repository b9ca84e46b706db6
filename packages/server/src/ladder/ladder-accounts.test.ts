/**
 * Bot accounts on the ladder (issue 23): an account joins with its bearer token, is paired only while its
 * event stream is open, plays its ladder games through the bot API like any game, and is rated in the
 * pools beside the built-in levels; its games' records download like any game's.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LadderView } from '@attila/protocol';
import type { HostLine } from '@attila/protocol/bot-lines';
import { startServer, type RunningServer } from '../server.js';
import { bearer, LineReader, newBotAccount, playThroughApi } from '../test-support/bot-api-client.js';
import { get, tempDb } from '../test-support/http.js';

describe('bot accounts on the ladder', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      port: 0,
      dbFile: tempDb(),
      botDelayMs: 0,
      botMinThinkMs: 0,
      botThreads: 1,
      logger: pino({ level: 'silent' }),
      httpRate: false,
      botApi: { pollMs: 50 },
      ladder: {
        seed: 'ladder-accounts',
        roundMs: 20,
        // One built-in level for Knights and two for Tribes at 3: no pool has players enough without the account.
        shares: { knights: 1, 'tribes-3': 1, 'tribes-4': 0 },
        levels: { knights: ['random'], tribes: ['random', 'greedy'] },
      },
    });
  });
  afterAll(async () => server.close());

  it('refuses a join without a bot token or with another body, changing nothing', async () => {
    expect(await bearer(server.url, null, 'POST', '/api/bot/ladder', { join: true })).toMatchObject({
      status: 401,
      body: { error: { code: 'token.missing' } },
    });
    const bot = await newBotAccount(server.url, 'Refused Bot');
    expect(await bearer(server.url, bot.token, 'POST', '/api/bot/ladder', { join: 'yes' })).toMatchObject({
      status: 400,
      body: { error: { code: 'request.invalid' } },
    });
    expect((await get<LadderView>(server.url, '/api/ladder')).body.games).toBe(0);
  });

  it('pairs a joined account while its stream is open: a Knights and a Tribes game, both rated', async () => {
    const bot = await newBotAccount(server.url, 'Ladder Bot');
    const joined = await bearer<{ joined: boolean; since: number | null }>(
      server.url,
      bot.token,
      'POST',
      '/api/bot/ladder',
      { join: true },
    );
    expect(joined).toMatchObject({ status: 200, body: { joined: true } });
    // Joined but not listening: nobody to pair (an absent bot would only lose on time).
    await new Promise((r) => setTimeout(r, 300));
    expect((await get<LadderView>(server.url, '/api/ladder')).body.recent).toEqual([]);

    const events = await LineReader.open(server.url, bot.token, '/api/bot/stream');
    const games = new Map<string, string>();
    while (games.size < 2) {
      const line = (await events.next(60_000)) as HostLine | null;
      if (line === null) throw new Error('the event stream ended');
      if (line.type !== 'start') continue;
      const played = await playThroughApi(server.url, bot.token, line.table, line.table);
      expect(played.at(-1)?.type).toBe('end');
      games.set(line.table, line.game);
    }
    events.close();
    expect([...games.values()].sort()).toEqual(['knights', 'tribes']);

    let view: LadderView;
    do {
      await new Promise((r) => setTimeout(r, 50));
      view = (await get<LadderView>(server.url, '/api/ladder')).body;
    } while (![...games.keys()].every((t) => view.recent.some((g) => g.table === t)));
    for (const pool of ['knights', 'tribes-3'] as const) {
      const me = view.pools.find((p) => p.pool === pool)?.players.find((p) => p.kind === 'account');
      expect(me).toMatchObject({ name: 'Ladder Bot', games: expect.any(Number) });
      expect(me!.games).toBeGreaterThanOrEqual(1);
    }
    for (const table of games.keys()) {
      const game = view.recent.find((g) => g.table === table)!;
      expect(game.players.some((p) => p.name === 'Ladder Bot')).toBe(true);
      const record = await get<{ moves: string[] }>(server.url, game.record);
      expect(record.status).toBe(200);
      expect(record.body.moves.length).toBeGreaterThan(0);
    }

    const left = await bearer(server.url, bot.token, 'POST', '/api/bot/ladder', { join: false });
    expect(left).toMatchObject({ status: 200, body: { joined: false, since: null } });
  }, 120_000);
});
