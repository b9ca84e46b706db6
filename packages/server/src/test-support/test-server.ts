/**
 * The server as most tests want it: any free port, a fresh SQLite file (unless PostgreSQL is given), bots that
 * answer at once (no delay, no padded think time: a test of those passes its own), no log output.
 */
import pino from 'pino';
import { startServer, type RunningServer, type ServerOptions } from '../server.js';
import { tempDb } from './http.js';

export const QUIET_SERVER = {
  port: 0,
  botDelayMs: 0,
  botMinThinkMs: 0,
  logger: pino({ level: 'silent' }),
} as const satisfies ServerOptions;

export function startTestServer(options: ServerOptions = {}): Promise<RunningServer> {
  return startServer({ ...QUIET_SERVER, ...(options.postgres ? {} : { dbFile: tempDb() }), ...options });
}
