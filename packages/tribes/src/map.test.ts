import { describe, expect, it } from 'vitest';
import defaultMapJson from '../data/default-map.json' with { type: 'json' };
import { DEFAULT_MAP } from './default-map.js';
import { parseMap, provinceIndex } from './map.js';

function edited(
  edit: (m: { provinces: Record<string, unknown>[] } & Record<string, unknown>) => void,
): unknown {
  const copy = JSON.parse(JSON.stringify(defaultMapJson));
  edit(copy);
  return copy;
}

function province(
  m: { provinces: Record<string, unknown>[] },
  id: string,
): Record<string, unknown> & {
  neighbours: { id: string; kind: string }[];
} {
  return m.provinces.find((p) => p.id === id) as never;
}

function refusal(raw: unknown): string {
  const r = parseMap(raw);
  expect(r.ok).toBe(false);
  return r.ok ? '' : r.error.message;
}

describe('the default map (tribes-map.md)', () => {
  it('says it is a reconstruction', () => {
    expect(DEFAULT_MAP.reconstruction).toBe(true);
    expect(DEFAULT_MAP.json.note).toMatch(/reconstruction/);
  });
  it('has 25 playable provinces plus Sardinia and Corsica, which are closed', () => {
    expect(DEFAULT_MAP.provinces.length).toBe(27);
    expect(DEFAULT_MAP.provinces.filter((p) => p.playable).length).toBe(25);
    for (const id of ['sardinia', 'corsica']) {
      const p = DEFAULT_MAP.provinces[provinceIndex(DEFAULT_MAP, id)];
      expect(p.playable).toBe(false);
      expect(p.neighbours).toEqual([]);
    }
  });
  it('has exactly 6 start provinces on the north-eastern frontier', () => {
    const starts = DEFAULT_MAP.provinces.filter((p) => p.start).map((p) => p.id);
    expect(starts).toEqual(['germania', 'raetia', 'noricum', 'pannonia', 'dacia', 'moesia']);
  });
  it('matches the neighbour table, with sea links as borders', () => {
    const adj = (a: string, b: string) =>
      (DEFAULT_MAP.adjacency[provinceIndex(DEFAULT_MAP, a)] >> provinceIndex(DEFAULT_MAP, b)) & 1;
    expect(adj('britannia', 'belgica')).toBe(1);
    expect(adj('sicilia', 'africa')).toBe(1);
    expect(adj('graecia', 'creta')).toBe(1);
    expect(adj('italia', 'africa')).toBe(0);
    const p = DEFAULT_MAP.provinces[provinceIndex(DEFAULT_MAP, 'baetica')];
    expect(p.neighbours.find((n) => DEFAULT_MAP.provinces[n.index].id === 'mauretania')?.kind).toBe('sea');
  });
  it('has a lon/lat anchor for every province', () => {
    for (const p of DEFAULT_MAP.provinces) {
      expect(p.anchor[0]).toBeGreaterThan(-12);
      expect(p.anchor[0]).toBeLessThan(32);
      expect(p.anchor[1]).toBeGreaterThan(33);
      expect(p.anchor[1]).toBeLessThan(56);
    }
  });
});

describe('map loader refuses a bad map with a clear message', () => {
  it('unknown neighbour', () => {
    const msg = refusal(edited((m) => province(m, 'creta').neighbours.push({ id: 'rhodos', kind: 'sea' })));
    expect(msg).toMatch(/"creta" borders unknown province "rhodos"/);
  });
  it('one-sided border', () => {
    const msg = refusal(edited((m) => province(m, 'creta').neighbours.push({ id: 'asia', kind: 'sea' })));
    expect(msg).toMatch(/one-sided.*"asia" must also list "creta"/);
  });
  it('border of different kinds on its two sides', () => {
    const msg = refusal(edited((m) => (province(m, 'creta').neighbours[0].kind = 'land')));
    expect(msg).toMatch(/graecia <-> creta is "sea" on one side and "land" on the other/);
  });
  it('wrong number of start provinces', () => {
    expect(refusal(edited((m) => (province(m, 'italia').start = true)))).toMatch(
      /exactly 6 start provinces.*has 7/,
    );
    expect(refusal(edited((m) => (province(m, 'dacia').start = false)))).toMatch(/has 5/);
  });
  it('unreachable province', () => {
    const msg = refusal(
      edited((m) => {
        province(m, 'creta').neighbours = [];
        province(m, 'graecia').neighbours = province(m, 'graecia').neighbours.filter((n) => n.id !== 'creta');
      }),
    );
    expect(msg).toMatch(/"creta" cannot be reached from any start province/);
  });
  it('borders on a closed province, duplicate ids, bad shapes', () => {
    expect(
      refusal(
        edited((m) => {
          province(m, 'sardinia').neighbours.push({ id: 'italia', kind: 'sea' });
          province(m, 'italia').neighbours.push({ id: 'sardinia', kind: 'sea' });
        }),
      ),
    ).toMatch(/"sardinia" is not playable/);
    expect(refusal(edited((m) => (province(m, 'corsica').id = 'sardinia')))).toMatch(
      /"sardinia" is used twice/,
    );
    expect(refusal(edited((m) => (m.format = 'x')))).toMatch(/format/);
    expect(refusal(edited((m) => (province(m, 'italia').anchor = [500, 0])))).toMatch(/anchor/);
    expect(refusal(42)).toMatch(/JSON object/);
  });
});
