/**
 * Move notation, the text that records, the server and the command line carry:
 *   play Franks germania      play a Franks card and place its marker in Germania
 *   influence | second raetia step 2: take influence, or place a second marker
 *   commit Huns,Huns,Goths    lay cards face down in a conflict; `commit -` lays none
 *   discard Goths             the forced discard when no card in hand is playable
 *   tile double | tile trade Franks,Goths | tile influence Franks (+2) | tile influence Franks+Huns (+1 each)
 * Tribe and province names are case-insensitive; the canonical form lists cards in tribe order.
 */
import { err, ok, type Result } from '@attila/core';
import { provinceIndex, type TribesMap } from './map.js';
import {
  DOUBLE_MOVE,
  INFLUENCE_MOVE,
  MoveKind,
  cardsMove,
  discardMove,
  moveCount,
  moveKind,
  moveProvince,
  moveSecondTribe,
  moveTribe,
  playMove,
  secondMove,
  twoInfluenceMove,
  type MoveCode,
} from './moves.js';
import { TRIBE_COUNT, TRIBES, tribeIndex } from './tribes.js';

export const NOTATION_HELP =
  'moves are: "play <tribe> <province>", "influence", "second <province>", "commit <tribe>,<tribe>,..." or "commit -", ' +
  '"discard <tribe>", "tile double", "tile trade <tribe>,<tribe>,...", "tile influence <tribe>" or "tile influence <tribe>+<tribe>"';

function cardsText(move: MoveCode): string {
  const list: string[] = [];
  for (let t = 0; t < TRIBE_COUNT; t++) for (let k = 0; k < moveCount(move, t); k++) list.push(TRIBES[t]);
  return list.length ? list.join(',') : '-';
}

export function formatMove(map: TribesMap, move: MoveCode): string {
  switch (moveKind(move)) {
    case MoveKind.Play:
      return `play ${TRIBES[moveTribe(move)]} ${map.provinces[moveProvince(move)].id}`;
    case MoveKind.Influence:
      return 'influence';
    case MoveKind.Second:
      return `second ${map.provinces[moveProvince(move)].id}`;
    case MoveKind.Commit:
      return `commit ${cardsText(move)}`;
    case MoveKind.Discard:
      return `discard ${TRIBES[moveTribe(move)]}`;
    case MoveKind.Double:
      return 'tile double';
    case MoveKind.Trade:
      return `tile trade ${cardsText(move)}`;
    case MoveKind.TwoInfluence: {
      const a = moveTribe(move);
      const b = moveSecondTribe(move);
      return a === b ? `tile influence ${TRIBES[a]}` : `tile influence ${TRIBES[a]}+${TRIBES[b]}`;
    }
  }
}

type MoveError = 'move.syntax';

function bad(text: string, why: string): Result<never, MoveError> {
  return err('move.syntax', `cannot read the move "${text}": ${why}; ${NOTATION_HELP}`);
}

function tribeOf(text: string, word: string): Result<number, MoveError> {
  const t = tribeIndex(word);
  return t < 0 ? bad(text, `"${word}" is not a tribe (${TRIBES.join(', ')})`) : ok(t);
}

function provinceOf(map: TribesMap, text: string, word: string): Result<number, MoveError> {
  const p = provinceIndex(map, word);
  if (p < 0) {
    const ids = map.provinces.filter((q) => q.playable).map((q) => q.id);
    return bad(text, `"${word}" is not a province of this map (${ids.join(', ')})`);
  }
  return ok(p);
}

function cardsOf(
  text: string,
  word: string | undefined,
  kind: typeof MoveKind.Commit | typeof MoveKind.Trade,
) {
  if (word === undefined) return bad(text, 'the cards are missing');
  const counts = new Array<number>(TRIBE_COUNT).fill(0);
  if (word !== '-') {
    for (const name of word.split(',')) {
      const t = tribeOf(text, name);
      if (!t.ok) return t;
      if (++counts[t.value] > 6) return bad(text, 'a hand holds at most 6 cards');
    }
  }
  return ok(cardsMove(kind, counts));
}

/** Reads a move's text (syntax and names only; whether it is legal now is the engine's question). */
export function parseMove(map: TribesMap, text: string): Result<MoveCode, MoveError> {
  const words = text.trim().split(/\s+/);
  const arity = (n: number) =>
    words.length === n ? null : bad(text, `"${words[0]}" takes ${n - 1} argument(s)`);
  switch (words[0].toLowerCase()) {
    case 'play': {
      const a = arity(3);
      if (a) return a;
      const t = tribeOf(text, words[1]);
      if (!t.ok) return t;
      const p = provinceOf(map, text, words[2]);
      return p.ok ? ok(playMove(t.value, p.value)) : p;
    }
    case 'influence':
      return arity(1) ?? ok(INFLUENCE_MOVE);
    case 'second': {
      const a = arity(2);
      if (a) return a;
      const p = provinceOf(map, text, words[1]);
      return p.ok ? ok(secondMove(p.value)) : p;
    }
    case 'commit':
      return arity(2) ?? cardsOf(text, words[1], MoveKind.Commit);
    case 'discard': {
      const a = arity(2);
      if (a) return a;
      const t = tribeOf(text, words[1]);
      return t.ok ? ok(discardMove(t.value)) : t;
    }
    case 'tile': {
      const which = words[1]?.toLowerCase();
      if (which === 'double') return arity(2) ?? ok(DOUBLE_MOVE);
      if (which === 'trade') {
        const a = arity(3);
        if (a) return a;
        if (words[2] === '-') return bad(text, 'Trade needs at least one card');
        return cardsOf(text, words[2], MoveKind.Trade);
      }
      if (which === 'influence') {
        const a = arity(3);
        if (a) return a;
        const names = words[2].split('+');
        if (names.length > 2) return bad(text, 'Two Influence moves one track by 2 or two tracks by 1');
        const t1 = tribeOf(text, names[0]);
        if (!t1.ok) return t1;
        const t2 = names.length === 2 ? tribeOf(text, names[1]) : t1;
        if (!t2.ok) return t2;
        if (names.length === 2 && t1.value === t2.value) {
          return bad(text, `for +2 on one track write "tile influence ${TRIBES[t1.value]}"`);
        }
        return ok(twoInfluenceMove(Math.min(t1.value, t2.value), Math.max(t1.value, t2.value)));
      }
      return bad(text, 'the action tiles are "double", "trade" and "influence"');
    }
    default:
      return bad(text, `"${words[0]}" is not a move`);
  }
}
