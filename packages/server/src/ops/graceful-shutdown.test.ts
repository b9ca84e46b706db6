import { describe, expect, it } from 'vitest';
import { kill, startChild } from '../test-support/child.js';
import { get, tempDb } from '../test-support/http.js';
import { seatedKnights } from '../test-support/knights-table.js';

describe('graceful shutdown (SIGTERM)', { timeout: 60_000 }, () => {
  it('exits within 5 s during play, closes sockets as "going away", and loses no acknowledged move', async () => {
    const db = tempDb();
    const server = await startChild(db, ['--bot-delay', '0']);
    const { id, players } = await seatedKnights(server.url);
    // Each seat moves as soon as it is to act; every acknowledged seq is remembered.
    let acked = 0;
    let signalled = false;
    for (const p of players) {
      p.client.socket.on('message', (data) => {
        const m = JSON.parse(String(data)) as {
          type: string;
          seq?: number;
          snapshot?: { seq: number; toAct: number[]; legalMoves: string[]; result: unknown };
        };
        if (m.type === 'ack' && typeof m.seq === 'number') acked = Math.max(acked, m.seq);
        const s = m.snapshot;
        if (!signalled && s && s.result === null && s.toAct.includes(p.seat)) {
          // A little later, as a person would: the game is still on when the signal comes.
          setTimeout(() => p.client.send({ type: 'move', seq: s.seq, move: s.legalMoves[0] }), 20);
        }
      });
    }
    // The first move, from the welcome's snapshot; then each answer brings the next.
    for (const p of players) {
      const welcome = p.client.received.find((m) => m.type === 'welcome');
      const s = welcome && 'snapshot' in welcome ? welcome.snapshot : null;
      if (s && s.toAct.includes(p.seat)) p.client.send({ type: 'move', seq: s.seq, move: s.legalMoves[0] });
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(acked).toBeGreaterThan(0);
    const exited = new Promise<number>((resolve) => server.process.once('exit', () => resolve(Date.now())));
    const start = Date.now();
    server.process.kill('SIGTERM');
    signalled = true;
    const took = (await exited) - start;
    expect(server.process.exitCode).toBe(0);
    expect(took).toBeLessThan(5_000);
    for (const p of players) {
      await new Promise<void>((r) => (p.client.closed ? r() : p.client.socket.once('close', () => r())));
      expect(p.client.closed?.code).toBe(1001);
    }
    // Every move acknowledged before the stop is in the database a new server reads.
    const again = await startChild(db);
    try {
      const table = await get<{ table: { seq: number; status: string } }>(again.url, `/api/tables/${id}`);
      expect(table.body.table.status).toBe('playing');
      expect(table.body.table.seq).toBeGreaterThanOrEqual(acked);
      console.log(`SIGTERM to exit: ${took} ms, ${acked} moves acknowledged`);
    } finally {
      await kill(again);
    }
  });
});
