/**
 * A whole build to files: the threaded layered build (`threaded.ts`) writing each layer to the 4-bit
 * tablebase file as it is made (`file.ts`) and, from layer 0, the opening table in its data-file format
 * (`opening.ts`). Used by `attila knights tablebase build` and by the server's background build.
 */
import { writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { Layout } from '@attila/knights';
import { TableSpace } from '../table/space.js';
import { layoutGeometry } from '../table/table.js';
import { TablebaseWriter } from './file.js';
import { openingTableFromLayer0 } from './opening.js';
import { TablebaseSpace } from './space.js';
import { buildTablebaseThreaded, type BuildSummary, type ThreadedBuildOptions } from './threaded.js';

export interface MakeOptions extends Omit<ThreadedBuildOptions, 'onLayer'> {
  readonly layout: Layout;
  /** Where the 4-bit tablebase goes (omitted: not written). */
  readonly tablebaseFile?: string;
  /** Where the opening table goes (omitted: not written). */
  readonly openingTableFile?: string;
  readonly onLayer?: ThreadedBuildOptions['onLayer'];
}

/** The file name of a layout's tablebase: one file per layout up to rotation and reflection. */
export function tablebaseFileName(layout: Layout): string {
  const shape = layout.canonical.replace(/\//g, '-').replace(/\./g, 'o');
  return `knights-${shape}.tablebase`;
}

export function tablebaseFileIn(dir: string, layout: Layout): string {
  return join(dir, tablebaseFileName(layout));
}

/** Bytes of memory the build holds for its two layer buffers (the largest layer, twice). */
export function buildMemoryBytes(layout: Layout): number {
  const sp = new TablebaseSpace(layoutGeometry(layout));
  let max = 0;
  for (let s = 0; s <= sp.free; s++) max = Math.max(max, sp.layerSize(s));
  return 2 * max;
}

export async function makeTablebase(options: MakeOptions): Promise<BuildSummary> {
  const { layout } = options;
  const geometry = layoutGeometry(layout);
  const sp = new TablebaseSpace(geometry);
  const writer = options.tablebaseFile ? new TablebaseWriter(options.tablebaseFile, sp, layout.shape) : null;
  const summary = await buildTablebaseThreaded(geometry, {
    ...options,
    onLayer: async (s, codes, figures) => {
      writer?.writeLayer(s, codes);
      if (s === 0 && options.openingTableFile) {
        const table = openingTableFromLayer0(new TableSpace(geometry), layout.shape, sp, codes);
        const temporary = `${options.openingTableFile}.${process.pid}.tmp`;
        writeFileSync(temporary, table.toBytes());
        renameSync(temporary, options.openingTableFile);
      }
      await options.onLayer?.(s, codes, figures);
    },
  });
  writer?.finish();
  return summary;
}

/** Where the command writes tablebases and the server looks for them, unless told otherwise. */
export const DEFAULT_TABLEBASE_DIR = process.env.ATTILA_TABLEBASE_DIR ?? 'attila-tablebase';
