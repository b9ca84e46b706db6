/**
 * Where a server's main thread spent its time, by stage of a move, from a V8 CPU profile (the load
 * script's `--cpu-prof DIR`; the main thread's file is the one named `….0.001.cpuprofile`). Each sample
 * goes to the first stage in STAGES whose pattern a frame of its stack matches (GC: the sample itself).
 *
 *   npx tsx packages/server/bench/profile-stages.ts FILE.cpuprofile [--from-end 24] [--to-end 3]
 *
 * `--from-end`/`--to-end`: only the samples that many seconds before the profile's end (the measurement
 * window: the server stops right after it), leaving out the start-up and the games' creation.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const STAGES: [string, RegExp, 'leaf' | 'stack'][] = [
  ['GC', /^\(garbage collector\)/, 'leaf'],
  ['logging', /pino|thread-stream|sonic-boom/, 'stack'],
  [
    'send (socket writes)',
    /^(send server\/src\/ws\.ts|sendFrame |Writable\.uncork|writev |writevGeneric|Socket\._writev|clearBuffer node)/,
    'stack',
  ],
  [
    'sockets opened/closed (per game)',
    /^(hello server|watch server\/src\/feed|unwatch server|handleUpgrade|completeUpgrade|closed server\/src\/ws|socketOnClose|emitClose|receiverOnConclude|close nm:ws|publishPresence|Connection server|onconnection|closeSocketHandle|Socket\._destroy|socketOnEnd|onDestroy|Socket node:net|onUpgrade)/,
    'stack',
  ],
  [
    'HTTP create/join (per game)',
    /^(parserOnIncoming|\(anon\) server\/src\/http\.ts|routeHandler nm:fastify|create server\/src\/lobby|onSendHook|Reply\.send|tx server\/src\/storage\/sql|ContentTypeParser|handleRequest nm:fastify|rate-limit|Reply\.header|onParserExecute|parsersCb)/,
    'stack',
  ],
  [
    'store (SQLite)',
    /^(flush server\/src\/storage\/sqlite|commitChange server|sqliteTransaction|appendMove)/,
    'stack',
  ],
  [
    'decide (checks, rules, engine play)',
    /^(decide server\/src\/commands|repeat server\/src\/table)/,
    'stack',
  ],
  [
    'encode (views, JSON)',
    /^(publish server\/src\/audience|publish server\/src\/table\/kinds|publishTable|updateTexts|reply server\/src\/ws|encode server)/,
    'stack',
  ],
  ['apply', /^apply server\/src\/table\/kinds/, 'stack'],
  [
    'parse (frames, JSON, schema)',
    /^(receive server\/src\/ws|socketOnData|receiverOnMessage|startLoop nm:ws)/,
    'stack',
  ],
  [
    'driver, notices, queue',
    /^(update server\/src\/driver|noticeTurns|run server\/src\/queue|execute server\/src\/table)/,
    'stack',
  ],
];

function arg(name: string): number | null {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : null;
}

const file = process.argv[2];
if (!file) throw new Error('usage: profile-stages.ts FILE.cpuprofile [--from-end S] [--to-end S]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const short = (url: string) =>
  url
    .replace(/^.*node_modules\//, 'nm:')
    .replace(/^.*\/packages\//, '')
    .replace('file://', '');

/**
 * `attila serve` runs the compiled bundle (packages/cli/dist), whose frames name a chunk, not a source file.
 * esbuild heads each module's code in a chunk with a comment naming its source (`// packages/server/src/ws.ts`):
 * a frame is given the source file whose comment comes last before its line.
 */
const sourcesOf = new Map<string, { line: number; file: string }[]>();
function sourceOf(url: string, line: number): string {
  if (!/\/cli\/dist\/build-[^/]+\/[^/]+\.js$/.test(url)) return url;
  let marks = sourcesOf.get(url);
  if (!marks) {
    marks = [];
    let text = '';
    try {
      text = readFileSync(url.startsWith('file:') ? fileURLToPath(url) : url, 'utf8');
    } catch {
      // The build is gone (rebuilt since): the chunk's name stays.
    }
    text.split('\n').forEach((l, i) => {
      const m = /^\/\/ (packages\/\S+\.tsx?)$/.exec(l);
      if (m) marks?.push({ line: i, file: m[1] });
    });
    sourcesOf.set(url, marks);
  }
  let file: string | null = null;
  for (const m of marks) {
    if (m.line > line) break;
    file = m.file;
  }
  return file ? `/${file}` : url;
}
const frameOf = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anon)'} ${short(sourceOf(n.callFrame.url, n.callFrame.lineNumber))}`;

const stageOf = new Map<number, string>();
function classify(id: number): string {
  const known = stageOf.get(id);
  if (known) return known;
  const frames: string[] = [];
  for (let c: number | undefined = id; c !== undefined; c = parent.get(c)) {
    frames.push(frameOf(nodes.get(c) as ProfileNode));
  }
  const found = STAGES.find(([, re, where]) =>
    where === 'leaf' ? re.test(frames[0]) : frames.some((f) => re.test(f)),
  );
  const stage = found?.[0] ?? 'other (timers, tasks, runtime)';
  stageOf.set(id, stage);
  return stage;
}

const fromEnd = arg('from-end');
const toEnd = arg('to-end');
const from = fromEnd === null ? -Infinity : profile.endTime - fromEnd * 1e6;
const to = toEnd === null ? Infinity : profile.endTime - toEnd * 1e6;
const time = new Map<string, number>();
let busy = 0;
let t = profile.startTime;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  t += dt;
  const name = (nodes.get(id) as ProfileNode).callFrame.functionName;
  if (t < from || t > to || name === '(idle)' || name === '(program)') return;
  busy += dt;
  const stage = classify(id);
  time.set(stage, (time.get(stage) ?? 0) + dt);
});
for (const [stage, us] of [...time].sort((a, b) => b[1] - a[1])) {
  console.log(`${((100 * us) / busy).toFixed(1).padStart(5)}%  ${stage}`);
}
