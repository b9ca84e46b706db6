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
import { TRIBE_COUNT, TRIBES, tribeIndex, type TribeName } from './tribes.js';

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

/**
 * A move as a typed value, for screens that build one from clicks and show the choices: the same moves as
 * the codes and the text, in a self-describing form. Provinces are map ids, not checked against a map here.
 */
export type TribesMove =
  | { readonly kind: 'play'; readonly tribe: TribeName; readonly province: string }
  | { readonly kind: 'influence' }
  | { readonly kind: 'second'; readonly province: string }
  | { readonly kind: 'commit'; readonly cards: readonly TribeName[] }
  | { readonly kind: 'discard'; readonly tribe: TribeName }
  | { readonly kind: 'double' }
  | { readonly kind: 'trade'; readonly cards: readonly TribeName[] }
  /** One track: +2; two tracks: +1 each. */
  | { readonly kind: 'twoInfluence'; readonly tracks: readonly TribeName[] };

function bad(text: string, why: string): Result<never, MoveError> {
  return err('move.syntax', `cannot read the move "${text}": ${why}; ${NOTATION_HELP}`);
}

function tribeOf(text: string, word: string): Result<TribeName, MoveError> {
  const t = tribeIndex(word);
  return t < 0 ? bad(text, `"${word}" is not a tribe (${TRIBES.join(', ')})`) : ok(TRIBES[t]);
}

/** A card list (`Huns,Huns,Goths` or `-`) in tribe order. */
function cardsOf(text: string, word: string | undefined): Result<TribeName[], MoveError> {
  if (word === undefined) return bad(text, 'the cards are missing');
  const counts = new Array<number>(TRIBE_COUNT).fill(0);
  if (word !== '-') {
    for (const name of word.split(',')) {
      const t = tribeOf(text, name);
      if (!t.ok) return t;
      if (++counts[tribeIndex(t.value)] > 6) return bad(text, 'a hand holds at most 6 cards');
    }
  }
  return ok(TRIBES.flatMap((t, i) => Array<TribeName>(counts[i]).fill(t)));
}

/**
 * Reads a move's text into a typed move: the one reader of the notation (syntax and tribe names; provinces
 * are looked up on a map by `parseMove`, legality is the engine's question).
 */
export function readMove(text: string): Result<TribesMove, MoveError> {
  const words = text.trim().split(/\s+/);
  const arity = (n: number) =>
    words.length === n ? null : bad(text, `"${words[0]}" takes ${n - 1} argument(s)`);
  switch (words[0].toLowerCase()) {
    case 'play': {
      const a = arity(3);
      if (a) return a;
      const t = tribeOf(text, words[1]);
      return t.ok ? ok({ kind: 'play', tribe: t.value, province: words[2] }) : t;
    }
    case 'influence':
      return arity(1) ?? ok({ kind: 'influence' });
    case 'second':
      return arity(2) ?? ok({ kind: 'second', province: words[1] });
    case 'commit': {
      const a = arity(2);
      if (a) return a;
      const cards = cardsOf(text, words[1]);
      return cards.ok ? ok({ kind: 'commit', cards: cards.value }) : cards;
    }
    case 'discard': {
      const a = arity(2);
      if (a) return a;
      const t = tribeOf(text, words[1]);
      return t.ok ? ok({ kind: 'discard', tribe: t.value }) : t;
    }
    case 'tile': {
      const which = words[1]?.toLowerCase();
      if (which === 'double') return arity(2) ?? ok({ kind: 'double' });
      if (which === 'trade') {
        const a = arity(3);
        if (a) return a;
        if (words[2] === '-') return bad(text, 'Trade needs at least one card');
        const cards = cardsOf(text, words[2]);
        return cards.ok ? ok({ kind: 'trade', cards: cards.value }) : cards;
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
          return bad(text, `for +2 on one track write "tile influence ${t1.value}"`);
        }
        const tracks = [t1.value, t2.value].sort((x, y) => tribeIndex(x) - tribeIndex(y));
        return ok({ kind: 'twoInfluence', tracks: names.length === 2 ? tracks : [t1.value] });
      }
      return bad(text, 'the action tiles are "double", "trade" and "influence"');
    }
    default:
      return bad(text, `"${words[0]}" is not a move`);
  }
}

/** The canonical text of a typed move (not checked for legality). */
export function moveText(move: TribesMove): string {
  const cards = (list: readonly TribeName[]) =>
    list.length ? [...list].sort((a, b) => tribeIndex(a) - tribeIndex(b)).join(',') : '-';
  switch (move.kind) {
    case 'play':
      return `play ${move.tribe} ${move.province}`;
    case 'influence':
      return 'influence';
    case 'second':
      return `second ${move.province}`;
    case 'commit':
      return `commit ${cards(move.cards)}`;
    case 'discard':
      return `discard ${move.tribe}`;
    case 'double':
      return 'tile double';
    case 'trade':
      return `tile trade ${cards(move.cards)}`;
    case 'twoInfluence':
      return `tile influence ${move.tracks.join('+')}`;
  }
}

function provinceOf(map: TribesMap, text: string, word: string): Result<number, MoveError> {
  const p = provinceIndex(map, word);
  if (p < 0) {
    const ids = map.provinces.filter((q) => q.playable).map((q) => q.id);
    return bad(text, `"${word}" is not a province of this map (${ids.join(', ')})`);
  }
  return ok(p);
}

function countsOf(cards: readonly TribeName[]): number[] {
  const counts = new Array<number>(TRIBE_COUNT).fill(0);
  for (const c of cards) counts[tribeIndex(c)]++;
  return counts;
}

/** Reads a move's text on `map` into its code (syntax and names only; whether it is legal now is the engine's question). */
export function parseMove(map: TribesMap, text: string): Result<MoveCode, MoveError> {
  const read = readMove(text);
  if (!read.ok) return read;
  const m = read.value;
  switch (m.kind) {
    case 'play': {
      const p = provinceOf(map, text, m.province);
      return p.ok ? ok(playMove(tribeIndex(m.tribe), p.value)) : p;
    }
    case 'influence':
      return ok(INFLUENCE_MOVE);
    case 'second': {
      const p = provinceOf(map, text, m.province);
      return p.ok ? ok(secondMove(p.value)) : p;
    }
    case 'commit':
      return ok(cardsMove(MoveKind.Commit, countsOf(m.cards)));
    case 'discard':
      return ok(discardMove(tribeIndex(m.tribe)));
    case 'double':
      return ok(DOUBLE_MOVE);
    case 'trade':
      return ok(cardsMove(MoveKind.Trade, countsOf(m.cards)));
    case 'twoInfluence': {
      const [a, b = a] = m.tracks.map(tribeIndex);
      return ok(twoInfluenceMove(a, b));
    }
  }
}
