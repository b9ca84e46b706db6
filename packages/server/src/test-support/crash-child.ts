/**
 * A server process that kills itself (SIGKILL) right after writing its first table, for tests that need a
 * real crash at that point: `node --import tsx crash-child.ts DB [--no-crash]`. It prints the table's id
 * before dying (`killed after writing table ID`), and `attila server listening on URL` once ready, as the
 * real command does. Short pool times, so a restarted server pairs those still waiting at once.
 */
import { writeSync } from 'node:fs';
import pino from 'pino';
import { startServer } from '../server.js';
import { SqliteStorage } from '../storage/sqlite.js';
import { crashOnceAfterTableWrite } from './crash-once.js';

const [db, flag] = process.argv.slice(2);
const real = new SqliteStorage(db);
const storage =
  flag === '--no-crash'
    ? real
    : crashOnceAfterTableWrite(real, (id) => {
        writeSync(1, `killed after writing table ${id}\n`);
        process.kill(process.pid, 'SIGKILL');
      }).storage;
const server = await startServer({
  port: 0,
  storage,
  logger: pino({ level: 'silent' }),
  botDelayMs: 0,
  botMinThinkMs: 0,
  httpRate: false,
  pools: { tickMs: 200, touchMs: 500, aliveMs: 60_000 },
});
writeSync(1, `attila server listening on ${server.url}\n`);
