import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP } from './default-map.js';
import { formatMove, parseMove } from './notation.js';
import { MoveKind, moveKind } from './moves.js';

function parsed(text: string): number {
  const r = parseMove(DEFAULT_MAP, text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('move notation', () => {
  it('round-trips every kind of move in canonical form', () => {
    for (const text of [
      'play Franks germania',
      'influence',
      'second raetia',
      'commit Huns,Huns,Goths',
      'commit -',
      'discard Goths',
      'tile double',
      'tile trade Franks,Goths',
      'tile influence Franks',
      'tile influence Franks+Huns',
    ]) {
      expect(formatMove(DEFAULT_MAP, parsed(text))).toBe(text);
    }
  });

  it('reads names case-insensitively and cards in any order', () => {
    expect(formatMove(DEFAULT_MAP, parsed('PLAY franks Germania'))).toBe('play Franks germania');
    expect(formatMove(DEFAULT_MAP, parsed('commit Goths,huns,Huns'))).toBe('commit Huns,Huns,Goths');
    expect(formatMove(DEFAULT_MAP, parsed('tile influence Huns+Franks'))).toBe('tile influence Franks+Huns');
    expect(moveKind(parsed('tile trade Vandals'))).toBe(MoveKind.Trade);
  });

  it('refuses bad moves, saying what is wrong and what is allowed', () => {
    const cases: [string, RegExp][] = [
      ['jump Franks germania', /"jump" is not a move/],
      ['play Romans germania', /"Romans" is not a tribe \(Franks, Huns/],
      ['play Franks atlantis', /"atlantis" is not a province of this map \(britannia/],
      ['play Franks', /takes 2 argument/],
      ['tile fly', /"double", "trade" and "influence"/],
      ['tile influence Franks+Franks', /write "tile influence Franks"/],
      ['tile influence Franks+Huns+Goths', /two tracks by 1/],
      ['commit Huns,Huns,Huns,Huns,Huns,Huns,Huns', /at most 6 cards/],
    ];
    for (const [text, message] of cases) {
      const r = parseMove(DEFAULT_MAP, text);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('move.syntax');
        expect(r.error.message).toMatch(message);
        expect(r.error.message).toMatch(/moves are: "play <tribe> <province>"/);
      }
    }
  });
});
