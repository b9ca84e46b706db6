import { describe, expect, it } from 'vitest';
import { botNameClash, displayNameSchema, joinTableSchema } from './index.js';

const BOTS = ['random', 'easy', 'greedy', 'medium', 'hard', 'perfect'];

describe('display names', () => {
  it('are trimmed and normalised to NFC: a decomposed é becomes one character', () => {
    const r = displayNameSchema.safeParse('  Re\u0301mi ');
    expect(r.success && r.data).toBe('R\u00e9mi');
    expect(joinTableSchema.parse({ name: 'Ae\u0308tius' }).name).toBe('A\u00ebtius');
  });

  it.each([
    ['a bidi override U+202E', 'Ann\u202Eevil', 'U+202E'],
    ['a right-to-left isolate U+2067', '\u2067Ann', 'U+2067'],
    ['a zero-width space U+200B', 'An\u200Bn', 'U+200B'],
    ['a zero-width joiner U+200D', 'An\u200Dn', 'U+200D'],
    ['a byte-order mark U+FEFF', 'An\uFEFFn', 'U+FEFF'],
    ['a C1 control U+0085', 'Ann\u0085', 'U+0085'],
    ['a C0 control U+0007', 'Ann\u0007', 'U+0007'],
    ['DEL', 'Ann\u007F', 'U+007F'],
    ['a line separator U+2028', 'Ann\u2028Bob', 'U+2028'],
    ['a private-use character', 'Ann\uE000', 'U+E000'],
  ])('refuse %s', (_what, name, code) => {
    const r = displayNameSchema.safeParse(name);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toContain(code);
  });

  it('accept letters of any script, spaces inside and emoji without joiners', () => {
    for (const name of ['Attila', 'Ætius the Great', 'Аттила', 'アッティラ', 'عطيل', 'Ann 🎲']) {
      expect(displayNameSchema.safeParse(name).success).toBe(true);
    }
  });

  it('refuse whitespace only and more than 32 characters', () => {
    expect(displayNameSchema.safeParse(' \t ').success).toBe(false);
    expect(displayNameSchema.safeParse('x'.repeat(33)).success).toBe(false);
  });
});

describe('a person’s name may not pass for a bot', () => {
  it.each([
    'perfect',
    'Perfect',
    'PERFECT',
    ' Easy ',
    'Perfect Bot',
    'perfect-bot',
    'bot_hard',
    'The Greedy Bot',
    'ＥＡＳＹ',
    'bot',
    'Bots',
  ])('%s is refused', (name) => expect(botNameClash(name, BOTS)).not.toBeNull());

  it.each(['Ann', 'Abbot', 'Hardy', 'Perfectionist', 'Robot Rita', 'Easy Rider'])('%s is allowed', (name) =>
    expect(botNameClash(name, BOTS)).toBeNull(),
  );

  it('says which bot the name passes for', () => {
    expect(botNameClash('Medium Bot', BOTS)).toBe('medium');
  });
});
