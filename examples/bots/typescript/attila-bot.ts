/**
 * An Attila bot in TypeScript (Node's standard library only): it plays Knights and Tribes.
 *
 * It speaks the bot protocol (examples/bots/README.md): one JSON object a line, the host's on standard
 * input, its own on standard output. It picks a seeded random legal move; put your own thinking into
 * `choose`. Anything written to standard error shows up in the host's log.
 *
 *     attila bot match -- npx tsx examples/bots/typescript/attila-bot.ts [seed]
 *     attila bot connect --server URL --token TOKEN -- npx tsx examples/bots/typescript/attila-bot.ts [seed] [--resign-at N]
 *
 * On a server (through `attila bot connect`) it may also resign (`choose` returns null), answer a takeback
 * request and read the table's chat: the lines `resign`, `abort`, `chat` and `takeback-answer`.
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
  /** On a server: another seat asks to take back its last move. */
  | { readonly type: 'takeback'; readonly table: string; readonly seat: number; readonly seq: number }
  /** On a server: another seat wrote in the table's chat. */
  | { readonly type: 'chat'; readonly table: string; readonly name: string; readonly text: string }
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

/** `--resign-at N`: give up at the first turn at or after move N (to try resigning). */
const flag = process.argv.indexOf('--resign-at');
const resignAt = flag >= 0 ? Number(process.argv[flag + 1]) : null;

/** A move for this turn: one of `turn.legal` (`turn.view` is what this seat may see), or null to resign. */
function choose(turn: Turn, random: () => number): string | null {
  if (resignAt !== null && turn.seq >= resignAt) return null;
  return turn.legal[Math.floor(random() * turn.legal.length)];
}

/** The answer to a takeback request: 'accept', 'refuse', or 'never' (refuse every one of this game). */
function answerTakeback(): 'accept' | 'refuse' | 'never' {
  return 'refuse';
}

function send(line: object): void {
  process.stdout.write(JSON.stringify(line) + '\n');
}

const seed = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'attila';
const random = generator(seed);
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
    case 'turn': {
      const move = choose(line, random);
      if (move === null) send({ type: 'resign', table: line.table });
      else send({ type: 'move', table: line.table, seq: line.seq, move });
      break;
    }
    case 'takeback':
      send({ type: 'takeback-answer', table: line.table, answer: answerTakeback() });
      break;
    case 'chat':
      process.stderr.write(`table ${line.table}: ${line.name} says ${line.text}\n`);
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
