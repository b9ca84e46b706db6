/**
 * Moves as typed objects, for screens that build a move from clicks (a card, then a province) and show
 * choices: the same moves as the codes and the notation, in a third, self-describing form.
 */
import type { Result } from '@attila/core';
import type { TribesMap } from './map.js';
import {
  MoveKind,
  moveCount,
  moveKind,
  moveProvince,
  moveSecondTribe,
  moveTribe,
  type MoveCode,
} from './moves.js';
import { parseMove } from './notation.js';
import { TRIBE_COUNT, TRIBES, type TribeName } from './tribes.js';

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

function cardsOf(move: MoveCode): TribeName[] {
  const cards: TribeName[] = [];
  for (let t = 0; t < TRIBE_COUNT; t++) for (let k = 0; k < moveCount(move, t); k++) cards.push(TRIBES[t]);
  return cards;
}

export function moveToObject(map: TribesMap, move: MoveCode): TribesMove {
  switch (moveKind(move)) {
    case MoveKind.Play:
      return { kind: 'play', tribe: TRIBES[moveTribe(move)], province: map.provinces[moveProvince(move)].id };
    case MoveKind.Influence:
      return { kind: 'influence' };
    case MoveKind.Second:
      return { kind: 'second', province: map.provinces[moveProvince(move)].id };
    case MoveKind.Commit:
      return { kind: 'commit', cards: cardsOf(move) };
    case MoveKind.Discard:
      return { kind: 'discard', tribe: TRIBES[moveTribe(move)] };
    case MoveKind.Double:
      return { kind: 'double' };
    case MoveKind.Trade:
      return { kind: 'trade', cards: cardsOf(move) };
    case MoveKind.TwoInfluence: {
      const a = TRIBES[moveTribe(move)];
      const b = TRIBES[moveSecondTribe(move)];
      return { kind: 'twoInfluence', tracks: a === b ? [a] : [a, b] };
    }
  }
}

/** The notation of a typed move (not checked for legality). */
export function moveObjectToText(move: TribesMove): string {
  switch (move.kind) {
    case 'play':
      return `play ${move.tribe} ${move.province}`;
    case 'influence':
      return 'influence';
    case 'second':
      return `second ${move.province}`;
    case 'commit':
      return `commit ${move.cards.length ? move.cards.join(',') : '-'}`;
    case 'discard':
      return `discard ${move.tribe}`;
    case 'double':
      return 'tile double';
    case 'trade':
      return `tile trade ${move.cards.length ? move.cards.join(',') : '-'}`;
    case 'twoInfluence':
      return `tile influence ${move.tracks.join('+')}`;
  }
}

/** A typed move from untrusted input, as a move code (syntax and names checked, not legality). */
export function moveFromObject(map: TribesMap, move: TribesMove): Result<MoveCode> {
  return parseMove(map, moveObjectToText(move));
}
