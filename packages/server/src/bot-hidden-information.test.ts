/**
 * Hidden information never leaks to a bot account (Tribes, 4 seats, hidden hands): three bot accounts sit
 * at seats 1, 2 and 3 of a person's table through the bot API and play it to the end over real HTTP
 * streams. Every `turn` line a bot gets is checked against the engine replayed from the table's record:
 * its seat, the view of exactly that seat (never seat 0's, nor another bot's), and that seat's legal moves.
 * (Written after a bot account was shown two seats' hands at one table: seating.ts now refuses that.)
 */
import { playRecordedMoves, unwrap } from '@attila/core';
import type { CreateTableResponse } from '@attila/protocol';
import type { HostLine } from '@attila/protocol/bot-lines';
import { tribesGame, type TribesState } from '@attila/tribes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from './server.js';
import { bearer, newBotAccount, playThroughApi } from './test-support/bot-api-client.js';
import { get } from './test-support/http.js';
import { playRandomly, seatClients } from './test-support/play.js';
import { startTestServer } from './test-support/test-server.js';
import { Visitor } from './test-support/visitor.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ httpRate: false });
});
afterAll(() => server.close());

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

async function statesOf(id: string): Promise<TribesState[]> {
  const record = await get<{ settings: unknown; seed: string; moves: string[] }>(
    server.url,
    `/api/tables/${id}/record`,
  );
  expect(record.status).toBe(200);
  const settings = unwrap(tribesGame.parseSettings(record.body.settings));
  const start = unwrap(tribesGame.setup(settings, record.body.seed));
  const { played } = unwrap(playRecordedMoves(tribesGame, start, record.body.moves));
  return [start, ...played.map((p) => p.state)];
}

describe('hidden information over the bot API (Tribes, 4 seats)', { timeout: 120_000 }, () => {
  it('bot accounts at seats 1, 2 and 3 are each shown only their own seat: its view and legal moves', async () => {
    const ann = new Visitor(server.url);
    await ann.post('/api/me/guest', {});
    const created = await ann.post<CreateTableResponse>('/api/tables', {
      game: 'tribes',
      settings: { players: 4 },
      seats: Array(4).fill({ type: 'human' }),
      name: 'Ann',
    });
    expect(created.status).toBe(201);
    const id = created.body.table.id;
    const bots = await Promise.all(
      [1, 2, 3].map((k) => newBotAccount(server.url, `Hid${process.pid % 1000}b${k}`)),
    );
    for (const [i, bot] of bots.entries()) {
      const joined = await bearer(server.url, bot.token, 'POST', `/api/tables/${id}/join`, {
        name: 'x',
        seat: i + 1,
      });
      expect(joined.status).toBe(200);
    }
    const [person] = await seatClients(server.url, id, [
      { seat: created.body.seat ?? 0, token: created.body.token ?? '' },
    ]);
    const [lines] = await Promise.all([
      Promise.all(bots.map((bot, i) => playThroughApi(server.url, bot.token, id, `hidden-bot-${i}`))),
      playRandomly([person], 'hidden-person', 20_000, 90_000),
    ]);
    person.client.close();
    const states = await statesOf(id);

    for (const [i, botLines] of lines.entries()) {
      const seat = i + 1;
      const turns = botLines.filter((l): l is Extract<HostLine, { type: 'turn' }> => l.type === 'turn');
      expect(turns.length, `seat ${seat}: turns`).toBeGreaterThan(5);
      expect(botLines.at(-1)?.type, `seat ${seat}: the game's end is told`).toBe('end');
      for (const t of turns) {
        const where = `seat ${seat}, turn at seq ${t.seq}`;
        const state = states[t.seq];
        expect(t.seat, where).toBe(seat);
        expect(t.view, `${where}: not seat 0's view`).not.toEqual(plain(tribesGame.view(state, { seat: 0 })));
        expect(t.view, `${where}: its own view`).toEqual(plain(tribesGame.view(state, { seat })));
        expect(t.legal, `${where}: its own moves`).toEqual(tribesGame.legalMoves(state, seat));
      }
    }
  });
});
