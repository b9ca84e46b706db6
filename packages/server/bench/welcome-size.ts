/**
 * How big a welcome is once it carries a whole game's log (`hello` with `since: 0`, issue 18 defect 6):
 * a 3-seat Tribes game of bots played to its end on a fresh SQLite file, then a spectator's welcome.
 * `npx tsx packages/server/bench/welcome-size.ts [--games 3]`
 */
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import pino from 'pino';
import WebSocket from 'ws';
import type { CreateTableResponse, TableInfo } from '@attila/protocol';
import { startServer } from '../src/server.js';
import { get, post, tempDb } from '../src/test-support/http.js';

const { values } = parseArgs({ options: { games: { type: 'string', default: '3' } } });
const server = await startServer({
  port: 0,
  dbFile: tempDb(),
  botDelayMs: 0,
  botMinThinkMs: 0,
  logger: pino({ level: 'silent' }),
});

function welcome(id: string, since: number | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(server.url.replace('http', 'ws') + '/ws');
    ws.on('open', () =>
      ws.send(JSON.stringify({ type: 'hello', table: id, ...(since === undefined ? {} : { since }) })),
    );
    ws.on('message', (data) => {
      const text = String(data);
      if (text.includes('"type":"welcome"')) {
        ws.close();
        resolve(text);
      }
    });
    ws.on('error', reject);
  });
}

for (let g = 0; g < Number(values.games); g++) {
  const created = await post<CreateTableResponse>(server.url, '/api/tables', {
    game: 'tribes',
    settings: { players: 3 },
    seats: [
      { type: 'bot', bot: 'random' },
      { type: 'bot', bot: 'random' },
      { type: 'bot', bot: 'random' },
    ],
  });
  const id = created.body.table.id;
  let info: TableInfo = created.body.table;
  while (info.status !== 'finished') {
    await new Promise((r) => setTimeout(r, 100));
    info = (await get<{ table: TableInfo }>(server.url, `/api/tables/${id}`)).body.table;
  }
  const full = await welcome(id, 0);
  const bare = await welcome(id, undefined);
  const t0 = performance.now();
  for (let i = 0; i < 20; i++) await welcome(id, 0);
  const ms = (performance.now() - t0) / 20;
  console.log(
    `${info.seq} moves: welcome with the whole log ${(full.length / 1024).toFixed(1)} KiB (${(gzipSync(full).length / 1024).toFixed(1)} KiB gzip), without ${(bare.length / 1024).toFixed(1)} KiB; ${ms.toFixed(1)} ms per hello→welcome`,
  );
}
await server.close();
