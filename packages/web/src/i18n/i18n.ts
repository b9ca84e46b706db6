/**
 * Every string the app shows comes from a locale file through `t`. The language is chosen by the player,
 * remembered in the browser, and defaults to the browser's own language when it is one we speak.
 */
import i18next from 'i18next';
import { useEffect, useState } from 'preact/hooks';
import cs from './locales/cs.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';

export const LANGUAGES = ['en', 'cs', 'es', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LOCALES: Record<Language, Record<string, unknown>> = { en, cs, es, de };

const STORAGE_KEY = 'attila.lang';

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((l) => l === value);
}

function initialLanguage(): Language {
  const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  const browser = globalThis.navigator?.language?.slice(0, 2);
  return isLanguage(browser) ? browser : 'en';
}

export const i18n = i18next.createInstance();
void i18n.init({
  lng: initialLanguage(),
  fallbackLng: 'en',
  resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: LOCALES[l] }])),
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export function setLanguage(lang: Language): void {
  globalThis.localStorage?.setItem(STORAGE_KEY, lang);
  void i18n.changeLanguage(lang);
  if (globalThis.document) document.documentElement.lang = lang;
}

export type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * Texts already looked up, by language, key and (plain) options: i18next's look-up (key path, plural rules,
 * interpolation) costs more than drawing the text, and a screen asks for the same texts at every render
 * (the analysis board's up to 130 move lines as each value comes in). Bounded; emptied when the language
 * changes. Options holding anything but strings, numbers and booleans are looked up each time.
 */
const looked = new Map<string, string>();
const LOOKED_MAX = 5000;
i18n.on('languageChanged', () => looked.clear());

function lookedKey(key: string, options: Record<string, unknown> | undefined): string | null {
  let k = `${i18n.language}\u0000${key}`;
  for (const name in options) {
    const v = options[name];
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return null;
    k += `\u0000${name}\u0000${typeof v}\u0000${String(v)}`;
  }
  return k;
}

export const t: T = (key, options) => {
  const k = lookedKey(key, options);
  if (k === null) return String(i18n.t(key, options ?? {}));
  let text = looked.get(k);
  if (text === undefined) {
    text = String(i18n.t(key, options ?? {}));
    if (looked.size >= LOOKED_MAX) looked.clear();
    looked.set(k, text);
  }
  return text;
};

/** Re-renders the calling component when the language changes; returns the translate function. */
export function useT(): T {
  const [, setLang] = useState(i18n.language);
  useEffect(() => {
    const onChange = (lng: string) => setLang(lng);
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, []);
  return t;
}
