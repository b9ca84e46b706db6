/** The real server as a child process (`attila serve`), for tests that kill it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface ChildServer {
  readonly url: string;
  readonly process: ChildProcess;
}

const BIN = fileURLToPath(new URL('../../../cli/bin/attila.js', import.meta.url));

/** `nodeArgs`: options for the child's `node` itself (`--cpu-prof`, ...). */
export function startChild(db: string, extra: string[] = [], nodeArgs: string[] = []): Promise<ChildServer> {
  return spawnServer([
    ...nodeArgs,
    BIN,
    'serve',
    '--port',
    '0',
    '--db',
    db,
    '--log-level',
    'warn',
    '--bot-min-think',
    '0',
    // The ladder plays only where a test asks for it (`--ladder on` in `extra`).
    '--ladder',
    'off',
    // Nor does a test build the knights tablebase (minutes of CPU) unless it asks.
    '--tablebase',
    'off',
    ...extra,
  ]);
}

/** Node running `args` (a server that prints `listening on URL` once ready); `output()`: all it printed. */
export async function spawnServer(args: string[]): Promise<ChildServer & { output(): string }> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 30_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return { url, process: child, output: () => out };
}

export function kill(server: ChildServer, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  return new Promise((resolve) => {
    if (server.process.exitCode !== null || server.process.signalCode !== null) return resolve();
    server.process.once('exit', () => resolve());
    server.process.kill(signal);
  });
}
