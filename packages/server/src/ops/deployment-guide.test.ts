/**
 * The deployment guide (docs/deployment.md) run on this machine with its own files: deploy/systemd/
 * attila@.service, deploy/attila.env.example and deploy/nginx/attila.conf.
 *
 * What it proves: two `attila serve` processes started with the unit's own ExecStart= (its words, its
 * specifiers %i and %H, its Environment= and an environment file with every variable the unit names, in its
 * WorkingDirectory=), on a PostgreSQL cluster and a Redis of the test's own, serve behind nginx running the
 * guide's site configuration with TLS (a certificate made here by openssl, verified by the clients): the
 * app's page, an API call, and a game over WebSockets from a page's Origin (a move acknowledged, the other
 * seat told), the requests spread over both processes (no sticky sessions), port 80 redirected to HTTPS,
 * and the unit's KillSignal= stopping each process cleanly within its TimeoutStopSec=. A wrong path or
 * option in the unit, a variable missing from the example environment file, or a proxy setting that breaks
 * TLS, the upgrade or the Origin check fails it. `systemd-analyze verify` checks the unit's syntax.
 *
 * What it cannot prove (no systemd as PID 1 here, no root paths touched): that systemd starts the unit at
 * boot in the right order (After=, Wants=, WantedBy=), runs it as User=attila under its sandboxing
 * (NoNewPrivileges=, PrivateTmp=, ProtectSystem=), restarts it on failure, or reads /etc/attila/env: the
 * test maps WorkingDirectory=/srv/attila to this checkout and /etc/attila/env to a file of its own. The
 * proxy runs with the test's ports, server_name unchanged, and its certificate instead of Let's Encrypt's.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { hostname, tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse, SeatGrant } from '@attila/protocol';
import { TestClient } from '../test-support/client.js';
import { nginxAvailable, nginxFolder, startNginx, type OwnNginx } from '../test-support/nginx.js';
import {
  freePort,
  postgresAvailable,
  redisAvailable,
  startPostgres,
  startRedis,
  type OwnPostgres,
  type OwnRedis,
} from '../test-support/own-services.js';
import { localCertificate } from '../test-support/push-service.js';
import { skipWithout } from '../test-support/skip-without.js';
import {
  commandLine,
  parseEnvironmentFile,
  readUnit,
  setting,
  settings,
  specifiers,
  variablesOf,
  words,
} from '../test-support/systemd-unit.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const UNIT_FILE = join(ROOT, 'deploy/systemd/attila@.service');
const ENV_EXAMPLE = join(ROOT, 'deploy/attila.env.example');
const SITE_FILE = join(ROOT, 'deploy/nginx/attila.conf');
/** Where the guide installs the release and the environment file; the test maps them to its own. */
const INSTALL_ROOT = '/srv/attila';
const ENV_PATH = '/etc/attila/env';
const METRICS_TOKEN = 'a test token of the deployment guide';

const systemdAnalyze = spawnSync('systemd-analyze', ['--version']).status === 0;
const up = postgresAvailable && redisAvailable && nginxAvailable;

interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
}

/** One HTTP(S) request; `ca` is the only certificate trusted (so the proxy's TLS is verified). */
function fetchText(
  url: string,
  o: { method?: string; body?: unknown; headers?: Record<string, string>; ca?: string } = {},
): Promise<Reply> {
  const send = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const headers = { ...o.headers, ...(o.body === undefined ? {} : { 'content-type': 'application/json' }) };
    const req = send(url, { method: o.method ?? 'GET', headers, ca: o.ca, agent: false }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(o.body === undefined ? undefined : JSON.stringify(o.body));
  });
}

/** One `attila serve` started the way the unit says, as the instance `attila@<port>`. */
interface UnitProcess {
  readonly port: number;
  readonly child: ChildProcess;
  readonly output: () => string;
}

const unit = readUnit(UNIT_FILE);

/** The environment systemd would give the process: the file's, then Environment= (which wins), a PATH. */
function unitEnvironment(envFile: string): Record<string, string> {
  expect(setting(unit, 'Service', 'EnvironmentFile')).toBe(ENV_PATH);
  const env: Record<string, string> = {
    PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    HOME: tmpdir(),
    XDG_DATA_HOME: join(tmpdir(), 'attila-deployment-data'),
    ...parseEnvironmentFile(readFileSync(envFile, 'utf8')),
  };
  for (const line of settings(unit, 'Service', 'Environment')) {
    for (const pair of words(line)) {
      const eq = pair.indexOf('=');
      if (eq <= 0) throw new Error(`Environment= takes KEY=VALUE words, not "${pair}"`);
      env[pair.slice(0, eq)] = pair.slice(eq + 1);
    }
  }
  return env;
}

