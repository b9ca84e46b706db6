import { describe, expect, it } from 'vitest';
import { newRecord, parseRecord, RECORD_VERSION, serializeRecord } from './record.js';

const sample = newRecord({
  game: 'knights',
  id: 'g1',
  rulesVersion: '1',
  settings: { layout: 'standard' },
  seed: 'abc',
  players: [
    { name: 'Ann', kind: 'human' },
    { name: 'Perfect', kind: 'bot', bot: 'perfect' },
  ],
  moves: ['c2', 'd3'],
  result: null,
});

describe('game record', () => {
  it('round-trips through its text', () => {
    const r = parseRecord(serializeRecord(sample));
    expect(r).toEqual({ ok: true, value: sample });
  });
  it('refuses text that is not JSON', () => {
    const r = parseRecord('{not json');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('record.json');
  });
  it('refuses something that is not a record', () => {
    const r = parseRecord('{"hello":1}');
    expect(!r.ok && r.error.code).toBe('record.format');
    expect(!r.ok && r.error.message).toMatch(/attila-record/);
  });
  it('refuses a record from a future version, saying so', () => {
    const r = parseRecord(JSON.stringify({ ...sample, version: RECORD_VERSION + 1 }));
    expect(!r.ok && r.error.code).toBe('record.future-version');
    expect(!r.ok && r.error.message).toMatch(/newer/);
  });
  it('refuses a malformed record, naming the field', () => {
    const r = parseRecord(JSON.stringify({ ...sample, game: 'chess' }));
    expect(!r.ok && r.error.code).toBe('record.invalid');
    expect(!r.ok && r.error.message).toMatch(/game/);
    const r2 = parseRecord(JSON.stringify({ ...sample, moves: [1, 2] }));
    expect(!r2.ok && r2.error.message).toMatch(/moves/);
    const r3 = parseRecord(JSON.stringify({ ...sample, extra: true }));
    expect(r3.ok).toBe(false);
  });
});
