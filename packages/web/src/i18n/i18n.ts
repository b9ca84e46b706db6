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
export const t: T = (key, options) => String(i18n.t(key, options ?? {}));

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