async function startFromUnit(port: number, envFile: string): Promise<UnitProcess> {
  const name = `attila@${port}.service`;
  const cwd = specifiers(setting(unit, 'Service', 'WorkingDirectory'), name, String(port));
  expect(cwd, 'the guide installs the release in /srv/attila').toBe(INSTALL_ROOT);
  const argv = commandLine(specifiers(setting(unit, 'Service', 'ExecStart'), name, String(port)), {
    ...unitEnvironment(envFile),
  });
  expect(isAbsolute(argv[0]), `ExecStart= runs ${argv[0]}: systemd wants an absolute path`).toBe(true);
  const child = spawn(argv[0], argv.slice(1), {
    cwd: ROOT,
    env: unitEnvironment(envFile),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const started = { port, child, output: () => output };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${argv.join(' ')} exited with ${child.exitCode}:\n${output.slice(-2000)}`);
    const health = await fetchText(`http://127.0.0.1:${port}/health`).catch(() => null);
    if (health?.status === 200) return started;
    if (Date.now() > deadline) throw new Error(`${name} did not answer /health:\n${output.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The guide's site configuration with the test's ports and certificate: every other line as written. */
function siteForTest(o: { upstreams: number[]; http: number; https: number; cert: string; key: string }) {
  let site = readFileSync(SITE_FILE, 'utf8');
  const swap = (pattern: RegExp, times: number, by: (i: number) => string) => {
    let i = 0;
    site = site.replace(pattern, () => by(i++));
    expect(i, `${pattern} in deploy/nginx/attila.conf`).toBe(times);
  };
  swap(/server 127\.0\.0\.1:\d+;/g, 2, (i) => `server 127.0.0.1:${o.upstreams[i]};`);
  swap(/listen 80;/g, 1, () => `listen 127.0.0.1:${o.http};`);
  swap(/listen 443 ssl http2;/g, 1, () => `listen 127.0.0.1:${o.https} ssl http2;`);
  swap(/ssl_certificate +\S+;/g, 1, () => `ssl_certificate ${o.cert};`);
  swap(/ssl_certificate_key +\S+;/g, 1, () => `ssl_certificate_key ${o.key};`);
  return site;
}

let postgres: OwnPostgres | null = null;
let redis: OwnRedis | null = null;
let nginx: OwnNginx | null = null;
const processes: UnitProcess[] = [];
const folders: string[] = [];

/** A temporary folder of the test's, removed at the end. */
function folder(): string {
  const dir = nginxFolder();
  folders.push(dir);
  return dir;
}

afterAll(async () => {
  for (const p of processes) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  await nginx?.close();
  await redis?.close();
  await postgres?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('the deployment guide, started locally', () => {
  it.skipIf(skipWithout(systemdAnalyze, 'systemd-analyze (Debian package systemd)'))(
    'the unit passes systemd-analyze verify',
    () => {
      const dir = folder();
      const copy = join(dir, 'attila@.service');
      writeFileSync(copy, readFileSync(UNIT_FILE));
      const r = spawnSync('systemd-analyze', ['verify', '--man=no', `${dir}/attila@8081.service`], {
        encoding: 'utf8',
        cwd: dir,
      });
      expect(`${r.status} ${r.stderr}`).toBe('0 ');
    },
  );

  it('the example environment file sets every variable the unit names', () => {
    const example = parseEnvironmentFile(readFileSync(ENV_EXAMPLE, 'utf8'));
    const named = variablesOf(setting(unit, 'Service', 'ExecStart'));
    expect(named.filter((v) => !(v in example))).toEqual([]);
  });

  describe('two processes behind nginx with TLS, PostgreSQL and Redis', () => {
    let ca = '';
    let site = '';
    const ports = { http: 0, https: 0 };
    beforeAll(async () => {
      if (!up) return;
      [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
      const [one, two, http, https] = [
        await freePort(),
        await freePort(),
        await freePort(),
        await freePort(),
      ];
      const dir = folder();
      // The environment file as an operator fills in deploy/attila.env.example, for this machine.
      const envFile = join(dir, 'env');
      writeFileSync(
        envFile,
        [
          `ATTILA_POSTGRES_URL=${postgres.url}`,
          `ATTILA_REDIS_URL=${redis.url}`,
          `ATTILA_METRICS_TOKEN=${METRICS_TOKEN}`,
          // No background work the test does not look at: the tablebase build takes CPU minutes.
          'ATTILA_OPTIONS=--tablebase off --ladder off --log-level warn',
          '',
        ].join('\n'),
      );
      for (const port of [one, two]) processes.push(await startFromUnit(port, envFile));
      const tls = localCertificate();
      ca = tls.cert;
      writeFileSync(join(dir, 'key.pem'), tls.key);
      site = `https://127.0.0.1:${https}`;
      nginx = await startNginx(
        dir,
        siteForTest({ upstreams: [one, two], http, https, cert: tls.certFile, key: join(dir, 'key.pem') }),
        [http, https],
      );
      Object.assign(ports, { http, https });
    }, 60_000);

    it.skipIf(skipWithout(up, 'PostgreSQL, Redis and nginx (initdb, redis-server, Debian package nginx)'))(
      "serves the app's page, the API and a game over HTTPS, spread over both processes, and stops cleanly",
      { timeout: 40_000 },
      async () => {
        // The app's page: what a process serves at /, through TLS verified against the test's certificate.
        const page = await fetchText(`${site}/`, { ca });
        const direct = await fetchText(`http://127.0.0.1:${processes[0].port}/`);
        expect(page.status).toBe(200);
        expect(page.text).toBe(direct.text);
        expect(page.text.length).toBeGreaterThan(0);
        expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
        // Port 80 sends browsers to HTTPS.
        const plain = await fetchText(`http://127.0.0.1:${ports.http}/tables`);
        expect(plain.status).toBe(301);
        expect(plain.headers.location).toBe('https://127.0.0.1/tables');

        // The API: a table made and joined through the proxy.
        const made = await fetchText(`${site}/api/tables`, {
          ca,
          method: 'POST',
          body: { game: 'knights', seats: [{ type: 'human' }, { type: 'human' }], name: 'Aetius' },
        });
        expect(made.status, made.text).toBe(201);
        const table = JSON.parse(made.text) as CreateTableResponse;
        const joined = await fetchText(`${site}/api/tables/${table.table.id}/join`, {
          ca,
          method: 'POST',
          body: { name: 'Attila' },
        });
        expect(joined.status, joined.text).toBe(200);
        const grant = JSON.parse(joined.text) as SeatGrant;

        // Any routing: requests through the proxy reach both processes (each names itself %H-%i).
        const seen = new Set<string>();
        for (let i = 0; i < 4; i++) {
          const m = await fetchText(`${site}/metrics`, {
            ca,
            headers: { authorization: `Bearer ${METRICS_TOKEN}` },
          });
          expect(m.status).toBe(200);
          for (const [, name] of m.text.matchAll(/process="([^"]+)"/g)) seen.add(name);
        }
        expect([...seen].sort()).toEqual(processes.map((p) => `${hostname()}-${p.port}`).sort());

        // A game over wss: two seats' sockets from the site's page (its Origin, as a browser sends).
        const sockets = await Promise.all(
          [
            { seat: table.seat!, token: table.token! },
            { seat: grant.seat, token: grant.token },
          ].map(async (s) => {
            const c = await TestClient.connectWith(site, { ca, headers: { origin: site } });
            c.send({ type: 'hello', table: table.table.id, ...s });
            await c.next('welcome');
            return { ...s, c };
          }),
        );
        const snapshot = sockets[0].c.welcome().snapshot!;
        const mover = sockets.find((s) => snapshot.toAct.includes(s.seat))!;
        const other = sockets.find((s) => s !== mover)!;
        mover.c.send({ type: 'move', seq: snapshot.seq, move: snapshot.legalMoves[0], ref: 'first' });
        const ack = await mover.c.next('ack', (m) => m.ref === 'first');
        expect(ack.seq).toBe(snapshot.seq + 1);
        await other.c.next('update', (m) => m.seq === ack.seq);
        for (const s of sockets) s.c.close();

        // The unit's KillSignal= stops each process cleanly (exit 0) well within its TimeoutStopSec=.
        const signal = setting(unit, 'Service', 'KillSignal') as NodeJS.Signals;
        const stopSeconds = Number(setting(unit, 'Service', 'TimeoutStopSec'));
        for (const p of processes) {
          const exited = new Promise<number | null>((r) => p.child.once('exit', (code) => r(code)));
          const started = Date.now();
          p.child.kill(signal);
          expect(await exited, p.output().slice(-1000)).toBe(0);
          expect(Date.now() - started).toBeLessThan(stopSeconds * 1000);
        }
        expect(nginx!.errors()).not.toMatch(/\[(emerg|alert|crit)\]/);
      },
    );
  });
});
