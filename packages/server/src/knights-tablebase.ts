/**
 * The server's move-phase tablebases (`@attila/bots` tablebase): the standard board's is built in the
 * background on first start when absent (a child process at the lowest priority; the server serves meanwhile
 * and the analysis answers from the solver until the file is ready); another layout's is built on first
 * request, one build at a time, when its layers fit the memory cap (a layout with fewer symmetries has more
 * positions: one without any needs about 5.3 GB). Answers come from the files in the data folder, one byte
 * read per position.
 *
 * `GET /api/knights/tablebase?layout=` → {layout, state, progress, needBytes, fileBytes}; `POST
 * /api/knights/tablebase {layout}` asks for a build (202, or 400 with the reason it cannot be built).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { z } from 'zod';
import {
  buildMemoryBytes,
  forgetTablebase,
  tablebaseFileIn,
  tablebaseFor,
  tablebaseMoveValues,
  useTablebaseDir,
} from '@attila/bots';
import { moveToString, parseLayout, STANDARD_LAYOUT, type Layout, type Position } from '@attila/knights';
import { describeZodError, type ErrorBody, type TablebaseStatus } from '@attila/protocol';

export interface TablebaseOptions {
  /** The data folder holding the tablebases. */
  readonly dir: string;
  /** Build the standard board's in the background when it is absent (tests leave it off). */
  readonly buildStandard?: boolean;
  /** The most memory a build may take for its layers (default 2 GiB). */
  readonly maxBuildBytes?: number;
}

export type { TablebaseState, TablebaseStatus } from '@attila/protocol';

export const DEFAULT_MAX_BUILD_BYTES = 2 * 1024 ** 3;
const BUILD_SCRIPT = fileURLToPath(
  new URL('../../bots/src/knights/tablebase/build-process.ts', import.meta.url),
);

interface Job {
  readonly layout: Layout;
  progress: number;
  child: ChildProcess | null;
}

export class TablebaseService {
  private readonly queue: Job[] = [];
  private readonly failed = new Map<Layout, string>();
  private closed = false;

  constructor(
    private readonly options: TablebaseOptions,
    private readonly log: Logger,
  ) {
    useTablebaseDir(options.dir);
  }

  start(): void {
    if (this.options.buildStandard && !this.ready(STANDARD_LAYOUT)) this.request(STANDARD_LAYOUT);
  }

  private file(layout: Layout): string {
    return tablebaseFileIn(this.options.dir, layout);
  }

  ready(layout: Layout): boolean {
    return existsSync(this.file(layout)) && !this.queue.some((j) => j.layout === layout);
  }

  status(layout: Layout): TablebaseStatus {
    const needBytes = buildMemoryBytes(layout);
    const job = this.queue.find((j) => j.layout === layout);
    const base = { layout: layout.shape, needBytes, fileBytes: null, progress: null };
    if (job) return { ...base, state: job.child ? 'building' : 'queued', progress: job.progress };
    if (existsSync(this.file(layout)))
      return { ...base, state: 'ready', fileBytes: statSync(this.file(layout)).size };
    const error = this.failed.get(layout);
    if (error !== undefined) return { ...base, state: 'failed', error };
    return { ...base, state: needBytes > this.maxBytes ? 'too-large' : 'absent' };
  }

  private get maxBytes(): number {
    return this.options.maxBuildBytes ?? DEFAULT_MAX_BUILD_BYTES;
  }

  /** Queues a build; the refusal says why a layout cannot be built here. */
  request(layout: Layout): { ok: true; status: TablebaseStatus } | { ok: false; message: string } {
    const need = buildMemoryBytes(layout);
    if (need > this.maxBytes)
      return {
        ok: false,
        message: `the tablebase of this layout needs ${Math.round(need / 2 ** 20)} MB to build (${layout.symmetries.length} symmetries), more than this server allows (${Math.round(this.maxBytes / 2 ** 20)} MB)`,
      };
    if (!this.ready(layout) && !this.queue.some((j) => j.layout === layout)) {
      this.failed.delete(layout);
      this.queue.push({ layout, progress: 0, child: null });
      this.next();
    }
    return { ok: true, status: this.status(layout) };
  }

  private next(): void {
    const job = this.queue[0];
    if (!job || job.child || this.closed) return;
    this.log.info({ layout: job.layout.shape }, 'building the knights tablebase in the background');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', BUILD_SCRIPT, job.layout.shape, this.options.dir],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    job.child = child;
    let error: string | null = null;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        const m = JSON.parse(line) as { progress?: number; error?: string };
        if (typeof m.progress === 'number') job.progress = m.progress;
        if (typeof m.error === 'string') error = m.error;
      } catch {
        // Not a report line.
      }
    });
    child.on('exit', (code) => {
      this.queue.shift();
      if (code === 0) {
        forgetTablebase(job.layout);
        this.log.info({ layout: job.layout.shape }, 'knights tablebase ready');
      } else if (!this.closed) {
        this.failed.set(job.layout, error ?? `the build stopped (exit ${code})`);
        this.log.warn({ layout: job.layout.shape, error }, 'knights tablebase build failed');
      }
      this.next();
    });
  }

  /** Every legal move's exact value from the tablebase, or null (not the move phase, or not built). */
  verdicts(position: Position): Array<{ move: string; value: number; exact: true }> | null {
    if (position.phase() !== 'turns' || !this.ready(position.layout)) return null;
    const tb = tablebaseFor(position.layout);
    const moves = tb === null ? null : tablebaseMoveValues(tb, position);
    return (
      moves?.map((m) => ({
        move: moveToString(position.layout, m.move),
        value: m.value,
        exact: true as const,
      })) ?? null
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    const running = this.queue[0]?.child;
    if (running && running.exitCode === null) {
      const gone = new Promise((resolve) => running.once('exit', resolve));
      running.kill();
      await gone;
    }
  }
}

const requestSchema = z.object({ layout: z.string().min(1).max(200) }).strict();

export function registerKnightsTablebase(app: FastifyInstance, service: TablebaseService | null): void {
  const readLayout = (text: unknown): { ok: true; layout: Layout } | { ok: false; body: ErrorBody } => {
    const parsed = parseLayout(typeof text === 'string' && text !== '' ? text : 'standard');
    return parsed.ok
      ? { ok: true, layout: parsed.value }
      : { ok: false, body: { error: { code: 'tablebase.layout', message: parsed.error.message } } };
  };
  const off: ErrorBody = {
    error: { code: 'tablebase.off', message: 'this server keeps no knights tablebase (started without one)' },
  };
  app.get<{ Querystring: { layout?: unknown } }>('/api/knights/tablebase', async (req, reply) => {
    if (service === null) return reply.code(404).send(off);
    const l = readLayout(req.query.layout);
    if (!l.ok) return reply.code(400).send(l.body);
    return service.status(l.layout);
  });
  app.post('/api/knights/tablebase', async (req, reply) => {
    if (service === null) return reply.code(404).send(off);
    const body = requestSchema.safeParse(req.body);
    if (!body.success)
      return reply.code(400).send({
        error: { code: 'request.invalid', message: describeZodError(body.error) },
      } satisfies ErrorBody);
    const l = readLayout(body.data.layout);
    if (!l.ok) return reply.code(400).send(l.body);
    const r = service.request(l.layout);
    if (!r.ok)
      return reply
        .code(400)
        .send({ error: { code: 'tablebase.too-large', message: r.message } } satisfies ErrorBody);
    return reply.code(202).send(r.status);
  });
}
