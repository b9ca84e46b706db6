/**
 * An nginx of the test's own (Debian's package: scripts/install-system-deps.sh installs it): a main
 * configuration written in a temporary folder around a site configuration the test gives (as Debian's
 * nginx.conf includes /etc/nginx/conf.d/*.conf inside its http block), started in the foreground with its
 * pid file, logs and temporary files in that folder, never the machine's /etc/nginx or port 80.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const NGINX = '/usr/sbin/nginx';

export const nginxAvailable = spawnSync(NGINX, ['-v']).status === 0;

export interface OwnNginx {
  /** The folder of its configuration, logs and whatever the test puts beside them (certificates). */
  readonly dir: string;
  /** What nginx wrote to its error log so far. */
  errors(): string;
  close(): Promise<void>;
}

/** A folder for an nginx and its files, readable by its workers (which run as `nobody` under root). */
export function nginxFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'attila-nginx-'));
  chmodSync(dir, 0o755);
  return dir;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/**
 * Checks (`nginx -t`) and starts nginx with `site` inside its http block, in `dir` (nginxFolder()); resolves
 * once every port of `ports` accepts connections. A configuration nginx refuses throws with nginx's words.
 */
export async function startNginx(dir: string, site: string, ports: readonly number[]): Promise<OwnNginx> {
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, temp), { recursive: true });
    chmodSync(join(dir, temp), 0o777);
  }
  writeFileSync(join(dir, 'site.conf'), site);
  const log = join(dir, 'error.log');
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${log} warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  access_log off;',
      ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (t) => `  ${t === 'body' ? 'client_body' : t}_temp_path ${join(dir, t)};`,
      ),
      `  include ${join(dir, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', dir, '-e', log, '-c', join(dir, 'nginx.conf')];
  const check = spawnSync(NGINX, [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refused the configuration: ${check.stderr}`);
  const child: ChildProcess = spawn(NGINX, [...args, '-g', 'daemon off;'], { stdio: 'ignore' });
  const errors = () => {
    try {
      return readFileSync(log, 'utf8');
    } catch {
      return '';
    }
  };
  const deadline = Date.now() + 10_000;
  for (const port of ports) {
    while (!(await accepts(port))) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`nginx did not listen on ${port}: ${errors()}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  return {
    dir,
    errors,
    async close() {
      if (child.exitCode === null) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
