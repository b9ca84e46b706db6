import { describe, expect, it } from 'vitest';
import { click, highlights, IDLE, movableKnights } from './selection.js';

const legal = ['a1-b3,c1', 'a1-b3,e4', 'a1-c2,b3', 'd4-e2,a1'];

describe('entering a turn in clicks', () => {
  it('offers the knights that can move, then their landing squares, then the squares to scorch', () => {
    expect([...highlights(legal, IDLE).targets].sort()).toEqual(['a1', 'd4']);
    const s1 = click(legal, IDLE, 'a1');
    expect(s1).toEqual({ kind: 'select', selection: { stage: 'from', from: 'a1' } });
    if (s1.kind !== 'select') throw new Error();
    expect([...highlights(legal, s1.selection).targets].sort()).toEqual(['b3', 'c2']);
    const s2 = click(legal, s1.selection, 'b3');
    if (s2.kind !== 'select') throw new Error();
    expect([...highlights(legal, s2.selection).targets].sort()).toEqual(['c1', 'e4']);
    expect(click(legal, s2.selection, 'e4')).toEqual({ kind: 'play', move: 'a1-b3,e4' });
  });
  it('a click elsewhere starts over, a click on another knight picks it', () => {
    const from = { stage: 'from', from: 'a1' } as const;
    expect(click(legal, from, 'e1')).toEqual({ kind: 'select', selection: IDLE });
    expect(click(legal, from, 'd4')).toEqual({ kind: 'select', selection: { stage: 'from', from: 'd4' } });
    expect(click(legal, { stage: 'scorch', from: 'a1', to: 'b3' }, 'b1')).toEqual({
      kind: 'select',
      selection: IDLE,
    });
  });
  it('a click on the selected knight puts it back down: nothing selected, the knights offered again', () => {
    const picked = click(legal, IDLE, 'a1');
    if (picked.kind !== 'select') throw new Error('picking a knight plays nothing');
    const again = click(legal, picked.selection, 'a1');
    expect(again).toEqual({ kind: 'select', selection: IDLE });
    if (again.kind !== 'select') throw new Error();
    expect(highlights(legal, again.selection).selected).toBeNull();
    expect([...highlights(legal, again.selection).targets].sort()).toEqual(['a1', 'd4']);
  });
  it('a placement is one click on an offered square', () => {
    expect(click(['a1', 'c2'], IDLE, 'c2')).toEqual({ kind: 'play', move: 'c2' });
    expect(click(['a1', 'c2'], IDLE, 'b2')).toEqual({ kind: 'select', selection: IDLE });
  });
});

describe('dragging a knight', () => {
  it('starts only on a knight that has a legal move', () => {
    expect([...movableKnights(legal)].sort()).toEqual(['a1', 'd4']);
    expect(movableKnights(['a1', 'c2']).size).toBe(0);
  });
});
