// The `attila` command compiled to plain JavaScript, so that a command starts without the TypeScript loader
// (about 0.8 s of start-up on the shared machine, more than `knights solve` needs in all). esbuild (tsx's own
// compiler, so always installed beside it) bundles the workspace's sources into a folder of chunks, one per
// command and their shared parts, each loaded when first needed; npm's packages stay in node_modules. Built
// on `npm install` / `npm ci` (the root `prepare` script) and again by the command itself whenever a file it
// was made from has changed since; `attila.js` runs the sources through tsx when it cannot build.
//
// Plain JavaScript, not TypeScript: it runs before any TypeScript can.
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = dirname(dirname(fileURLToPath(import.meta.url)));
const ROOT = join(CLI, '..', '..');
export const DIST = join(CLI, 'dist');
const MANIFEST = join(DIST, 'manifest.json');
const ENTRY = join(CLI, 'src', 'main.ts');
const OWN = Symbol('resolved by the attila plugin');
const KEEP_BUILDS = 3;

/** Files whose change outdates the bundle besides its sources: how it is built and how packages resolve. */
function buildFiles() {
  const packages = readdirSync(join(ROOT, 'packages')).map((p) => join(ROOT, 'packages', p, 'package.json'));
  return [fileURLToPath(import.meta.url), ...packages.filter((f) => exists(f))];
}

function exists(file) {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * The bundle's file when it is there and no file it was made from changed since (one `stat` per source file,
 * a few milliseconds), else null. `dist`: the folder of the bundle and its manifest.
 */
export function freshBundle(dist = DIST) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8'));
  } catch {
    return null;
  }
  for (const [file, mtime] of Object.entries(manifest.inputs)) {
    let now;
    try {
      now = statSync(join(CLI, file)).mtimeMs;
    } catch {
      return null;
    }
    if (now !== mtime) return null;
  }
  const bundle = join(dist, manifest.bundle);
  return exists(bundle) ? bundle : null;
}

/**
 * Builds the bundle and returns its file. Safe when several processes build at once (each writes its own
 * files, then renames them into place; the manifest, renamed last, names a complete bundle).
 */
export async function buildBundle() {
  const { build } = await import('esbuild');
  const { createHash } = await import('node:crypto');
  // Every build goes to a folder of its own (named by its content), so that a process running an older one
  // keeps its chunks; the chunks sit one level under DIST, whatever the folder's name.
  const depth = join(DIST, 'build');
  // Times are taken before reading, so a file edited during the build counts as changed at the next start.
  const before = new Map();
  const result = await build({
    // The server's worker threads start from chunks of their own (server/src/threads.ts), not through tsx.
    entryPoints: {
      main: ENTRY,
      'bot-worker': join(ROOT, 'packages/server/src/bots/worker.ts'),
      'bot-module': join(ROOT, 'packages/server/src/bots/default-bots.ts'),
      'knights-analysis-worker': join(ROOT, 'packages/server/src/knights-analysis-worker.ts'),
    },
    // Every chunk names the bundle's folder: that is how the server finds those entries (threads.ts).
    banner: { js: "globalThis.__attilaBundle ??= new URL('.', import.meta.url).href;" },
    bundle: true,
    // Each command's modules in chunks of their own, loaded when the command is: `knights solve` must not
    // load the server's libraries, nor `zod` when no record is read.
    splitting: true,
    outdir: depth,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [
      {
        name: 'attila',
        setup(b) {
          // The workspace's packages are bundled; everything from npm is loaded from node_modules as usual
          // (native modules, and packages that read files next to their own code): by name where npm hoisted
          // it to the root, else (a version of its own under packages/*/node_modules) by its file.
          b.onResolve({ filter: /^[^./]/ }, async (args) => {
            if (args.path.startsWith('@attila/') || isAbsolute(args.path) || args.pluginData === OWN) return;
            const found = await b.resolve(args.path, {
              resolveDir: args.resolveDir,
              kind: args.kind,
              pluginData: OWN,
            });
            const within =
              found.errors.length === 0 && !found.external
                ? relative(join(ROOT, 'packages'), found.path)
                : '..';
            const nested = !within.startsWith('..') && within.split(sep).includes('node_modules');
            if (!nested) return { path: args.path, external: true };
            return { path: `./${relative(depth, found.path).split(sep).join('/')}`, external: true };
          });
          // A module finds its data files, worker scripts and the web app next to its source
          // (`new URL('./standard.table', import.meta.url)`): in the bundle `import.meta.url` names a chunk,
          // so each module's is rewritten to its source file's, relative to the chunk (the clone may move).
          b.onLoad({ filter: /\.ts$/ }, (args) => {
            before.set(args.path, statSync(args.path).mtimeMs);
            const source = readFileSync(args.path, 'utf8');
            const rel = relative(depth, args.path).split(sep).join('/');
            const contents = source.includes('import.meta.url')
              ? source.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`)
              : source;
            return { contents, loader: 'ts' };
          });
        },
      },
    ],
  });
  const hash = createHash('sha256');
  for (const f of result.outputFiles) hash.update(relative(depth, f.path)).update(f.contents);
  const name = `build-${hash.digest('hex').slice(0, 16)}`;
  const inputs = {};
  for (const input of Object.keys(result.metafile.inputs)) {
    const file = join(ROOT, input);
    inputs[relative(CLI, file)] = before.get(file) ?? statSync(file).mtimeMs;
  }
  for (const file of buildFiles()) inputs[relative(CLI, file)] = statSync(file).mtimeMs;
  const tmp = join(DIST, `.tmp-${process.pid}-${Date.now()}`);
  mkdirSync(tmp, { recursive: true });
  for (const f of result.outputFiles) writeFileSync(join(tmp, relative(depth, f.path)), f.contents);
  try {
    renameSync(tmp, join(DIST, name));
  } catch (e) {
    // Another process built the same files meanwhile.
    if (!exists(join(DIST, name, 'main.js'))) throw e;
    rmSync(tmp, { recursive: true, force: true });
  }
  writeFileSync(`${tmp}.json`, JSON.stringify({ bundle: `${name}/main.js`, inputs }));
  renameSync(`${tmp}.json`, MANIFEST);
  // Older builds are removed a day later, the newest few kept: a server started from one loads some of its
  // chunks only when first needed.
  const builds = readdirSync(DIST)
    .filter((f) => f !== name && (f.startsWith('build-') || f.startsWith('.tmp-')))
    .map((f) => ({ file: join(DIST, f), age: ageMs(join(DIST, f)) }))
    .sort((a, b) => a.age - b.age);
  for (const old of builds.slice(KEEP_BUILDS))
    if (old.age > 24 * 3600_000) rmSync(old.file, { recursive: true, force: true });
  return join(DIST, name, 'main.js');
}

function ageMs(file) {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

// `node packages/cli/bin/compiled.js`: build now (the root `prepare` script). A failure is reported, not
// fatal: the command then runs from the sources.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const file = await buildBundle();
    process.stdout.write(`attila: compiled the command to ${relative(process.cwd(), file)}\n`);
  } catch (e) {
    process.stderr.write(
      `attila: could not compile the command (it will run from the sources): ${e.message}\n`,
    );
  }
}
