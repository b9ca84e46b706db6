/**
 * A long HTTP response of newline-delimited JSON: one bot-protocol line (`@attila/protocol/bot-lines`) per
 * line, an empty line as a heartbeat (clients skip empty lines, as bot programs already do), and the end of
 * the response as the end of the stream. Every open stream is ended when the server closes.
 */
import type { FastifyReply } from 'fastify';
import type { HostLine } from '@attila/protocol/bot-lines';

export const NDJSON = 'application/x-ndjson';

export class LineStream {
  private readonly beat: NodeJS.Timeout;
  private ended = false;
  private readonly onEnd: (() => void)[] = [];

  constructor(
    private readonly reply: FastifyReply,
    private readonly open: Set<LineStream>,
    heartbeatMs: number,
  ) {
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': `${NDJSON}; charset=utf-8`,
      'cache-control': 'no-store',
      // Proxies (nginx) pass each line on at once instead of buffering the response.
      'x-accel-buffering': 'no',
      // A stream is one long answer: its connection is not kept for another request.
      connection: 'close',
    });
    this.beat = setInterval(() => this.write('\n'), heartbeatMs);
    this.beat.unref();
    open.add(this);
    reply.raw.on('close', () => this.end());
  }

  get closed(): boolean {
    return this.ended;
  }

  line(line: HostLine): void {
    this.write(JSON.stringify(line) + '\n');
  }

  /** Called once when the stream ends, whichever side ends it. */
  whenEnded(f: () => void): void {
    if (this.ended) f();
    else this.onEnd.push(f);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.beat);
    this.open.delete(this);
    if (!this.reply.raw.writableEnded) this.reply.raw.end();
    for (const f of this.onEnd.splice(0)) f();
  }

  private write(text: string): void {
    if (!this.ended && !this.reply.raw.writableEnded) this.reply.raw.write(text);
  }
}
