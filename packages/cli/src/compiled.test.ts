/**
 * The `attila` command runs compiled (bin/compiled.js): it answers as the sources do, is rebuilt when a file
 * it was made from changes, and `knights solve` loads neither `zod` nor the server's libraries.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBundle, DIST, freshBundle } from '../bin/compiled.js';

const BIN = fileURLToPath(new URL('../bin/attila.js', import.meta.url));

/** Runs the command; `probe` also reports, on standard error, every package of node_modules it loads. */
function attila(args: string[], env: Record<string, string> = {}, probe = false) {
  return spawnSync(process.execPath, [...(probe ? ['--import', probeFile()] : []), BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
}

let probeDir: string | null = null;
/** A module-resolution hook that names each package of node_modules as it is loaded ("loaded zod"). */
function probeFile(): string {
  probeDir ??= mkdtempSync(join(tmpdir(), 'attila-probe-'));
  const hook = join(probeDir, 'hook.mjs');
  writeFileSync(
    hook,
    `export async function resolve(specifier, context, next) {
      const r = await next(specifier, context);
      const m = /\\/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(r.url);
      if (m) process._rawDebug('loaded ' + m[1]);
      return r;
    }`,
  );
  const register = join(probeDir, 'register.mjs');
  writeFileSync(
    register,
    `import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(hook).href)});`,
  );
  return register;
}

const loaded = (stderr: string) => new Set([...stderr.matchAll(/^loaded (\S+)$/gm)].map((m) => m[1]));

beforeAll(async () => {
  if (freshBundle() === null) await buildBundle();
}, 60_000);

describe('the compiled attila command', () => {
  it('answers knights solve and analyse exactly as the sources do', () => {
    // No tablebase (the machine's may be built or not): the table and the solver answer.
    const none = ['--tablebase', mkdtempSync(join(tmpdir(), 'attila-no-tablebase-'))];
    for (const args of [
      ['knights', 'analyse', ...none, 'R#H#H/.####/#..#./R#H#R H'],
      ['knights', 'solve', ...none, '--quick', '...../...../...../..... R'],
      ['knights', 'solve', ...none, 'R#H#H/.##../#..#./R#H#R H'],
      ['knights', 'solve', 'R..H./..#../...R./.R..H R'],
      ['knights', 'solve', 'not a position'],
    ]) {
      const compiled = attila(args);
      const sources = attila(args, { ATTILA_FROM_SOURCES: '1' });
      // The answer's own time differs from run to run.
      const strip = (s: string) => s.replace(/"ms":\d+/g, '"ms":0').replace(/\d+ ms/g, '0 ms');
      expect(strip(compiled.stdout)).toBe(strip(sources.stdout));
      expect(compiled.stderr).toBe(sources.stderr);
      expect(compiled.status).toBe(sources.status);
    }
  }, 60_000);

  it('loads neither zod nor the server for knights solve, nor the server for tournament simulate; a record-reading command loads zod', () => {
    const solve = attila(['knights', 'solve', '...../...../...../..... R'], {}, true);
    expect(solve.status).toBe(0);
    expect(JSON.parse(solve.stdout)).toMatchObject({ value: -18, source: 'table' });
    const packages = loaded(solve.stderr);
    expect(packages).toContain('commander');
    for (const heavy of ['zod', 'fastify', 'better-sqlite3', 'pg', 'ioredis', 'pino']) {
      expect(packages).not.toContain(heavy);
    }
    // `tournament simulate` pairs with the server's pure functions, without the server's libraries.
    const simulate = attila(['tournament', 'simulate', '--format', 'swiss', '--players', '4'], {}, true);
    expect(simulate.status).toBe(0);
    const simulated = loaded(simulate.stderr);
    expect(simulated).toContain('edmonds-blossom-fixed');
    for (const heavy of ['fastify', 'better-sqlite3', 'pg', 'ioredis', 'pino']) {
      expect(simulated).not.toContain(heavy);
    }
    const replay = attila(['replay', '/nonexistent/record.json'], {}, true);
    expect(replay.status).toBe(1);
    expect(loaded(replay.stderr)).toContain('zod');
  }, 60_000);

  it("starts the server's bot thread from the bundle, without the TypeScript loader", () => {
    // A thread started as `attila serve` starts it (server/src/threads.ts), in a process that loads the
    // bundle's bot thread and asks it for a Knights move; the probe lists every package it loads.
    const folder = new URL('.', pathToFileURL(freshBundle()!)).href;
    const script = `
      import { Worker } from 'node:worker_threads';
      const w = new Worker(new URL('bot-worker.js', ${JSON.stringify(folder)}), {
        workerData: { botModule: new URL('bot-module.js', ${JSON.stringify(folder)}).href },
      });
      w.on('message', (m) => { console.log(JSON.stringify(m)); w.terminate(); });
      w.postMessage({ id: 7, table: 't', game: 'knights', bot: 'easy', seat: 0, seed: 's',
        settings: { layout: 'standard', first: 'R' }, moves: [] });`;
    const file = join(mkdtempSync(join(tmpdir(), 'attila-thread-')), 'ask.mjs');
    writeFileSync(file, script);
    const run = spawnSync(process.execPath, ['--import', probeFile(), file], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ id: 7, move: expect.stringMatching(/^[a-e][1-4]$/) });
    expect(loaded(run.stderr).has('tsx')).toBe(false);
  });

  it('is out of date once a file it was made from has changed', () => {
    const fresh = freshBundle();
    expect(fresh).not.toBeNull();
    // A copy of the manifest where one source was seen at another time stands for an edit since the build.
    const copy = mkdtempSync(join(tmpdir(), 'attila-dist-'));
    cpSync(DIST, copy, { recursive: true });
    expect(freshBundle(copy)).toBe(fresh!.replace(DIST, copy));
    const manifest = JSON.parse(readFileSync(join(copy, 'manifest.json'), 'utf8')) as {
      inputs: Record<string, number>;
    };
    const [source] = Object.keys(manifest.inputs).filter((f) => f.endsWith('knights-solve.ts'));
    manifest.inputs[source] -= 1000;
    writeFileSync(join(copy, 'manifest.json'), JSON.stringify(manifest));
    expect(freshBundle(copy)).toBeNull();
  });
});
