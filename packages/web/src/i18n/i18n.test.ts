import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18n, LANGUAGES, LOCALES, t } from './i18n.js';

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every leaf of a locale as `path → text` (arrays of sections flatten too). */
function leaves(value: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(path, value);
  else if (Array.isArray(value))
    value.forEach((v, i) => leaves(v, `${path}[${i}]`).forEach((s, k) => out.set(k, s)));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value))
      leaves(v, path ? `${path}.${k}` : k).forEach((s, kk) => out.set(kk, s));
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [p] : [];
  });
}

const SRC = new URL('..', import.meta.url).pathname;

describe('translations', () => {
  const english = leaves(LOCALES.en);
  const bases = (m: Map<string, string>) => new Set([...m.keys()].map((k) => k.replace(PLURAL, '')));

  it('every language has every key of every other language', () => {
    const all = LANGUAGES.map((l) => bases(leaves(LOCALES[l])));
    const union = new Set(all.flatMap((s) => [...s]));
    LANGUAGES.forEach((lang, i) => {
      const missing = [...union].filter((k) => !all[i].has(k));
      expect(missing, `missing in ${lang}`).toEqual([]);
    });
  });

  it("plural keys have every plural form the language's grammar needs", () => {
    for (const lang of LANGUAGES) {
      const keys = leaves(LOCALES[lang]);
      const plurals = new Set(
        [...english.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')),
      );
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      for (const base of plurals) {
        for (const c of categories) expect(keys.has(`${base}_${c}`), `${lang}: ${base}_${c}`).toBe(true);
      }
    }
  });

  it('keeps every placeholder of the English text', () => {
    for (const lang of LANGUAGES) {
      const keys = leaves(LOCALES[lang]);
      for (const [k, text] of english) {
        const other = keys.get(k) ?? keys.get(k.replace(PLURAL, '_other'));
        if (other === undefined) continue;
        const names = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
        expect(
          names(other).filter((n) => n !== 'count'),
          `${lang}: ${k}`,
        ).toEqual(names(text).filter((n) => n !== 'count'));
      }
    }
  });

  it('every key the code asks for exists in English', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(SRC)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) used.add(m[1]);
    }
    const known = bases(english);
    const objects = new Set([...english.keys()].map((k) => k.split('[')[0]));
    expect([...used].filter((k) => !known.has(k) && !objects.has(k))).toEqual([]);
  });

  it('no component shows literal text: every word on screen comes from a locale', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(SRC).filter((f) => f.endsWith('.tsx'))) {
      const text = readFileSync(file, 'utf8');
      // Text between JSX tags that is not an expression.
      for (const m of text.matchAll(/(?<!=)>\s*([^<>{}\n]*[A-Za-zÀ-ž]{2,}[^<>{}\n]*)\s*</g)) {
        if (/=>|&&|\|\||[();?']/.test(m[1])) continue; // TypeScript, not JSX text
        offenders.push(`${file.slice(SRC.length)}: "${m[1].trim()}"`);
      }
      for (const m of text.matchAll(/\b(aria-label|title|placeholder|alt)="([^"]*[A-Za-z]{2,}[^"]*)"/g)) {
        offenders.push(`${file.slice(SRC.length)}: ${m[1]}="${m[2]}"`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('t remembers each text by language, key and options, and follows a language change', async () => {
    expect(t('tribes.laid', { count: 3 })).toBe(i18n.t('tribes.laid', { count: 3 }));
    expect(t('tribes.laid', { count: 3 })).not.toBe(t('tribes.laid', { count: 1 }));
    await i18n.changeLanguage('cs');
    expect(t('tribes.laid', { count: 3 })).toBe('položil 3 karty');
    expect(t('tribes.laid', { count: 5 })).toBe('položil 5 karet');
    expect(t('nav.rules')).toBe(i18n.t('nav.rules'));
    await i18n.changeLanguage('en');
    expect(t('tribes.laid', { count: 3 })).toBe(i18n.t('tribes.laid', { count: 3 }));
  });

  it('switching the language changes the text', async () => {
    await i18n.changeLanguage('de');
    expect(i18n.t('nav.rules')).toBe('Regeln');
    await i18n.changeLanguage('cs');
    expect(i18n.t('tribes.laid', { count: 3 })).toBe('položil 3 karty');
    expect(i18n.t('tribes.laid', { count: 5 })).toBe('položil 5 karet');
    await i18n.changeLanguage('en');
  });
});
