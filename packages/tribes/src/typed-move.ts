/**
 * Move codes as typed moves and back (the typed form and its reader live with the notation).
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
import { moveText, parseMove, type TribesMove } from './notation.js';
import { TRIBE_COUNT, TRIBES, type TribeName } from './tribes.js';

export type { TribesMove };

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

/** A typed move from untrusted input, as a move code (syntax and names checked, not legality). */
export function moveFromObject(map: TribesMap, move: TribesMove): Result<MoveCode> {
  return parseMove(map, moveText(move));
}

/** The notation of a typed move (the notation module's `moveText`). */
export const moveObjectToText = moveText;
