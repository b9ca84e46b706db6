#!/usr/bin/env node
// The `attila` command. It runs compiled (`compiled.js`: plain JavaScript made from the TypeScript sources
// on `npm install`, and again here when a source changed since), which starts in a fraction of the time the
// TypeScript loader takes. Where it cannot be compiled (no esbuild, a read-only clone) the sources run
// through the loader as before; ATTILA_FROM_SOURCES=1 asks for that.
import { pathToFileURL } from 'node:url';

async function compiled() {
  if (process.env.ATTILA_FROM_SOURCES) return null;
  const { buildBundle, freshBundle } = await import('./compiled.js');
  const fresh = freshBundle();
  if (fresh) return fresh;
  try {
    return await buildBundle();
  } catch {
    return null;
  }
}

const bundle = await compiled();
if (bundle) await import(pathToFileURL(bundle).href);
else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
}
