import { describe, expect, it } from 'vitest';
import { columnLabels } from './panels.js';

describe('influence table column labels', () => {
  it('takes the first letters of the first two words, skipping brackets', () => {
    expect(columnLabels(['Aetius', 'Flavius Aetius', 'Zufall (Anfänger)'])).toEqual(['AET', 'FA', 'ZA']);
  });

  it('tells seats apart by their number when two would read alike', () => {
    expect(columnLabels(['Aetius', 'Zufall (Anfänger) 2', 'Zufall (Anfänger) 3'])).toEqual([
      'AET',
      'ZA2',
      'ZA3',
    ]);
  });
});
