import type { ClockSettings } from '@attila/protocol';
import { describe, expect, it } from 'vitest';
import { estimatedGameMs, speedClassOf, type ClockShape } from './speed.js';

const s = 1000;
const min = 60 * s;

describe('speedClassOf', () => {
  it("the lobby's presets: 30 s a move and 10 min + 5 s are fast, 2 min a move is slow", () => {
    expect(speedClassOf({ mode: 'move', moveMs: 30 * s })).toBe('fast');
    expect(speedClassOf({ mode: 'game', initialMs: 10 * min, incrementMs: 5 * s })).toBe('fast');
    expect(speedClassOf({ mode: 'move', moveMs: 2 * min })).toBe('slow');
  });

  it('no clock is correspondence: nobody is hurried', () => {
    expect(speedClassOf(null)).toBe('correspondence');
  });

  it('the boundaries: under 20 minutes fast, under 8 hours slow, else correspondence', () => {
    expect(speedClassOf({ mode: 'game', initialMs: 20 * min - 1, incrementMs: 0 })).toBe('fast');
    expect(speedClassOf({ mode: 'game', initialMs: 20 * min, incrementMs: 0 })).toBe('slow');
    expect(speedClassOf({ mode: 'game', initialMs: 15 * min, incrementMs: 10 * s })).toBe('slow');
    expect(speedClassOf({ mode: 'game', initialMs: 8 * 60 * min - 1, incrementMs: 0 })).toBe('slow');
    expect(speedClassOf({ mode: 'game', initialMs: 8 * 60 * min, incrementMs: 0 })).toBe('correspondence');
    expect(speedClassOf({ mode: 'move', moveMs: 59 * s })).toBe('fast');
    expect(speedClassOf({ mode: 'move', moveMs: 60 * s })).toBe('slow');
    expect(speedClassOf({ mode: 'move', moveMs: 24 * min })).toBe('correspondence');
    expect(speedClassOf({ mode: 'move', moveMs: 24 * 60 * min })).toBe('correspondence');
  });

  it("estimates 40 moves: a game clock's initial time plus 40 increments, a move clock at half its cap", () => {
    expect(estimatedGameMs({ mode: 'game', initialMs: 3 * min, incrementMs: 2 * s })).toBe(3 * min + 80 * s);
    expect(estimatedGameMs({ mode: 'move', moveMs: 30 * s })).toBe(10 * min);
  });

  it("takes the server's ClockSettings as they are", () => {
    const settings: ClockSettings = { mode: 'game', initialMs: 5 * min, incrementMs: 0 };
    const shape: ClockShape = settings;
    expect(speedClassOf(shape)).toBe('fast');
  });
});
