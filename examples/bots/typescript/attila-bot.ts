/**
 * An Attila bot in TypeScript (Node's standard library only): it plays Knights and Tribes.
 *
 * It speaks the bot protocol (examples/bots/README.md): one JSON object a line, the host's on standard
 * input, its own on standard output. It picks a seeded random legal move; put your own thinking into
 * `choose`. Anything written to standard error shows up in the host's log.
 *
 *     attila bot match -- npx tsx examples/bots/typescript/attila-bot.ts [seed]
 */
import { createInterface } from 'node:readline';

const PROTOCOL = 'attila-bot/1';

interface Turn {
  readonly type: 'turn';
  readonly table: string;
  readonly seq: number;
  readonly seat: number;
  readonly view: unknown;
  readonly legal: readonly string[];
  readonly clockMs: number | null;
}

type HostLine =
  | { readonly type: 'hello'; readonly protocol: string; readonly games: readonly string[] }
  | {
      readonly type: 'start';
      readonly table: string;
      readonly game: string;
      readonly seats: readonly number[];
    }
  | Turn
  | { readonly type: 'refused'; readonly table: string; readonly seq: number; readonly message: string }
  | { readonly type: 'end'; readonly table: string; readonly result: { readonly winners: readonly number[] } }
  | { readonly type: 'bye' };

/** A small seeded generator (mulberry32), so a game against this bot can be replayed. */
function generator(seed: string): () => number {
  let a = [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 2654435761) >>> 0, 1779033703);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A move for this turn: one of `turn.legal`. `turn.view` is what this seat may see. */
function choose(turn: Turn, random: () => number): string {
  return turn.legal[Math.floor(random() * turn.legal.length)];
}

function send(line: object): void {
  process.stdout.write(JSON.stringify(line) + '\n');
}

const random = generator(process.argv[2] ?? 'attila');
const lines = createInterface({ input: process.stdin });
lines.on('line', (text) => {
  if (text.trim() === '') return;
  const line = JSON.parse(text) as HostLine;
  switch (line.type) {
    case 'hello':
      if (line.protocol !== PROTOCOL) {
        process.stderr.write(`this bot speaks ${PROTOCOL}, the host ${line.protocol}\n`);
        process.exit(2);
      }
      send({ type: 'ready', name: 'typescript-random', protocol: PROTOCOL });
      break;
    case 'start':
      process.stderr.write(`table ${line.table}: ${line.game}, seats ${line.seats.join(', ')}\n`);
      break;
    case 'turn':
      send({ type: 'move', table: line.table, seq: line.seq, move: choose(line, random) });
      break;
    case 'refused':
      process.stderr.write(`refused at move ${line.seq}: ${line.message}\n`);
      break;
    case 'end':
      process.stderr.write(`table ${line.table} ended: winners ${line.result.winners.join(', ')}\n`);
      break;
    case 'bye':
      lines.close();
      break;
  }
});
