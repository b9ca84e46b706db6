/**
 * A tablebase build in a process of its own at the lowest priority (the server's background build):
 *
 *   node --import tsx build-process.ts <layout> <dir>
 *
 * Writes one JSON line per progress report ({"progress": 0..1, "layer": s}) and a last {"done": summary} or
 * {"error": message} on standard output. The priority is set before the worker threads start, so they
 * inherit it.
 */
import { setPriority } from 'node:os';
import { mkdirSync } from 'node:fs';
import { parseLayout } from '@attila/knights';
import { makeTablebase, tablebaseFileIn } from './make.js';

const [layoutText, dir] = process.argv.slice(2);
const say = (o: unknown) => process.stdout.write(`${JSON.stringify(o)}\n`);
try {
  setPriority(19);
} catch {
  // Not allowed here: build at the priority given.
}
const layout = parseLayout(layoutText ?? '');
if (!layout.ok || dir === undefined) {
  say({ error: layout.ok ? 'no folder given' : layout.error.message });
  process.exit(1);
}
mkdirSync(dir, { recursive: true });
try {
  const summary = await makeTablebase({
    layout: layout.value,
    tablebaseFile: tablebaseFileIn(dir, layout.value),
    onProgress: (p) => say({ progress: p.done / p.total, layer: p.layer }),
    progressMs: 1000,
  });
  say({ done: { ...summary, layers: summary.layers.length } });
} catch (e) {
  say({ error: (e as Error).message });
  process.exitCode = 1;
}
