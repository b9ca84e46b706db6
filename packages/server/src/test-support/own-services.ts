/**
 * A Redis and a PostgreSQL of the test's own, on free ports, that the test may stop, restart and cut:
 * never the machine's shared services. PostgreSQL is a fresh cluster made with `initdb` in a temporary
 * directory (run as the `postgres` user when this process is root, as PostgreSQL refuses root).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}

// ---------------------------------------------------------------- Redis

/** Whether a Redis answers PING on `port`. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      resolve(d.toString().startsWith('+PONG'));
      socket.destroy();
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      resolve(false);
      socket.destroy();
    });
  });
}

export interface OwnRedis {
  readonly url: string;
  /** Stops the server (SIGKILL: clients see the connection drop at once, as in a crash). */
  stop(): Promise<void>;
  /** Starts it again on the same port (empty: nothing is kept). */
  start(): Promise<void>;
  close(): Promise<void>;
}

export const redisAvailable = spawnSync('redis-server', ['--version']).status === 0;

export async function startRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--loglevel',
        'warning',
      ],
      { stdio: 'ignore' },
    );
    for (let i = 0; i < 200; i++) {
      if (await answers(port)) return;
      await sleep(25);
    }
    throw new Error(`redis-server did not start on port ${port}`);
  };
  const stop = async () => {
    const c = child;
    child = null;
    if (!c) return;
    c.kill('SIGKILL');
    await exited(c);
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop, close: stop };
}

// ---------------------------------------------------------------- PostgreSQL

export interface OwnPostgres {
  /** A connection string to its `postgres` database (the servers make schemas of their own in it). */
  readonly url: string;
  /** Ends every connection of the servers under test but this one's (pg_terminate_backend); how many. */
  terminateConnections(): Promise<number>;
  /** Stops the cluster (fast shutdown: connections are ended) and starts it again on the same port. */
  restart(downMs?: number): Promise<void>;
  close(): Promise<void>;
}

export function pgBin(name: string): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  for (const version of readdirSync(root).sort().reverse()) {
    const bin = join(root, version, 'bin', name);
    if (existsSync(bin)) return bin;
  }
  return null;
}

export const postgresAvailable = pgBin('initdb') !== null && pgBin('pg_ctl') !== null;

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program, as the `postgres` user when we are root. */
function runPg(name: string, args: string[]): void {
  const bin = pgBin(name);
  if (!bin) throw new Error(`${name} not found under /usr/lib/postgresql`);
  const r = asRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', bin, ...args], { encoding: 'utf8' })
    : spawnSync(bin, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${name} ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
}

export async function startPostgres(): Promise<OwnPostgres> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'attila-pg-'));
  const data = join(dir, 'data');
  if (asRoot) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim();
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim();
    chownSync(dir, Number(ids), Number(gid));
  }
  runPg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const start = () => runPg('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  const stop = () => runPg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const sql = async <T>(text: string): Promise<T[]> => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query(text)).rows as T[];
    } finally {
      await c.end();
    }
  };
  return {
    url,
    async terminateConnections() {
      const rows = await sql<{ ended: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
         WHERE datname = 'postgres' AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      return rows.filter((r) => r.ended).length;
    },
    async restart(downMs = 0) {
      stop();
      if (downMs) await sleep(downMs);
      start();
    },
    async close() {
      try {
        stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
