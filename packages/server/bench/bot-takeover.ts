/**
 * How soon a bot moves again after the process driving its game dies: two `attila serve` processes with
 * the shipped defaults (0.6 s leases, 300 ms bot delay, 500 ms least think time in Tribes) on the machine's
 * PostgreSQL (a fresh schema) and Redis. Each round creates a game of a person against a bot on a new
 * process, plays through the other (the survivor), kills the first with SIGKILL at the person's turn, moves
 * at once, and times the kill to the bot's reply. The survivor's first round is its first bot question
 * ever (its bot threads start then).
 *
 *   npx tsx packages/server/bench/bot-takeover.ts [--rounds 4] [--game knights|tribes]
 */
import type { CreateTableResponse, Snapshot } from '@attila/protocol';
import { kill, startChild } from '../src/test-support/child.js';
import { TestClient } from '../src/test-support/client.js';
import { post } from '../src/test-support/http.js';
import { dropSchema, freshSchema, POSTGRES_URL, REDIS_URL } from '../src/test-support/services.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}
const rounds = Number(arg('rounds', '4'));
const game = arg('game', 'knights');
const schema = freshSchema();
const shared = ['--postgres', POSTGRES_URL, '--postgres-schema', schema, '--redis', REDIS_URL];
// Only the shipped defaults (startChild turns the least think time off: it is put back).
const defaults = ['--bot-min-think', '500'];

const survivor = await startChild('unused.db', [...shared, ...defaults]);
const results: number[] = [];
for (let round = 0; round < rounds; round++) {
  const victim = await startChild('unused.db', [...shared, ...defaults]);
  const created = await post<CreateTableResponse>(victim.url, '/api/tables', {
    game,
    ...(game === 'tribes' ? { settings: { players: 3 } } : {}),
    // Tribes is played by 3 to 5: two bots there.
    seats: [
      { type: 'human' },
      ...Array.from({ length: game === 'tribes' ? 2 : 1 }, () => ({ type: 'bot', bot: 'random' })),
    ],
    name: 'Aetius',
  });
  const client = await TestClient.connect(survivor.url);
  client.send({ type: 'hello', table: created.body.table.id, seat: 0, token: created.body.token });
  let snap = (await client.next('welcome')).snapshot as Snapshot;
  const personsTurn = async () => {
    while (!snap.toAct.includes(0))
      snap = (await client.next('update', (m) => m.snapshot.seq > snap.seq)).snapshot;
  };
  const move = async (ref: string) => {
    client.send({ type: 'move', seq: snap.seq, move: snap.legalMoves[0], ref });
    const ack = await client.next('ack', (m) => m.ref === ref);
    return ack.seq;
  };
  /** Plays the person's turn (in Tribes a turn can take several moves), then waits for a bot's move. */
  const untilABotMoves = async (ref: string) => {
    for (let i = 0; ; i++) {
      const acked = await move(`${ref}-${i}`);
      snap = (await client.next('update', (m) => m.snapshot.seq === acked, 20_000)).snapshot;
      if (snap.toAct.includes(0)) continue;
      snap = (await client.next('update', (m) => m.seat !== 0 && m.snapshot.seq > acked, 20_000)).snapshot;
      return;
    }
  };
  // One exchange with the victim driving: both processes are warm for this table.
  await personsTurn();
  await untilABotMoves('warm');
  await personsTurn();
  const killedAt = Date.now();
  await kill(victim);
  await untilABotMoves('after-kill');
  const ms = Date.now() - killedAt;
  results.push(ms);
  console.error(`round ${round + 1}${round === 0 ? ' (survivor never asked a bot before)' : ''}: ${ms} ms`);
  client.close();
}
await kill(survivor);
await dropSchema(schema);
const sorted = [...results].sort((a, b) => a - b);
console.log(
  JSON.stringify({
    game,
    rounds,
    ms: results,
    median: sorted[Math.floor(sorted.length / 2)],
    max: sorted.at(-1),
  }),
);
process.exit(0);
