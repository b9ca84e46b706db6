/**
 * A bot's turn that began before this process drove the game (another process died, or this one
 * restarted) is not paused again (driver.ts): its pause (`botDelayMs`) has been spent waiting already.
 * Here a server stops while a bot's reply waits out a 60 s pause; the server started again on the same
 * database answers far sooner. A fresh game's first bot move still waits the pause.
 */
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { CreateTableResponse, Snapshot } from '@attila/protocol';
import { startServer } from './server.js';
import { TestClient } from './test-support/client.js';
import { post, tempDb } from './test-support/http.js';

const PAUSE_MS = 60_000;
const options = (dbFile: string) => ({
  port: 0,
  dbFile,
  botDelayMs: PAUSE_MS,
  botMinThinkMs: 0,
  logger: pino({ level: 'silent' }),
});

describe('a bot turn taken over is not paused again', { timeout: 150_000 }, () => {
  it('after a restart the bot whose turn it was moves without waiting out the pause', async () => {
    const db = tempDb();
    const first = await startServer(options(db));
    const created = await post<CreateTableResponse>(first.url, '/api/tables', {
      game: 'knights',
      seats: [{ type: 'human' }, { type: 'bot', bot: 'random' }],
      name: 'Aetius',
    });
    const id = created.body.table.id;
    const client = await TestClient.connect(first.url);
    client.send({ type: 'hello', table: id, seat: 0, token: created.body.token });
    const snap = (await client.next('welcome')).snapshot as Snapshot;
    // Knights: the person at seat 0 places first, then the bot's turn waits out the pause.
    expect(snap.toAct).toEqual([0]);
    client.send({ type: 'move', seq: snap.seq, move: snap.legalMoves[0], ref: 'a' });
    const ack = await client.next('ack', (m) => m.ref === 'a');
    client.close();
    await first.close();

    const startedAt = Date.now();
    const second = await startServer(options(db));
    const watcher = await TestClient.connect(second.url);
    watcher.send({ type: 'hello', table: id });
    await watcher.next('welcome');
    const reply = await watcher.next('update', (m) => m.seat === 1 && m.snapshot.seq > ack.seq, PAUSE_MS);
    expect(reply.seat).toBe(1);
    expect(Date.now() - startedAt).toBeLessThan(PAUSE_MS / 2);
    // The game goes on with the pause: the bot's next turn waits it out.
    const client2 = await TestClient.connect(second.url);
    client2.send({ type: 'hello', table: id, seat: 0, token: created.body.token });
    const next = (await client2.next('welcome')).snapshot as Snapshot;
    expect(next.seq).toBe(reply.snapshot.seq);
    client2.send({ type: 'move', seq: next.seq, move: next.legalMoves[0], ref: 'b' });
    await client2.next('ack', (m) => m.ref === 'b');
    await expect(
      watcher.next('update', (m) => m.seat === 1 && m.snapshot.seq > next.seq + 1, 3000),
    ).rejects.toThrow(/within 3000 ms/);
    watcher.close();
    client2.close();
    await second.close();
  });
});
