import type { ClientMessage } from '@attila/protocol';
import type { TableCommand } from './commands.js';

/** A seated socket's message as the table command it asks for. */
export function commandOf(
  m: Exclude<ClientMessage, { type: 'hello' | 'ping' }>,
  seat: number,
  token: string,
): TableCommand {
  switch (m.type) {
    case 'move':
      return { kind: 'move', seat, token, seq: m.seq, move: m.move, line: m.line };
    case 'chat':
      return { kind: 'chat', seat, token, text: m.text };
    case 'reclaim':
    case 'resign':
    case 'abort':
    case 'takeback':
      return { kind: m.type, seat, token };
    case 'takeback-answer':
      return { kind: 'takeback-answer', seat, token, answer: m.answer };
    case 'rematch':
      return { kind: 'rematch', seat, token, accept: m.accept };
    case 'vacation':
      return { kind: 'vacation', seat, token, away: m.away };
  }
}
