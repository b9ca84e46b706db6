/**
 * The bot API's round trip: a bot plays Knights games against the `random` bot through HTTP (bot delay 0),
 * and the time from posting its move to the next `turn` line on its game stream is measured (it includes the
 * built-in bot's answer and the server's write of both moves).
 *
 *   npx tsx packages/server/bench/bot-api-latency.ts [--games 10]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { startServer } from '../src/server.js';
import { bearer, LineReader, newBotAccount } from '../src/test-support/bot-api-client.js';

const games = Number(process.argv[process.argv.indexOf('--games') + 1] || 10) || 10;
const server = await startServer({
  port: 0,
  dbFile: join(mkdtempSync(join(tmpdir(), 'attila-bench-')), 'bench.db'),
  botDelayMs: 0,
  botMinThinkMs: 0,
  httpRate: false,
  logger: pino({ level: 'silent' }),
});
const bot = await newBotAccount(server.url, `Bench${Date.now() % 100000}`);
const times: number[] = [];
for (let g = 0; g < games; g++) {
  const created = await bearer<{ table: { id: string } }>(server.url, bot.token, 'POST', '/api/tables', {
    game: 'knights',
    seats: [{ type: 'human' }, { type: 'bot', bot: 'random' }],
  });
  const id = created.body.table.id;
  const stream = await LineReader.open(server.url, bot.token, `/api/bot/game/${id}/stream`);
  let sent: number | null = null;
  for (;;) {
    const line = await stream.next();
    if (!line || line.type === 'end') break;
    if (line.type !== 'turn') continue;
    if (sent !== null) times.push(performance.now() - sent);
    sent = performance.now();
    await bearer(server.url, bot.token, 'POST', `/api/bot/game/${id}/move`, {
      seq: line.seq,
      move: line.legal[0],
    });
  }
  stream.close();
}
await server.close();
times.sort((a, b) => a - b);
const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
console.log(
  `${games} games, ${times.length} round trips: p50 ${q(0.5)} ms, p90 ${q(0.9)} ms, max ${q(1)} ms`,
);
