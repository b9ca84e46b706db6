/**
 * The outage drill at full size: three `attila serve` processes on a PostgreSQL and a Redis of their own
 * (never the machine's), 50 games of people against bots; one PostgreSQL connection ended (all the pooled
 * ones), PostgreSQL restarted, Redis stopped for 10 s, one process killed with SIGKILL. Prints what was
 * lost, duplicated or skipped, and how long the games took to move again.
 *
 *   npx tsx packages/server/bench/outages.ts [--games 50] [--processes 3] [--redis-down-ms 10000]
 */
import { runDrill } from '../src/test-support/drill.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const report = await runDrill({
  processes: Number(arg('processes', '3')),
  games: Number(arg('games', '50')),
  redisDownMs: Number(arg('redis-down-ms', '10000')),
  log: (line) => console.error(`${new Date().toISOString().slice(11, 23)} ${line}`),
});
console.log(JSON.stringify(report, null, 2));
process.exit(0);
