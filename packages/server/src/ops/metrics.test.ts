import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse } from '@attila/protocol';
import type { RunningServer } from '../server.js';
import { post } from '../test-support/http.js';
import { playRandomly, seatClients } from '../test-support/play.js';
import { seatedKnights } from '../test-support/knights-table.js';
import { startTestServer } from '../test-support/test-server.js';

const TOKEN = 'scrape-me-0123456789abcdef';

/** The value of one series in Prometheus's text (0 when it is not there yet). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

async function scrape(url: string, token = TOKEN): Promise<Response> {
  return fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
}

describe('operator metrics', { timeout: 60_000 }, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer({ metricsToken: TOKEN, processName: 'ops-test' });
  });
  afterAll(() => server.close());

  it('counters move when a Knights game is played over the real sockets, labelled by game and process', async () => {
    const before = await (await scrape(server.url)).text();
    const { players } = await seatedKnights(server.url);
    const during = await (await scrape(server.url)).text();
    expect(sample(during, 'attila_open_sockets', { process: 'ops-test' })).toBe(2);
    // A move out of turn is refused and counted by its code.
    players[1].client.send({ type: 'move', seq: 0, move: 'nonsense' });
    const moves = await playRandomly(players, 'metrics');
    for (const p of players) p.client.close();
    const after = await (await scrape(server.url)).text();
    const person = { game: 'knights', by: 'person', process: 'ops-test' };
    expect(sample(after, 'attila_moves_total', person) - sample(before, 'attila_moves_total', person)).toBe(
      moves,
    );
    expect(sample(after, 'attila_games_started_total', { game: 'knights' })).toBe(
      sample(before, 'attila_games_started_total', { game: 'knights' }) + 1,
    );
    expect(sample(after, 'attila_games_finished_total', { game: 'knights' })).toBe(
      sample(before, 'attila_games_finished_total', { game: 'knights' }) + 1,
    );
    // The join and every move were each stored and published once.
    expect(sample(after, 'attila_storage_write_seconds_count')).toBeGreaterThanOrEqual(moves + 1);
    expect(sample(after, 'attila_broadcast_seconds_count')).toBeGreaterThanOrEqual(moves + 1);
    expect(after).toMatch(/attila_refusals_total\{code="[a-z.-]+",process="ops-test"\} [1-9]/);
    // /health still shows its plain counters (not the metrics object).
    const health = (await (await fetch(`${server.url}/health`)).json()) as Record<string, unknown>;
    expect(health.moves).toBe(sample(after, 'attila_moves_total', person));
    expect(health).not.toHaveProperty('observer');
  });

  it("a bot's think time is measured per game, and its moves counted as a bot's", async () => {
    const created = await post<CreateTableResponse>(server.url, '/api/tables', {
      game: 'knights',
      settings: {},
      seats: [{ type: 'human' }, { type: 'bot', bot: 'greedy' }],
      name: 'Aetius',
      listed: false,
    });
    const [me] = await seatClients(server.url, created.body.table.id, [
      { seat: 0, token: created.body.token as string },
    ]);
    await playRandomly([me], 'metrics-bot');
    me.client.close();
    const text = await (await scrape(server.url)).text();
    const thinks = sample(text, 'attila_bot_think_seconds_count', { game: 'knights' });
    expect(thinks).toBeGreaterThan(0);
    expect(sample(text, 'attila_moves_total', { game: 'knights', by: 'bot' })).toBe(thinks);
  });

  it('is refused without the token, with a wrong one, and with the token not as a bearer', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    const wrong = await scrape(server.url, `${TOKEN}x`);
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('metrics.token');
    const bare = await fetch(`${server.url}/metrics`, { headers: { authorization: TOKEN } });
    expect(bare.status).toBe(401);
    expect(await bare.text()).not.toContain('attila_moves_total');
  });
});

describe('operator metrics off (the default)', () => {
  it('there is no metrics route and nothing is measured', async () => {
    const server = await startTestServer();
    try {
      const r = await scrape(server.url);
      expect(await r.text()).not.toContain('attila_moves_total');
    } finally {
      await server.close();
    }
  });
});
