import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse, SeatGrant } from '@attila/protocol';
import { type RunningServer } from './server.js';
import { get, post } from './test-support/http.js';
import { startTestServer } from './test-support/test-server.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const knights = { game: 'knights', seats: [{ type: 'human' }, { type: 'human' }] };

describe('display names at the server’s edge', { timeout: 30_000 }, () => {
  it('are stored in NFC: a decomposed name joins as its composed form', async () => {
    const created = await post<CreateTableResponse>(server.url, '/api/tables', {
      ...knights,
      name: 'Re\u0301mi',
    });
    expect(created.status).toBe(201);
    expect(created.body.table.seats[0].name).toBe('R\u00e9mi');
    const joined = await post<SeatGrant>(server.url, `/api/tables/${created.body.table.id}/join`, {
      name: ' Zoe\u0308 ',
    });
    expect(joined.body.table.seats[1].name).toBe('Zo\u00eb');
  });

  it('with a bidi override, a zero-width space or a C1 control: 400 request.invalid, nothing created or joined', async () => {
    const before = (await get<{ tables: unknown[] }>(server.url, '/api/tables')).body.tables.length;
    for (const name of ['Ann\u202Eevil', 'An\u200Bn', 'Ann\u0085', 'A\u200Dnn']) {
      const r = await post(server.url, '/api/tables', { ...knights, name });
      expect(r).toMatchObject({
        status: 400,
        body: { error: { code: 'request.invalid', message: expect.stringMatching(/U\+[0-9A-F]{4}/) } },
      });
    }
    const open = await post<CreateTableResponse>(server.url, '/api/tables', knights);
    const id = open.body.table.id;
    const refused = await post(server.url, `/api/tables/${id}/join`, { name: '\u202EAnn' });
    expect(refused).toMatchObject({ status: 400, body: { error: { code: 'request.invalid' } } });
    const after = await get<{ table: { seats: { name: string | null }[] } }>(server.url, `/api/tables/${id}`);
    expect(after.body.table.seats.map((s) => s.name)).toEqual([null, null]);
    expect((await get<{ tables: unknown[] }>(server.url, '/api/tables')).body.tables.length).toBe(before + 1);
  });

  it('a bot’s name (any case, with "bot" around it) is refused for a person: 400 name.bot', async () => {
    for (const name of ['perfect', 'Greedy', 'Hard Bot', 'the-medium-bot', 'Bot']) {
      expect(await post(server.url, '/api/tables', { ...knights, name })).toMatchObject({
        status: 400,
        body: { error: { code: 'name.bot', message: expect.stringContaining('bot') } },
      });
    }
    const open = await post<CreateTableResponse>(server.url, '/api/tables', knights);
    expect(await post(server.url, `/api/tables/${open.body.table.id}/join`, { name: 'EASY' })).toMatchObject({
      status: 400,
      body: { error: { code: 'name.bot' } },
    });
    // Bot seats still carry their bot's name.
    const withBot = await post<CreateTableResponse>(server.url, '/api/tables', {
      game: 'knights',
      seats: [{ type: 'human' }, { type: 'bot', bot: 'perfect' }],
      name: 'Robert',
    });
    expect(withBot.body.table.seats.map((s) => s.name)).toEqual(['Robert', 'perfect']);
  });
});
